import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { DatabaseIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { DataSourceRow } from "@/lib/console/list-data-sources";
import type { PageInfo } from "@/lib/console/pagination";
import { RelativeTime } from "../time-stamp";
import { RunStatusBadge } from "./run-status";

const n = (value: number) => value.toLocaleString("en");

export const TARGET_LABEL = { attendees: "Attendees", sessions: "Sessions" } as const;
export const SCHEDULE_LABEL = { manual: "On demand", hourly: "Hourly", daily: "Daily" } as const;

/** The organization's data sources with their latest run and next scheduled run. */
export function SourcesTable({ orgId, rows, page, emptyHint }: { orgId: string; rows: DataSourceRow[]; page: PageInfo; emptyHint: React.ReactNode }) {
  if (page.total === 0) {
    return (
      <EmptyState icon={<DatabaseIcon className="size-5" />} title="No data sources yet">
        {emptyHint}
      </EmptyState>
    );
  }
  const now = new Date();
  return (
    <>
      <Table label="Data sources" minWidth="52rem">
        <THead>
          <Th>Name</Th>
          <Th>Imports</Th>
          <Th>Schedule</Th>
          <Th>Last run</Th>
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </THead>
        <TBody>
          {rows.map((source) => {
            const run = source.lastRun;
            const href = `/console/${orgId}/data-sources/${source.id}`;
            return (
              <Tr key={source.id} data-testid="data-source-row" data-source-id={source.id}>
                <Td className="max-sm:pb-2">
                  <Link href={href} className="font-medium text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
                    {source.name}
                  </Link>
                  <div className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{source.event.name}</div>
                </Td>
                <Td label="Imports">{TARGET_LABEL[source.target]}</Td>
                <Td label="Schedule" className="whitespace-nowrap">
                  <div>{SCHEDULE_LABEL[source.schedule]}</div>
                  {source.nextRunAt ? (
                    <div className="text-xs text-zinc-500 dark:text-zinc-400">
                      next <RelativeTime date={source.nextRunAt} now={now} />
                    </div>
                  ) : null}
                </Td>
                <Td label="Last run">
                  {run ? (
                    <div className="max-sm:text-right">
                      <span className="flex items-center gap-2 whitespace-nowrap max-sm:justify-end">
                        <RunStatusBadge status={source.running ? "running" : run.status} />
                        <RelativeTime date={run.startedAt} now={now} />
                      </span>
                      {run.status !== "skipped" ? (
                        <div className="mt-0.5 text-xs text-zinc-500 tabular-nums dark:text-zinc-400" data-testid="last-run-counts">
                          {n(run.counts.fetched)} fetched · {n(run.counts.created)} created · {n(run.counts.updated)} updated
                          {run.counts.skipped ? ` · ${n(run.counts.skipped)} skipped` : ""}
                        </div>
                      ) : null}
                    </div>
                  ) : (
                    <span className="text-zinc-500 dark:text-zinc-400">Not run yet</span>
                  )}
                </Td>
                <Td className="text-right max-sm:pt-2">
                  <Link href={href} className={buttonClasses("secondary", "sm")}>
                    Open<span className="sr-only"> {source.name}</span>
                  </Link>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
      <Pagination info={page} basePath={`/console/${orgId}/data-sources`} label="Data source pages" />
    </>
  );
}
