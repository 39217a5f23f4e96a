import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { DateOnly } from "@/components/console/time-stamp";
import { DeliveryLog } from "@/components/console/webhooks/delivery-log";
import { RecoverDeliveries } from "@/components/console/webhooks/recover-deliveries";
import { EndpointHealthPanel } from "@/components/console/webhooks/endpoint-health-panel";
import { endpointHealth } from "@/lib/domain/webhooks/endpoint-health";
import { DeleteEndpoint, EnableToggle, RollSecret, TestPing } from "@/components/console/webhooks/endpoint-controls";
import { EditEndpointForm } from "@/components/console/webhooks/endpoint-form";
import { EndpointStateBadge } from "@/components/console/webhooks/endpoint-state";
import { Badge } from "@/components/ui/badge";
import { Callout } from "@/components/ui/callout";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { formatDateTime } from "@/lib/console/format-time";
import { requireMember } from "@/lib/console/guard";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";
import { listDeliveriesPage, parseDeliveryFilters } from "@/lib/console/list-deliveries";
import { AppError } from "@/lib/platform/errors/app-error";
import { getWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { countDisabledBacklog } from "@/lib/domain/webhooks/disabled-backlog";
import { AUTO_DISABLE_AFTER_FAILURES, AUTO_DISABLE_AFTER_MS } from "@/lib/domain/webhooks/schedule";
import {
  deleteEndpointAction,
  deliveryStatusAction,
  resendDeliveryAction,
  rollSecretAction,
  sendTestPingAction,
  previewShapeAction,
  setEndpointEnabledAction,
  updateEndpointAction,
} from "../actions";
import { describeEndpointLimits, endpointEventChoices } from "@/lib/console/endpoint-limits";
import { previewRecoveryAction, recoverDeliveriesAction } from "../recovery-actions";

export const metadata: Metadata = { title: "Webhook endpoint" };

type Props = {
  params: Promise<{ orgId: string; endpointId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Another organization's endpoint, an unknown id or a malformed one: the same 404. */
async function loadEndpoint(orgId: string, endpointId: string) {
  try {
    return await getWebhookEndpoint(orgId, endpointId);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="mt-1 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export default async function WebhookEndpointPage({ params, searchParams }: Props) {
  const { orgId, endpointId } = await params;
  const { membership } = await requireMember(orgId);
  const endpoint = await loadEndpoint(orgId, endpointId);
  const filters = parseDeliveryFilters(await searchParams);
  const [lock, deliveries, timeZone, health, events] = await Promise.all([
    loadIntegrationLock(orgId),
    listDeliveriesPage(orgId, endpointId, filters),
    viewerTimeZone(),
    endpointHealth(orgId, endpointId),
    endpointEventChoices(orgId),
  ]);
  const limits = describeEndpointLimits(endpoint, events);

  const isAdmin = membership.role === "admin";
  const lockReason = lock ? `Paused while integrations are locked: ${integrationLockMessage(lock)}` : null;
  const ids = { orgId, endpointId };
  const basePath = `/console/${orgId}/webhooks/${endpointId}`;
  const autoDisabled = !endpoint.enabled && endpoint.disabledReason === "consecutive_failures";
  const autoDisableHours = Math.round(AUTO_DISABLE_AFTER_MS / 3_600_000);
  const backlog = endpoint.enabled || !isAdmin ? 0 : await countDisabledBacklog(orgId, endpointId);

  return (
    <>
      <nav aria-label="Breadcrumb" className="-mb-2 text-sm">
        <Link href={`/console/${orgId}/webhooks`} className="inline-flex items-center gap-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          <ArrowRightIcon className="size-3.5 rotate-180" />
          Webhooks
        </Link>
      </nav>
      <PageHeader
        title="Webhook endpoint"
        description={
          <>
            <span className="block font-mono text-sm break-all text-zinc-900 dark:text-zinc-100" data-testid="endpoint-url">
              {endpoint.url}
            </span>
            {endpoint.description ? <span className="mt-1 block">{endpoint.description}</span> : null}
          </>
        }
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="this endpoint and its deliveries" />}
      {autoDisabled ? (
        <Callout tone="danger" title="Disabled automatically: every delivery failed" data-testid="auto-disabled">
          After {AUTO_DISABLE_AFTER_FAILURES} failed probes in a row, spread over at least {autoDisableHours} hours
          {endpoint.disabledAt ? <>, on {formatDateTime(endpoint.disabledAt, timeZone)},</> : null} the endpoint was disabled and its pending
          deliveries were cancelled. Check the latest attempts in the delivery log below, fix the receiver, then enable the endpoint:
          you can have everything recorded while it was disabled delivered.
        </Callout>
      ) : !endpoint.enabled ? (
        <Callout tone="warning" title="Disabled" data-testid="manually-disabled">
          An admin disabled this endpoint{endpoint.disabledAt ? <> on {formatDateTime(endpoint.disabledAt, timeZone)}</> : null}. It receives
          nothing meanwhile. Enable it to receive new events, and optionally everything recorded while it was disabled.
        </Callout>
      ) : null}

      <Panel
        title="Status"
        id="status"
        description="A test is a ping, or a sample of any type this endpoint subscribes to built from your latest matching record, sent to this endpoint only and signed like a real event. It is attempted once (resend it from the log), marked Test in the log, and never counts toward automatic disabling."
      >
        <PanelBody className="space-y-5">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Fact term="State">
              <span data-testid="endpoint-state">
                <EndpointStateBadge endpoint={endpoint} />
              </span>
            </Fact>
            <Fact term="Failed probes in a row">
              <span className="tabular-nums" data-testid="consecutive-failures">
                {endpoint.consecutiveFailures}
              </span>{" "}
              <span className="text-xs text-zinc-500 dark:text-zinc-400">of {AUTO_DISABLE_AFTER_FAILURES}</span>
            </Fact>
            <Fact term="Event types">{endpoint.eventTypes.length}</Fact>
            <Fact term="Created">
              <DateOnly date={endpoint.createdAt} />
            </Fact>
          </dl>
          <div>
            <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">What it receives</h3>
            <dl className="mt-1 space-y-1 text-sm text-zinc-900 dark:text-zinc-100" data-testid="endpoint-limits">
              {limits.map((limit) => (
                <div key={limit.term} className="flex flex-wrap gap-x-2">
                  <dt className="font-medium">{limit.term}:</dt>
                  <dd className="min-w-0 break-words">{limit.text}</dd>
                </div>
              ))}
            </dl>
          </div>
          {isAdmin ? (
            <div className="flex flex-wrap items-start gap-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
              <EnableToggle ids={ids} enabled={endpoint.enabled} action={setEndpointEnabledAction} disabledReason={null} backlog={backlog} />
              <div className="min-w-0 flex-1">
                <TestPing
                  ids={ids}
                  eventTypes={endpoint.eventTypes}
                  action={sendTestPingAction}
                  statusAction={deliveryStatusAction}
                  disabledReason={lockReason ?? (endpoint.enabled ? null : "Enable the endpoint to send a test ping.")}
                />
              </div>
            </div>
          ) : null}
        </PanelBody>
      </Panel>

      {/* The log comes right after the status: it is what an admin opens this page for, and
          the settings below run long (every event type). */}
      <Panel
        title="Deliveries"
        id="deliveries"
        description="The last 30 days, newest first. A failed delivery is retried 6 times over 24 hours (a test is sent once); Resend sends one again now, with the same event id."
      >
        <DeliveryLog
          orgId={orgId}
          endpointId={endpointId}
          basePath={basePath}
          filters={filters}
          rows={deliveries.rows}
          page={deliveries.page}
          resendAction={isAdmin ? resendDeliveryAction : null}
          resendDisabledReason={lockReason ?? (endpoint.enabled ? null : "Enable the endpoint to resend deliveries.")}
          timeZone={timeZone}
        />
      </Panel>

      {health ? (
        <Panel title="Health" id="health" description="From the delivery log's attempts (times in UTC). Open Show data under a chart for its numbers.">
          <PanelBody>
            <EndpointHealthPanel health={health} />
          </PanelBody>
        </Panel>
      ) : null}

      <Panel title="Settings" id="settings" description={isAdmin ? "Changes apply to events recorded from now on." : undefined}>
        <PanelBody>
          {isAdmin ? (
            <EditEndpointForm
              orgId={orgId}
              endpointId={endpointId}
              defaults={{
                url: endpoint.url,
                description: endpoint.description,
                eventTypes: endpoint.eventTypes,
                eventIds: endpoint.eventIds,
                filter: endpoint.filter ?? "",
                transform: endpoint.transform ?? "",
                format: endpoint.format,
              }}
              action={updateEndpointAction}
              disabledReason={null}
              events={events}
              preview={previewShapeAction}
            />
          ) : (
            <dl className="grid gap-4 sm:grid-cols-2" data-testid="endpoint-settings">
              <Fact term="Description">{endpoint.description || <span className="text-zinc-500 dark:text-zinc-400">None</span>}</Fact>
              <Fact term="Event types">
                <ul className="flex flex-wrap gap-1" aria-label="Event types">
                  {endpoint.eventTypes.map((type) => (
                    <li key={type}>
                      <Badge className="font-mono">{type}</Badge>
                    </li>
                  ))}
                </ul>
              </Fact>
            </dl>
          )}
        </PanelBody>
      </Panel>

      <Panel
        title="Signing secret"
        id="signing-secret"
        description={
          <>
            Receivers verify deliveries with this secret (see{" "}
            <Link href={`/console/${orgId}/webhooks#verify-signatures`} className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
              verifying signatures
            </Link>
            ). It was shown once, when created; only its first characters are kept visible.
          </>
        }
      >
        <PanelBody className="space-y-4">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact term="Current secret">
              <code className="font-mono text-sm" data-testid="secret-prefix">
                {endpoint.secretPrefix}…
              </code>
            </Fact>
            <Fact term="Previous secret">
              {endpoint.previousSecretExpiresAt ? (
                <span data-testid="secret-overlap">Still signs until {formatDateTime(endpoint.previousSecretExpiresAt, timeZone)}</span>
              ) : (
                <span className="text-zinc-500 dark:text-zinc-400">None signing</span>
              )}
            </Fact>
          </dl>
          {isAdmin ? <RollSecret ids={ids} secretPrefix={endpoint.secretPrefix} action={rollSecretAction} disabledReason={null} /> : null}
        </PanelBody>
      </Panel>

      {isAdmin ? (
        <Panel
          title="Recover failed deliveries"
          id="recover"
          description="Gives each delivery of this endpoint that failed (exhausted, cancelled by a disable, or waiting for a retry) and was created in the window one new attempt now, with the same event id. Deliveries that succeeded and console tests are left alone. You see the count before confirming."
        >
          <PanelBody>
            <RecoverDeliveries
              ids={ids}
              preview={previewRecoveryAction}
              recover={recoverDeliveriesAction}
              disabledReason={lockReason ?? (endpoint.enabled ? null : "Enable the endpoint to recover its deliveries.")}
            />
          </PanelBody>
        </Panel>
      ) : null}

      {isAdmin ? (
        <Panel title="Delete endpoint" id="delete" description="Removes the endpoint and its delivery log. Nothing more is sent to it.">
          <PanelBody>
            <DeleteEndpoint ids={ids} url={endpoint.url} action={deleteEndpointAction} disabledReason={null} />
          </PanelBody>
        </Panel>
      ) : null}
    </>
  );
}
