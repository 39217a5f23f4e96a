import { sqlRows } from "@/lib/platform/db/client";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The request log is kept 14 days. */
export const REQUEST_LOG_RETENTION_MS = 14 * DAY_MS;

/** Its daily counts (ApiUsageDay) are kept for the 30-day usage charts, and a day more. */
export const USAGE_DAYS_KEPT = 31;

/** Rows deleted per statement: each delete stays short, and so do its locks. */
const PRUNE_BATCH = 5_000;

/**
 * Deletes recorded requests older than the retention, in batches, then the daily counts
 * older than theirs; returns how many requests.
 */
export async function pruneRequestLog(now: Date = new Date(), options: { batch?: number; signal?: AbortSignal } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_LOG_RETENTION_MS);
  const batch = options.batch ?? PRUNE_BATCH;
  let total = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const [{ count }] = await sqlRows<{ count: number }>`
      WITH doomed AS (
        -- Organization by organization, so each look-up walks the (orgId, at) index.
        SELECT old.id FROM "Organization" o
        CROSS JOIN LATERAL (
          SELECT r.id FROM "ApiRequest" r WHERE r."orgId" = o.id AND r.at < ${cutoff}::timestamptz LIMIT ${batch}::int
        ) old
        LIMIT ${batch}::int
      ), deleted AS (
        DELETE FROM "ApiRequest" r USING doomed WHERE r.id = doomed.id RETURNING 1
      )
      SELECT count(*)::int AS count FROM deleted`;
    total += count;
    if (count < batch) break;
  }
  if (!options.signal?.aborted) {
    const firstKept = new Date(now.getTime() - (USAGE_DAYS_KEPT - 1) * DAY_MS);
    await sqlRows`DELETE FROM "ApiUsageDay" WHERE day < (${firstKept}::timestamptz AT TIME ZONE 'UTC')::date`;
  }
  return total;
}
