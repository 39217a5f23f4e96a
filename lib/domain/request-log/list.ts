import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { sqlQuery } from "@/lib/platform/db/client";

// A key's recorded requests, newest first, keyset-paged on (at, id) so a deep page costs
// what the first does. Every query names the organization and the key together: another
// organization's key id finds nothing.

/** Status classes a list can be narrowed to: 4xx is the whole class (429 included). */
export const statusClassSchema = z.enum(["2xx", "4xx", "429", "5xx"]);
export type StatusClass = z.infer<typeof statusClassSchema>;

/** Request ids are ours (`req_` and 32 hex digits); anything longer cannot match. */
export const requestIdSearchSchema = z.string().trim().max(64);

export type RequestLogFilter = {
  status?: StatusClass;
  route?: string;
  /** Exact match: finds the one request a support conversation quotes. */
  requestId?: string;
  /** Only requests at or after this instant. */
  since?: Date;
  /** The cursor of the previous page's last row (`keysetCursor`). */
  after?: { at: Date; id: string } | null;
  limit?: number;
};

export type ApiRequestEntry = {
  id: string;
  at: Date;
  method: string;
  route: string;
  status: number;
  errorCode: string | null;
  durationMs: number;
  requestId: string;
  clientIp: string | null;
  userAgent: string | null;
};

export const REQUEST_LOG_PAGE_SIZE = 50;
export const REQUEST_LOG_MAX_LIMIT = 500;

const STATUS_RANGE: Record<StatusClass, [number, number]> = { "2xx": [200, 299], "4xx": [400, 499], "429": [429, 429], "5xx": [500, 599] };
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** One page (and whether there is another: `more`). */
export async function listKeyRequests(orgId: string, keyId: string, filter: RequestLogFilter = {}): Promise<{ rows: ApiRequestEntry[]; more: boolean }> {
  if (!isUuid(orgId) || !isUuid(keyId)) return { rows: [], more: false };
  const limit = Math.min(Math.max(1, filter.limit ?? REQUEST_LOG_PAGE_SIZE), REQUEST_LOG_MAX_LIMIT);
  const conditions: Prisma.Sql[] = [Prisma.sql`r."orgId" = ${orgId}::uuid`, Prisma.sql`r."keyId" = ${keyId}::uuid`];
  if (filter.status) {
    const [from, to] = STATUS_RANGE[filter.status];
    conditions.push(Prisma.sql`r.status BETWEEN ${from}::int AND ${to}::int`);
  }
  if (filter.route) conditions.push(Prisma.sql`r.route = ${filter.route}`);
  if (filter.requestId) conditions.push(Prisma.sql`r."requestId" = ${filter.requestId}`);
  if (filter.since) conditions.push(Prisma.sql`r.at >= ${filter.since}::timestamptz`);
  if (filter.after) conditions.push(Prisma.sql`(r.at, r.id) < (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)`);
  const rows = await sqlQuery<ApiRequestEntry>(Prisma.sql`
    SELECT r.id, r.at, r.method, r.route, r.status, r."errorCode", r."durationMs", r."requestId", r."clientIp", r."userAgent"
    FROM "ApiRequest" r
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY r.at DESC, r.id DESC
    LIMIT ${limit + 1}::int`);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** How many of the key's latest requests the route filter's choices are read from. */
const ROUTE_SAMPLE = 5_000;

/**
 * The routes the key called, for the route filter: read from its latest requests only, so
 * a busy key (hundreds of thousands of rows in 14 days) costs one short index walk.
 */
export async function routesOfKey(orgId: string, keyId: string): Promise<string[]> {
  if (!isUuid(orgId) || !isUuid(keyId)) return [];
  const rows = await sqlQuery<{ route: string }>(Prisma.sql`
    SELECT DISTINCT latest.route FROM (
      SELECT r.route FROM "ApiRequest" r
      WHERE r."keyId" = ${keyId}::uuid AND r."orgId" = ${orgId}::uuid
      ORDER BY r.at DESC LIMIT ${ROUTE_SAMPLE}::int
    ) latest ORDER BY latest.route`);
  return rows.map((row) => row.route);
}
