import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { toRunView, type DataSourceRunView } from "@/lib/domain/imports/data-sources";
import { pageInfo, pageRequest, type PageInfo } from "./pagination";

// Console tables of data sources and their runs, a page at a time (the import library
// lists without paging, for the CLI). Header values are never selected.

export type DataSourceRow = {
  id: string;
  name: string;
  target: "attendees" | "sessions";
  schedule: "manual" | "hourly" | "daily";
  event: { id: string; name: string };
  nextRunAt: Date | null;
  running: boolean;
  lastRun: DataSourceRunView | null;
};

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** One page of the organization's sources, newest first, each with its latest run. */
export async function listDataSourcesPage(orgId: string, requestedPage: number, now: Date = new Date()): Promise<{ rows: DataSourceRow[]; page: PageInfo }> {
  const db = getDb();
  const total = await db.dataSource.count({ where: { orgId } });
  const { page, skip, take } = pageRequest(requestedPage, total);
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
      nextRunAt: true,
      runLeaseUntil: true,
      event: { select: { id: true, name: true } },
      runs: { orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 1 },
    },
  });
  const rows = sources.map((source) => ({
    id: source.id,
    name: source.name,
    target: source.target,
    schedule: source.schedule,
    event: source.event,
    nextRunAt: source.schedule === "manual" ? null : source.nextRunAt,
    running: source.runLeaseUntil !== null && source.runLeaseUntil > now,
    lastRun: source.runs[0] ? toRunView(source.runs[0]) : null,
  }));
  return { rows, page: pageInfo(page, total, rows.length) };
}

/** One page of a source's runs, newest first. 404 for another organization's source. */
export async function listImportRunsPage(orgId: string, dataSourceId: string, requestedPage: number): Promise<{ rows: DataSourceRunView[]; page: PageInfo }> {
  const source = isUuid(orgId) && isUuid(dataSourceId)
    ? await getDb().dataSource.findFirst({ where: { id: dataSourceId, orgId }, select: { id: true } })
    : null;
  if (!source) throw new AppError("NOT_FOUND", "No such data source.");
  const db = getDb();
  const total = await db.dataSourceRun.count({ where: { dataSourceId } });
  const { page, skip, take } = pageRequest(requestedPage, total);
  const runs = await db.dataSourceRun.findMany({
    where: { dataSourceId },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    skip,
    take,
  });
  return { rows: runs.map(toRunView), page: pageInfo(page, total, runs.length) };
}

export type EventOption = { id: string; name: string; status: "draft" | "published" | "archived"; timezone: string };

/** The organization's events for the data-source form's event select, newest first. */
export async function listEventOptions(orgId: string): Promise<EventOption[]> {
  return getDb().event.findMany({
    where: { orgId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, status: true, timezone: true },
    take: 500,
  });
}

/** The event a source imports into (name for headings), within the organization. */
export async function getEventOption(orgId: string, eventId: string): Promise<EventOption | null> {
  if (!isUuid(orgId) || !isUuid(eventId)) return null;
  return getDb().event.findFirst({ where: { id: eventId, orgId }, select: { id: true, name: true, status: true, timezone: true } });
}
