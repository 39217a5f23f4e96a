import type { Metadata } from "next";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { DateOnly } from "@/components/console/time-stamp";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { WebhookIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { loadIntegrationLock } from "@/lib/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { getDb } from "@/lib/db/client";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

// Read-only list of the organization's endpoints. Registering, editing and test pings
// come with the webhook library (a later phase adds their forms to this page).

export const metadata: Metadata = { title: "Webhooks" };

const MAX_ENDPOINTS = 20;

function endpointState(endpoint: { enabled: boolean; disabledReason: string | null }) {
  if (endpoint.enabled) return { label: "Enabled", tone: "green" as const };
  if (endpoint.disabledReason === "consecutive_failures") return { label: "Disabled after failures", tone: "red" as const };
  return { label: "Disabled", tone: "neutral" as const };
}

export default async function WebhooksPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  await requireMember(orgId);
  const [lock, endpoints] = await Promise.all([
    loadIntegrationLock(orgId),
    // At most 20 per organization, so one page holds them all.
    getDb().webhookEndpoint.findMany({
      where: { orgId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, url: true, description: true, eventTypes: true, enabled: true, disabledReason: true, createdAt: true },
    }),
  ]);

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Registered HTTPS endpoints receive a small signed JSON body (header <code className="font-mono text-xs">X-Service-Signature</code>) when
            something happens. Up to {MAX_ENDPOINTS} endpoints per organization.
          </>
        }
      />
      <LockBanner reason={lock} orgId={orgId} />
      <Panel title="Endpoints" id="endpoints" description={endpoints.length ? `${endpoints.length} of ${MAX_ENDPOINTS}` : undefined}>
        {endpoints.length === 0 ? (
          <EmptyState icon={<WebhookIcon className="size-5" />} title="No webhook endpoints yet">
            An endpoint receives a signed POST for each event type it subscribes to, such as{" "}
            <code className="font-mono text-xs">attendee.created</code> or <code className="font-mono text-xs">attendee.checked_in</code>. See the{" "}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a route handler, not a page */}
            <a className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400" href="/partner/v1/docs">
              API reference
            </a>{" "}
            for how to verify signatures.
          </EmptyState>
        ) : (
          <Table label="Webhook endpoints" minWidth="44rem">
            <THead>
              <Th>URL</Th>
              <Th>State</Th>
              <Th>Event types</Th>
              <Th>Created</Th>
            </THead>
            <TBody>
              {endpoints.map((endpoint) => {
                const state = endpointState(endpoint);
                const all = WEBHOOK_EVENT_TYPES.every((type) => endpoint.eventTypes.includes(type));
                return (
                  <Tr key={endpoint.id} data-testid="endpoint-row">
                    <Td className="max-w-80 max-sm:max-w-none max-sm:pb-2">
                      <div className="font-mono break-all sm:truncate text-xs text-zinc-900 dark:text-zinc-100" title={endpoint.url}>
                        {endpoint.url}
                      </div>
                      {endpoint.description ? <div className="mt-0.5 truncate text-xs text-zinc-500">{endpoint.description}</div> : null}
                    </Td>
                    <Td label="State">
                      <Badge tone={state.tone}>{state.label}</Badge>
                    </Td>
                    <Td label="Event types">
                      {endpoint.eventTypes.length === 0 ? (
                        <span className="text-zinc-500">None</span>
                      ) : all ? (
                        <Badge tone="blue">All event types</Badge>
                      ) : (
                        <ul className="flex max-w-72 flex-wrap gap-1 max-sm:justify-end" aria-label="Event types">
                          {endpoint.eventTypes.map((type) => (
                            <li key={type}>
                              <Badge className="font-mono">{type}</Badge>
                            </li>
                          ))}
                        </ul>
                      )}
                    </Td>
                    <Td label="Created" className="whitespace-nowrap">
                      <DateOnly date={endpoint.createdAt} />
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </Panel>
    </>
  );
}
