import { listKeyRequests, type StatusClass } from "@/lib/domain/request-log/list";
import { REQUEST_LOG_RETENTION_MS } from "@/lib/domain/request-log/prune";
import type { ApiRequestResource } from "@/lib/domain/resources/resources";
import { iso } from "@/lib/domain/resources/projections";
import { decodeCursor, encodeCursor } from "../cursor";

// GET /partner/v1/requests: the calling key's own request log, the console's list (same
// rows, same 14-day retention, newest first), so a partner debugs an integration the way
// an organizer does. Another key's requests, of the same organization or not, never show:
// the key is the authenticated one, not a parameter.

export type RequestLogQuery = { limit: number; cursor?: string; status?: StatusClass; since?: Date };

export async function listOwnRequests(orgId: string, keyId: string, query: RequestLogQuery, now: Date = new Date()) {
  // Rows older than the retention are gone once the daily prune ran; the floor makes the
  // answer the same before it runs.
  const floor = new Date(now.getTime() - REQUEST_LOG_RETENTION_MS);
  const since = query.since && query.since > floor ? query.since : floor;
  const scope = `requests:${keyId}:${query.status ?? "*"}:${query.since?.toISOString() ?? "*"}`;
  let after: { at: Date; id: string } | null = null;
  if (query.cursor) {
    const [at, id] = decodeCursor(scope, query.cursor, 2);
    after = { at: new Date(String(at)), id: String(id) };
  }
  const page = await listKeyRequests(orgId, keyId, { status: query.status, since, after, limit: query.limit });
  const last = page.rows.at(-1);
  const data: ApiRequestResource[] = page.rows.map((row) => ({
    requestId: row.requestId,
    at: iso(row.at),
    method: row.method,
    route: row.route,
    status: row.status,
    errorCode: row.errorCode,
    durationMs: row.durationMs,
    clientIp: row.clientIp,
    userAgent: row.userAgent,
  }));
  return { data, meta: { nextCursor: page.more && last ? encodeCursor(scope, [iso(last.at), last.id]) : null } };
}
