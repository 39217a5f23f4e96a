import type { Metadata } from "next";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { RelativeTime } from "@/components/console/time-stamp";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { DatabaseIcon } from "@/components/ui/icons";
import { Pagination } from "@/components/ui/pagination";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { loadIntegrationLock } from "@/lib/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { pageInfo, pageRequest, parsePageParam } from "@/lib/console/pagination";
import { getDb } from "@/lib/db/client";
import type { RunStatus } from "@/lib/generated/prisma/enums";

// Read-only list of the organization's data sources with their latest run. Creating,
// mapping and running sources come with the import library (a later phase adds the forms).

export const metadata: Metadata = { title: "Data sources" };

const TARGET = { attendees: "Attendees", sessions: "Sessions" } as const;
const SCHEDULE = { manual: "On demand", hourly: "Hourly", daily: "Daily" } as const;
const RUN: Record<RunStatus, { label: string; tone: BadgeTone }> = {
  running: { label: "Running", tone: "blue" },
  succeeded: { label: "Succeeded", tone: "green" },
  partial: { label: "Partial", tone: "amber" },
  failed: { label: "Failed", tone: "red" },
  skipped: { label: "Skipped", tone: "neutral" },
};

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DataSourcesPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  await requireMember(orgId);
  const db = getDb();
  const [lock, total] = await Promise.all([loadIntegrationLock(orgId), db.dataSource.count({ where: { orgId } })]);
  const { page, skip, take } = pageRequest(parsePageParam((await searchParams).page), total);
  const sources = await db.dataSource.findMany({
    where: { orgId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    select: {
      id: true,
      name: true,
      target: true,
      schedule: true,
      event: { select: { name: true } },
      runs: { orderBy: { startedAt: "desc" }, take: 1, select: { status: true, startedAt: true, skipReason: true } },
    },
  });
  const now = new Date();

  return (
    <>
      <PageHeader
        title="Data sources"
        description="Point the service at your own JSON API and map its fields onto attendees or sessions of an event. Pulls run on demand, hourly or daily; they create and update, never delete."
      />
      <LockBanner reason={lock} orgId={orgId} />
      <Panel title="Sources" id="sources">
        {total === 0 ? (
          <EmptyState icon={<DatabaseIcon className="size-5" />} title="No data sources yet">
            A data source imports attendees or sessions from a system you already run, such as a registration tool or CRM, up
            to 5,000 records per run.
          </EmptyState>
        ) : (
          <>
            <Table label="Data sources" minWidth="44rem">
              <THead>
                <Th>Name</Th>
                <Th>Imports</Th>
                <Th>Schedule</Th>
                <Th>Last run</Th>
              </THead>
              <TBody>
                {sources.map((source) => {
                  const run = source.runs[0];
                  return (
                    <Tr key={source.id} data-testid="data-source-row">
                      <Td className="max-sm:pb-2">
                        <div className="font-medium text-zinc-900 dark:text-zinc-100">{source.name}</div>
                        <div className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{source.event.name}</div>
                      </Td>
                      <Td label="Imports">{TARGET[source.target]}</Td>
                      <Td label="Schedule">{SCHEDULE[source.schedule]}</Td>
                      <Td label="Last run" className="whitespace-nowrap">
                        {run ? (
                          <span className="flex items-center gap-2">
                            <Badge tone={RUN[run.status].tone}>{RUN[run.status].label}</Badge>
                            <RelativeTime date={run.startedAt} now={now} />
                          </span>
                        ) : (
                          <span className="text-zinc-500 dark:text-zinc-400">Not run yet</span>
                        )}
                      </Td>
                    </Tr>
                  );
                })}
              </TBody>
            </Table>
            <Pagination info={pageInfo(page, total, sources.length)} basePath={`/console/${orgId}/data-sources`} label="Data source pages" />
          </>
        )}
      </Panel>
    </>
  );
}
