import { sqlRows } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { RATE_LIMIT_PER_MINUTE } from "./rate-limit";

// A refused request (401 of any kind, 403 ip_not_allowed) costs a lookup and, for a known
// key, a row in its organization's request log. Accepted requests are counted per key
// (rate-limit.ts); refused ones are counted here, per client address and per known key,
// in the spec's 600/min, so a flood of them is answered 429 too. Counting takes one
// statement on the refused path only: an accepted request makes exactly the round trips
// it made before. Only the first REFUSED_LOGGED_PER_MINUTE refusals of a key each minute
// are written to its request log; the rest stay counted here (and in the server's log
// lines), so a caller without a working key cannot fill an organization's log with
// User-Agents of its choosing.

export const REFUSED_LOGGED_PER_MINUTE = 20;
const SWEEP_BATCH = 50;

export type RefusalCount = {
  /** The highest count of the request's buckets in their current windows. */
  count: number;
  /** This key's refusals so far in its window (0 when no key was identified). */
  keyCount: number;
  resetSeconds: number;
};

/** Whether an error is a refusal of the caller's credentials or address (counted here). */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  return error.code === "UNAUTHORIZED" || (error.code === "FORBIDDEN" && error.details?.reason === "ip_not_allowed");
}

/**
 * Counts one refused request against its client address and its key (when the secret
 * matched a key), and sweeps a few windows that ended long ago (never one counted here).
 * Null when there is nothing to count it against (no address known, no key).
 */
export async function countRefusal(subject: { address: string | null; keyId?: string }): Promise<RefusalCount | null> {
  const buckets = [
    ...(subject.address ? [`ip:${subject.address}`] : []),
    ...(subject.keyId ? [`key:${subject.keyId}`] : []),
  ];
  if (buckets.length === 0) return null;
  const rows = await sqlRows<{ bucket: string; count: number; resetIn: number }>`
    WITH swept AS (
      DELETE FROM "RefusedRequestCounter" WHERE bucket IN (
        SELECT bucket FROM "RefusedRequestCounter"
        WHERE "windowStart" < clock_timestamp() - interval '120 seconds' AND bucket <> ALL(${buckets}::text[])
        LIMIT ${SWEEP_BATCH})
    )
    INSERT INTO "RefusedRequestCounter" AS c (bucket, "windowStart", "count")
    SELECT b, clock_timestamp(), 1 FROM unnest(${buckets}::text[]) AS b
    ON CONFLICT (bucket) DO UPDATE SET
      "windowStart" = CASE WHEN c."windowStart" <= clock_timestamp() - interval '60 seconds' THEN clock_timestamp() ELSE c."windowStart" END,
      "count" = CASE WHEN c."windowStart" <= clock_timestamp() - interval '60 seconds' THEN 1 ELSE c."count" + 1 END
    RETURNING c.bucket, c."count", EXTRACT(EPOCH FROM (c."windowStart" + interval '60 seconds' - clock_timestamp()))::float8 AS "resetIn"`;
  const over = rows.reduce((top, row) => (row.count > top.count ? row : top), rows[0]!);
  return {
    count: over.count,
    keyCount: rows.find((row) => row.bucket.startsWith("key:"))?.count ?? 0,
    resetSeconds: Math.min(60, Math.max(1, Math.ceil(over.resetIn))),
  };
}

export function refusalLimitExceeded(count: RefusalCount | null): boolean {
  return count !== null && count.count > RATE_LIMIT_PER_MINUTE;
}

/** 429 for a caller past 600 refused requests a minute (by address or by key). */
export function tooManyRefusalsError(count: RefusalCount): AppError {
  return new AppError(
    "RATE_LIMITED",
    `Too many refused requests: at most ${RATE_LIMIT_PER_MINUTE} a minute are answered. Retry after ${count.resetSeconds} s.`,
    { reason: "rate_limited", retryAfterSeconds: count.resetSeconds },
    { "retry-after": String(count.resetSeconds) },
  );
}
