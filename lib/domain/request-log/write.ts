import { sqlRows } from "@/lib/platform/db/client";
import type { ApiRequestRow } from "./buffer";

/**
 * One batch in one statement: the rows travel as eleven arrays (the statement's text and
 * its parameters are the same whatever the batch's size), and rows whose organization no
 * longer exists are skipped, so one deleted organization cannot fail the whole batch on
 * the foreign key. Returns how many rows were written.
 */
export async function insertApiRequests(rows: ApiRequestRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <K extends keyof ApiRequestRow>(key: K) => rows.map((row) => row[key]);
  const written = await sqlRows<{ count: number }>`
    WITH inserted AS (
      INSERT INTO "ApiRequest" ("orgId", "keyId", at, method, route, status, "errorCode", "durationMs", "requestId", "clientIp", "userAgent")
      SELECT r."orgId", r."keyId", r.at, r.method, r.route, r.status, r."errorCode", r."durationMs", r."requestId", r."clientIp", r."userAgent"
      FROM unnest(
        ${column("orgId")}::uuid[], ${column("keyId")}::uuid[], ${column("at")}::timestamptz[], ${column("method")}::text[],
        ${column("route")}::text[], ${column("status")}::int[], ${column("errorCode")}::text[], ${column("durationMs")}::int[],
        ${column("requestId")}::text[], ${column("clientIp")}::text[], ${column("userAgent")}::text[]
      ) AS r("orgId", "keyId", at, method, route, status, "errorCode", "durationMs", "requestId", "clientIp", "userAgent")
      WHERE EXISTS (SELECT 1 FROM "Organization" o WHERE o.id = r."orgId")
      RETURNING 1
    )
    SELECT count(*)::int AS count FROM inserted`;
  return written[0]?.count ?? 0;
}
