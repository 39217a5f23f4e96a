import { sqlRows } from "@/lib/platform/db/client";

/** The request log is kept 14 days. */
export const REQUEST_LOG_RETENTION_MS = 14 * 24 * 60 * 60 * 1000;

/** Rows deleted per statement: each delete stays short, and so do its locks. */
const PRUNE_BATCH = 5_000;

/** Deletes recorded requests older than the retention, in batches; returns how many. */
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
  return total;
}
