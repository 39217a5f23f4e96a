import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { DataSourceRunView } from "@/lib/domain/imports/data-sources";
import type { ImportTarget } from "@/lib/domain/imports/mapping";
import { SkippedRecordText } from "./skipped-record-text";

// How a run's outcome reads in the console. No hooks: used by server tables and by the
// live progress component alike.

export const RUN_STATUS: Record<DataSourceRunView["status"], { label: string; tone: BadgeTone }> = {
  running: { label: "Running", tone: "blue" },
  succeeded: { label: "Succeeded", tone: "green" },
  partial: { label: "Partial", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
  skipped: { label: "Skipped", tone: "neutral" },
};

export const STOPPED_EARLY: Record<NonNullable<DataSourceRunView["stoppedEarly"]>, string> = {
  record_limit: "Stopped at the 5,000-record limit of a run; the next run starts from the beginning again.",
  time_limit: "Stopped at the 60-second limit of a run; the next run starts from the beginning again.",
  rate_limited: "Stopped early: the source asked to wait (HTTP 429 or 503 with Retry-After) longer than the run had left; the next run starts again.",
};

const SKIP_REASONS: Record<string, string> = {
  run_in_progress: "another run of this source was still going",
  payment_required: "integrations need a paid plan",
  billing_suspended: "the billing account is suspended",
  billing_closed: "the billing account is closed",
  org_suspended: "the organization is suspended",
  integrations_disabled: "integrations were switched off for everyone",
};

export function skipReasonText(reason: string | null): string {
  if (!reason) return "The scheduled run did not start.";
  // Reasons are codes; a code this list does not know yet is not worth showing as one.
  return SKIP_REASONS[reason] ? `The scheduled run did not start: ${SKIP_REASONS[reason]}.` : "The scheduled run did not start.";
}

export function RunStatusBadge({ status }: { status: DataSourceRunView["status"] }) {
  return <Badge tone={RUN_STATUS[status].tone}>{RUN_STATUS[status].label}</Badge>;
}

export const COUNT_LABELS = [
  ["fetched", "Fetched"],
  ["created", "Created"],
  ["updated", "Updated"],
  ["unchanged", "Unchanged"],
  ["skipped", "Skipped"],
  ["excluded", "Left out"],
] as const;

/** The six counts of a run as a compact definition list. */
export function RunCounts({ counts, className }: { counts: DataSourceRunView["counts"]; className?: string }) {
  return (
    <dl className={`grid grid-cols-3 gap-x-2 gap-y-3 sm:grid-cols-6 ${className ?? ""}`} data-testid="run-counts">
      {COUNT_LABELS.map(([key, label]) => (
        <div key={key} className="min-w-0">
          <dt className="truncate text-[11px] font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</dt>
          <dd
            className={`text-sm font-semibold tabular-nums ${key === "skipped" && counts.skipped > 0 ? "text-amber-700 dark:text-amber-300" : "text-zinc-900 dark:text-zinc-100"}`}
            data-testid={`count-${key}`}
          >
            {counts[key].toLocaleString("en")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Why a run ended the way it did, and its skipped records (numbered as in the sample) in a disclosure. */
export function RunProblems({ run, target }: { run: DataSourceRunView; target: ImportTarget }) {
  return (
    <div className="space-y-1.5 text-sm">
      {run.fetchError ? (
        <p className="text-red-700 dark:text-red-400" data-testid="run-fetch-error">
          {run.fetchError}
        </p>
      ) : null}
      {run.status === "skipped" ? <p className="text-zinc-600 dark:text-zinc-400">{skipReasonText(run.skipReason)}</p> : null}
      {run.stoppedEarly ? <p className="text-amber-800 dark:text-amber-300">{STOPPED_EARLY[run.stoppedEarly]}</p> : null}
      {run.recordErrors.length > 0 ? (
        <details data-testid="run-record-errors">
          <summary className="cursor-pointer text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
            {run.counts.skipped > run.recordErrors.length
              ? `First ${run.recordErrors.length} of ${run.counts.skipped} skipped records`
              : `${run.recordErrors.length} skipped ${run.recordErrors.length === 1 ? "record" : "records"}`}
          </summary>
          <ul
            className="mt-1.5 max-h-64 space-y-1 overflow-auto rounded-md border border-zinc-200 p-2 text-xs text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:text-zinc-200"
            tabIndex={0}
            aria-label="Skipped records"
          >
            {run.recordErrors.map((error, i) => (
              <li key={`${error.index}-${i}`}>
                <SkippedRecordText skip={error} target={target} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {run.excludedRecords.length > 0 ? (
        <details data-testid="run-excluded-records">
          <summary className="cursor-pointer text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
            {run.counts.excluded > run.excludedRecords.length
              ? `First ${run.excludedRecords.length} of ${run.counts.excluded} records left out by skip rules`
              : `${run.excludedRecords.length} ${run.excludedRecords.length === 1 ? "record" : "records"} left out by skip rules`}
          </summary>
          <ul
            className="mt-1.5 max-h-64 space-y-1 overflow-auto rounded-md border border-zinc-200 p-2 text-xs text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:text-zinc-200"
            tabIndex={0}
            aria-label="Records left out by skip rules"
          >
            {run.excludedRecords.map((record, i) => (
              <li key={`${record.index}-${i}`}>
                <SkippedRecordText skip={record} target={target} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
