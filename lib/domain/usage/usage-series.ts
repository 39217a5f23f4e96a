import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { UsageBucket, UsageSeries } from "./usage-bucket";

// Partner API usage from the request log (ApiRequest): requests per UTC hour over the
// last 24 hours and per UTC day over the last 30 days, split by outcome, for an
// organization or one of its keys. Every bucket is present, zero when there was no
// traffic, so charts and tables line up. The last bucket is the current, partial hour or
// day. One statement per series: generate_series makes the buckets, and the counts read
// a range of the (orgId, at) or (keyId, at desc, id) index; the organization filter is
// always there, so a key id of another organization counts nothing.

type Unit = "hour" | "day";

const SIZE_MS: Record<Unit, number> = { hour: 3600_000, day: 86_400_000 };
const COUNT: Record<Unit, number> = { hour: 24, day: 30 };

type Row = { start: Date; ok: number; clientError: number; rateLimited: number; serverError: number };

async function series(orgId: string, keyId: string | null, unit: Unit, now: Date): Promise<UsageBucket[]> {
  const size = SIZE_MS[unit];
  const last = Math.floor(now.getTime() / size) * size;
  const first = new Date(last - (COUNT[unit] - 1) * size);
  const end = new Date(last + size);
  const keyFilter = keyId ? Prisma.sql`AND r."keyId" = ${keyId}::uuid` : Prisma.empty;
  const rows = await getDb().$queryRaw<Row[]>`
    WITH buckets AS (
      SELECT generate_series(${first}::timestamptz, ${new Date(last)}::timestamptz, ${`1 ${unit}`}::interval) AS start
    ), counts AS (
      SELECT date_trunc(${unit}, r."at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start,
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
  return rows.map((row) => ({
    start: new Date(row.start).toISOString(),
    ok: row.ok,
    clientError: row.clientError,
    rateLimited: row.rateLimited,
    serverError: row.serverError,
  }));
}

/** The organization's usage, every key together. */
export async function orgUsageSeries(orgId: string, now: Date = new Date()): Promise<UsageSeries> {
  const [hourly, daily] = await Promise.all([series(orgId, null, "hour", now), series(orgId, null, "day", now)]);
  return { hourly, daily };
}

/**
 * One key's usage. The caller has resolved the key within `orgId` (a key page answers 404
 * otherwise); a key of another organization would only ever show zeros.
 */
export async function keyUsageSeries(orgId: string, keyId: string, now: Date = new Date()): Promise<UsageSeries> {
  const [hourly, daily] = await Promise.all([series(orgId, keyId, "hour", now), series(orgId, keyId, "day", now)]);
  return { hourly, daily };
}
