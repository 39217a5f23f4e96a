import Link from "next/link";
import type { FormAction } from "@/components/forms/use-form-action";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { WebhookIcon } from "@/components/ui/icons";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { readableAttemptError, type DeliveryResult } from "@/lib/console/delivery-result";
import { formatDateTime } from "@/lib/console/format-time";
import { DELIVERY_STATES, deliveryFilterQuery, type DeliveryFilters } from "@/lib/console/list-deliveries";
import type { PageInfo } from "@/lib/console/pagination";
import type { DeliveryLogEntry } from "@/lib/domain/webhooks/delivery-log";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";
import { RelativeTime } from "../time-stamp";
import { AttemptDetail } from "./attempt-detail";
import { ResendButton } from "./resend-button";

const STATE: Record<DeliveryLogEntry["state"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "blue" },
  succeeded: { label: "Succeeded", tone: "green" },
  exhausted: { label: "Exhausted", tone: "red" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  filtered: { label: "Filtered out", tone: "neutral" },
  shape_failed: { label: "Not sent", tone: "red" },
};

const STATE_HELP: Record<DeliveryLogEntry["state"], string> = {
  pending: "waiting for its first attempt or a retry",
  succeeded: "the receiver answered 2xx",
  exhausted: "every attempt failed",
  cancelled: "the endpoint was disabled",
  filtered: "the endpoint's filter left the event out; nothing was sent",
  shape_failed: "the endpoint's filter or transform failed; nothing was sent",
};

function stateOf(entry: DeliveryLogEntry) {
  if (entry.state === "pending" && entry.attemptCount > 0) return { label: "Retrying", tone: "amber" as const };
  // A test is attempted once: it failed, there was nothing to exhaust.
  if (entry.test && entry.state === "exhausted") return { label: "Failed", tone: "red" as const };
  return STATE[entry.state];
}

/** The state and type filters: a plain GET form, so the filtered log is a link that can be shared. */
function Filters({ basePath, filters }: { basePath: string; filters: DeliveryFilters }) {
  const active = filters.state !== null || filters.type !== null;
  const select = cx(inputClasses, "mt-1.5 border-zinc-300 dark:border-zinc-700");
  return (
    <form method="get" action={basePath} className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-4 sm:flex-row sm:items-end sm:px-6 dark:border-zinc-800" aria-label="Filter deliveries" data-testid="delivery-filters">
      <div className="sm:w-48">
        <label htmlFor="delivery-state" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          State
        </label>
        <select id="delivery-state" name="state" defaultValue={filters.state ?? ""} className={select}>
          <option value="">Any state</option>
          {DELIVERY_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE[state].label} ({STATE_HELP[state]})
            </option>
          ))}
        </select>
      </div>
      <div className="sm:w-64">
        <label htmlFor="delivery-type" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Event type
        </label>
        <select id="delivery-type" name="type" defaultValue={filters.type ?? ""} className={select}>
          <option value="">Any type</option>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2">
        <button type="submit" className={buttonClasses("secondary")}>
          Filter
        </button>
        {active ? (
          <Link href={`${basePath}#deliveries`} className={buttonClasses("ghost")}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}

function Attempts({ entry, timeZone }: { entry: DeliveryLogEntry; timeZone: string }) {
  if (entry.attempts.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">None yet</span>;
  const last = entry.attempts[entry.attempts.length - 1];
  return (
    <details className="group text-left" data-testid="delivery-attempts">
      <summary className="cursor-pointer whitespace-nowrap text-sm text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
        {entry.attempts.length} {entry.attempts.length === 1 ? "attempt" : "attempts"}
        <span className="ml-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          (last: {last.statusCode !== null ? `HTTP ${last.statusCode}` : "no response"})
        </span>
      </summary>
      <ol className="mt-2 space-y-2">
        {entry.attempts.map((attempt) => (
          <li key={attempt.attemptNumber} className="min-w-0 rounded-md border border-zinc-200 p-2.5 text-xs dark:border-zinc-700" data-testid="delivery-attempt">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium text-zinc-900 dark:text-zinc-100">#{attempt.attemptNumber}</span>
              {attempt.recovery ? (
                <span data-testid="recovery-badge">
                  <Badge tone="blue">Recovery</Badge>
                </span>
              ) : null}
              <Badge tone={attempt.succeeded ? "green" : "red"}>{attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : "No response"}</Badge>
              <span className="tabular-nums">{attempt.durationMs} ms</span>
              <time dateTime={attempt.startedAt.toISOString()} className="text-zinc-500 dark:text-zinc-400">
                {formatDateTime(attempt.startedAt, timeZone)}
              </time>
            </div>
            {attempt.error ? (
              <p className="mt-1.5 break-words text-red-700 dark:text-red-400" data-testid="attempt-error">
                {readableAttemptError(attempt.error)}
              </p>
            ) : null}
            <AttemptDetail attempt={attempt} requestBody={entry.requestBody} />
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The endpoint's deliveries of the last 30 days: filters, table, pages. */
export function DeliveryLog({
  orgId,
  endpointId,
  basePath,
  filters,
  rows,
  page,
  resendAction,
  resendDisabledReason,
  timeZone,
}: {
  orgId: string;
  endpointId: string;
  basePath: string;
  filters: DeliveryFilters;
  rows: DeliveryLogEntry[];
  page: PageInfo;
  /** Null for members: no Resend button at all. */
  resendAction: FormAction<DeliveryResult> | null;
  resendDisabledReason: string | null;
  timeZone: string;
}) {
  const filtered = filters.state !== null || filters.type !== null;
  const now = new Date();
  return (
    <>
      <Filters basePath={basePath} filters={filters} />
      {resendDisabledReason ? (
        <p id="resend-disabled-reason" className="sr-only">
          {resendDisabledReason}
        </p>
      ) : null}
      {page.total === 0 ? (
        <div>
          <EmptyState icon={<WebhookIcon className="size-5" />} title={filtered ? "No deliveries match these filters" : "No deliveries in the last 30 days"}>
            {filtered
              ? "Clear the filters to see every delivery of the last 30 days."
              : resendAction
                ? "Send a test ping above to check the receiver. Events of the subscribed types appear here as they are delivered."
                : "Events of the subscribed types appear here as they are delivered."}
          </EmptyState>
        </div>
      ) : (
        <>
          <Table label="Deliveries" minWidth="40rem">
            <THead>
              <Th>Event</Th>
              <Th>State</Th>
              <Th>Created</Th>
              {resendAction ? (
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              ) : null}
            </THead>
            {/* One row group per delivery: its row, then its attempts across the full width
                (request and response need the room; a column would wrap headers every few characters). */}
              {rows.map((entry) => {
                const state = stateOf(entry);
                return (
                  <TBody key={entry.id} data-testid="delivery-row" data-delivery-id={entry.id} data-state={entry.state} data-test-event={entry.test ? "true" : undefined}>
                  <Tr className="max-sm:border-b-0 max-sm:pb-1">
                    <Td className="border-b-0 max-sm:pb-2">
                      <div className="flex items-center gap-2 font-mono text-sm font-medium text-zinc-900 dark:text-zinc-100">
                        {entry.eventType}
                        {entry.test ? (
                          <span title="Sent from the console as a test: attempted once, not counted toward automatic disabling" data-testid="test-badge">
                            <Badge tone="blue">Test</Badge>
                          </span>
                        ) : null}
                      </div>
                      <div className="mt-0.5 font-mono text-xs break-all text-zinc-500 sm:break-normal sm:whitespace-nowrap dark:text-zinc-400" title="Event id: the same on every attempt and every endpoint">
                        {entry.eventId}
                      </div>
                    </Td>
                    <Td label="State" className="border-b-0">
                      <span className="inline-flex flex-col items-start gap-0.5 max-sm:items-end">
                        <Badge tone={state.tone}>{state.label}</Badge>
                        {entry.state === "filtered" ? (
                          <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="filtered-note">
                            not sent: the filter was not true
                          </span>
                        ) : null}
                        {entry.state === "shape_failed" && entry.shapeError ? (
                          <span className="max-w-xs text-xs break-words text-red-700 dark:text-red-300" data-testid="shape-error">
                            {entry.shapeError}
                          </span>
                        ) : null}
                        {entry.state === "pending" && entry.nextAttemptAt ? (
                          <span className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400" data-testid="next-attempt">
                            next attempt <RelativeTime date={entry.nextAttemptAt} now={now} />
                          </span>
                        ) : null}
                      </span>
                    </Td>
                    <Td label="Created" className="border-b-0 whitespace-nowrap">
                      <RelativeTime date={entry.createdAt} now={now} />
                    </Td>
                    {resendAction ? (
                      <Td className="border-b-0 text-right max-sm:pt-2">
                        <ResendButton
                          orgId={orgId}
                          endpointId={endpointId}
                          deliveryId={entry.id}
                          eventType={entry.eventType}
                          action={resendAction}
                          disabledReason={resendDisabledReason}
                          describedById="resend-disabled-reason"
                        />
                      </Td>
                    ) : null}
                  </Tr>
                  <Tr>
                    <Td colSpan={resendAction ? 4 : 3} className="pt-0">
                      <Attempts entry={entry} timeZone={timeZone} />
                    </Td>
                  </Tr>
                  </TBody>
                );
              })}
          </Table>
          <Pagination
            info={page}
            basePath={basePath}
            label="Delivery log pages"
            noun={["delivery", "deliveries"]}
            pageHref={(pageNumber) => `${basePath}${deliveryFilterQuery(filters, pageNumber)}#deliveries`}
          />
        </>
      )}
    </>
  );
}
