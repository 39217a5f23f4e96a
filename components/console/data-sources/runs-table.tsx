import { EmptyState } from "@/components/ui/empty-state";
import { DatabaseIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { formatDateTime } from "@/lib/console/format-time";
import type { PageInfo } from "@/lib/console/pagination";
import type { DataSourceRunView } from "@/lib/domain/imports/data-sources";
import type { ImportTarget } from "@/lib/domain/imports/mapping";
import { RunProblems, RunStatusBadge } from "./run-status";

function seconds(run: DataSourceRunView): string {
  if (!run.finishedAt) return "—";
  const s = Math.max(0, Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** Every run of a source, newest first: counts, status, why it stopped, its record errors. */
export function RunsTable({ basePath, rows, page, target, timeZone }: { basePath: string; rows: DataSourceRunView[]; page: PageInfo; target: ImportTarget; timeZone: string }) {
  if (page.total === 0) {
    return (
      <EmptyState icon={<DatabaseIcon className="size-5" />} title="No runs yet">
        Runs appear here with what they fetched, created, updated and skipped, whether started with Run now or by the schedule.
      </EmptyState>
    );
  }
  return (
    <>
      <Table label="Run history" minWidth="60rem">
        <THead>
          <Th>Started</Th>
          <Th>Status</Th>
          <Th className="text-right">Fetched</Th>
          <Th className="text-right">Created</Th>
          <Th className="text-right">Updated</Th>
          <Th className="text-right">Unchanged</Th>
          <Th className="text-right">Skipped</Th>
          <Th>Details</Th>
        </THead>
        <TBody>
          {rows.map((run) => (
            <Tr key={run.id} data-testid="run-row" data-status={run.status}>
              <Td className="whitespace-nowrap max-sm:pb-2">
                <time dateTime={run.startedAt.toISOString()} className="font-medium text-zinc-900 dark:text-zinc-100">
                  {formatDateTime(run.startedAt, timeZone)}
                </time>
                <div className="text-xs text-zinc-500 dark:text-zinc-400">
                  {run.trigger === "schedule" ? "Scheduled" : "Manual"} · {seconds(run)}
                </div>
              </Td>
              <Td label="Status">
                <RunStatusBadge status={run.status} />
              </Td>
              {(["fetched", "created", "updated", "unchanged", "skipped"] as const).map((key) => (
                <Td key={key} label={key[0].toUpperCase() + key.slice(1)} className="text-right tabular-nums" data-testid={`run-${key}`}>
                  {run.counts[key].toLocaleString("en")}
                </Td>
              ))}
              {/* No label: on phones the details read as a paragraph under the counts. */}
              <Td className="min-w-64 max-w-96 max-sm:max-w-none max-sm:min-w-0 max-sm:pt-2 max-sm:empty:hidden">
                {run.fetchError || run.stoppedEarly || run.recordErrors.length || run.excludedRecords.length || run.status === "skipped" ? (
                  <RunProblems run={run} target={target} />
                ) : (
                  <span className="text-zinc-500 max-sm:hidden dark:text-zinc-400">—</span>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <Pagination info={page} basePath={basePath} label="Run history pages" />
    </>
  );
}
