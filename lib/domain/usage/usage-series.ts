import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UsageBucket, UsageSeries } from "./usage-bucket";

// Partner API usage: requests per UTC hour over the last 24 hours, counted from the request
// log (ApiRequest, kept 14 days), and per UTC day over the last 30 days, from the daily
// counts the database keeps beside it (ApiUsageDay), split by outcome, for an organization
// or one of its keys. Every bucket is present, zero when there was no traffic, so charts
// and tables line up. The last bucket is the current, partial hour or day. One statement
// per series: generate_series makes the buckets, and the counts read a range of the
// (orgId, at) or (keyId, at desc, id) index, or of ApiUsageDay's; the organization filter
// is always there, so a key id of another organization counts nothing.

const HOUR_MS = 3600_000;
const DAY_MS = 86_400_000;
const HOURS = 24;
const DAYS = 30;

type Row = { start: Date; ok: number; clientError: number; rateLimited: number; serverError: number };

function toBuckets(rows: Row[]): UsageBucket[] {
  return rows.map((row) => ({
    start: new Date(row.start).toISOString(),
    ok: row.ok,
    clientError: row.clientError,
    rateLimited: row.rateLimited,
    serverError: row.serverError,
  }));
}

async function hourly(orgId: string, keyId: string | null, now: Date): Promise<UsageBucket[]> {
  const last = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const first = new Date(last - (HOURS - 1) * HOUR_MS);
  const end = new Date(last + HOUR_MS);
  const keyFilter = keyId ? Prisma.sql`AND r."keyId" = ${keyId}::uuid` : Prisma.empty;
  const rows = await getDb().$queryRaw<Row[]>`
    WITH buckets AS (
      SELECT generate_series(${first}::timestamptz, ${new Date(last)}::timestamptz, '1 hour'::interval) AS start
    ), counts AS (
      SELECT date_trunc('hour', r."at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start,
             count(*) FILTER (WHERE r.status BETWEEN 200 AND 299)::int AS ok,
             count(*) FILTER (WHERE r.status BETWEEN 400 AND 499 AND r.status <> 429)::int AS "clientError",
             count(*) FILTER (WHERE r.status = 429)::int AS "rateLimited",
             count(*) FILTER (WHERE r.status >= 500)::int AS "serverError"
      FROM "ApiRequest" r
      WHERE r."orgId" = ${orgId}::uuid ${keyFilter} AND r."at" >= ${first}::timestamptz AND r."at" < ${end}::timestamptz
      GROUP BY 1
    )
    SELECT b.start, COALESCE(c.ok, 0) AS ok, COALESCE(c."clientError", 0) AS "clientError",
           COALESCE(c."rateLimited", 0) AS "rateLimited", COALESCE(c."serverError", 0) AS "serverError"
    FROM buckets b LEFT JOIN counts c ON c.start = b.start
    ORDER BY b.start`;
  return toBuckets(rows);
}

async function daily(orgId: string, keyId: string | null, now: Date): Promise<UsageBucket[]> {
  const last = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const first = new Date(last.getTime() - (DAYS - 1) * DAY_MS);
  const keyFilter = keyId ? Prisma.sql`AND u."keyId" = ${keyId}::uuid` : Prisma.empty;
  const rows = await getDb().$queryRaw<Row[]>`
    WITH days AS (
      SELECT generate_series(${first}::timestamptz, ${last}::timestamptz, '1 day'::interval) AS start
    ), counts AS (
      SELECT u.day, sum(u.ok)::int AS ok, sum(u."clientError")::int AS "clientError",
             sum(u."rateLimited")::int AS "rateLimited", sum(u."serverError")::int AS "serverError"
      FROM "ApiUsageDay" u
      WHERE u."orgId" = ${orgId}::uuid ${keyFilter}
        AND u.day BETWEEN (${first}::timestamptz AT TIME ZONE 'UTC')::date AND (${last}::timestamptz AT TIME ZONE 'UTC')::date
      GROUP BY u.day
    )
    SELECT d.start, COALESCE(c.ok, 0) AS ok, COALESCE(c."clientError", 0) AS "clientError",
           COALESCE(c."rateLimited", 0) AS "rateLimited", COALESCE(c."serverError", 0) AS "serverError"
    FROM days d LEFT JOIN counts c ON c.day = (d.start AT TIME ZONE 'UTC')::date
    ORDER BY d.start`;
  return toBuckets(rows);
}

/** The organization's usage, every key together. */
export async function orgUsageSeries(orgId: string, now: Date = new Date()): Promise<UsageSeries> {
  const [hours, days] = await Promise.all([hourly(orgId, null, now), daily(orgId, null, now)]);
  return { hourly: hours, daily: days };
}

/**
 * One key's usage. The caller has resolved the key within `orgId` (a key page answers 404
 * otherwise); a key of another organization would only ever show zeros.
 */
export async function keyUsageSeries(orgId: string, keyId: string, now: Date = new Date()): Promise<UsageSeries> {
  const [hours, days] = await Promise.all([hourly(orgId, keyId, now), daily(orgId, keyId, now)]);
  return { hourly: hours, daily: days };
}
