import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { WebhookIcon } from "@/components/ui/icons";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { WebhookEndpointView } from "@/lib/domain/webhooks/endpoints";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/domain/webhooks/endpoint-input";
import { DateOnly } from "../time-stamp";
import type { HealthLevel } from "@/lib/domain/webhooks/endpoint-health";
import { HealthBadge } from "./endpoint-health-panel";
import { EndpointStateBadge } from "./endpoint-state";

/** Every endpoint of the organization (at most 20, so one page), oldest first. */
export function EndpointsTable({
  orgId,
  endpoints,
  canCreate,
  health,
}: {
  orgId: string;
  endpoints: WebhookEndpointView[];
  canCreate: boolean;
  /** The last 24 hours' health per endpoint id (endpoint-health.ts). */
  health?: Map<string, HealthLevel>;
}) {
  if (endpoints.length === 0) {
    return (
      <EmptyState icon={<WebhookIcon className="size-5" />} title="No webhook endpoints yet">
        {canCreate
          ? "Add one with Add endpoint (the URL of your receiver and the event types it needs), then send it a test ping from its page."
          : "An endpoint receives a signed POST for each event type it subscribes to. An admin of this organization can add one."}
      </EmptyState>
    );
  }
  return (
    <Table label="Webhook endpoints" minWidth="50rem">
      <THead>
        <Th>Endpoint</Th>
        <Th>State</Th>
        <Th>Health</Th>
        <Th>Event types</Th>
        <Th>Failures</Th>
        <Th>Created</Th>
        <Th className="text-right">
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {endpoints.map((endpoint) => {
          const all = SUBSCRIBABLE_EVENT_TYPES.every((type) => endpoint.eventTypes.includes(type));
          const href = `/console/${orgId}/webhooks/${endpoint.id}`;
          return (
            <Tr key={endpoint.id} data-testid="endpoint-row" data-endpoint-id={endpoint.id}>
              <Td className="max-w-80 max-sm:max-w-none max-sm:pb-2">
                <Link
                  href={href}
                  className="block font-mono text-xs break-all text-zinc-900 underline-offset-2 hover:underline sm:truncate dark:text-zinc-100"
                  title={endpoint.url}
                >
                  {endpoint.url}
                </Link>
                {endpoint.description ? <div className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">{endpoint.description}</div> : null}
              </Td>
              <Td label="State">
                <EndpointStateBadge endpoint={endpoint} withDetail />
              </Td>
              <Td label="Health">{health?.get(endpoint.id) ? <HealthBadge level={health.get(endpoint.id)!} /> : null}</Td>
              <Td label="Event types">
                {all ? (
                  <Badge tone="blue">All event types</Badge>
                ) : (
                  <ul className="flex max-w-64 flex-wrap gap-1 max-sm:justify-end" aria-label="Event types">
                    {endpoint.eventTypes.map((type) => (
                      <li key={type}>
                        <Badge className="font-mono">{type}</Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </Td>
              <Td label="Failures" className="tabular-nums">
                <span
                  className={endpoint.consecutiveFailures > 0 ? "font-medium text-amber-700 dark:text-amber-300" : undefined}
                  title="Failed attempts in a row since the last success"
                >
                  {endpoint.consecutiveFailures}
                </span>
              </Td>
              <Td label="Created" className="whitespace-nowrap">
                <DateOnly date={endpoint.createdAt} />
              </Td>
              <Td className="text-right max-sm:pt-2">
                <Link href={href} className={buttonClasses("secondary", "sm")} data-testid="manage-endpoint">
                  Manage<span className="sr-only"> endpoint {endpoint.url}</span>
                </Link>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
