import { createHash } from "node:crypto";
import { sqlRows } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { THROTTLE_LIMITS, THROTTLE_WINDOW_SECONDS, type ThrottleAction } from "./limits";

// A sliding-window log in PostgreSQL ("AuthThrottleEvent"): a bucket is over its limit
// while it holds `limit` rows younger than the window, and it frees up when the
// `limit`-th newest row ages out. Kept in the database (not memory) so the count holds
// across serverless instances and restarts.

export type ThrottleSubject = { action: ThrottleAction; account: string; ip: string | null };

export type ThrottleStatus = { limited: false } | { limited: true; retryAfterSeconds: number };

type Bucket = { key: string; limit: number };

/** The stored bucket of an action, scope and value (a hash: no email or IP in the table). */
export function bucketKey(action: ThrottleAction, scope: "account" | "ip", value: string): string {
  return createHash("sha256").update(`${action}\0${scope}\0${value.trim().toLowerCase()}`).digest("hex");
}

function buckets(subject: ThrottleSubject): Bucket[] {
  const limits = THROTTLE_LIMITS[subject.action];
  const list = [{ key: bucketKey(subject.action, "account", subject.account), limit: limits.account }];
  if (subject.ip) list.push({ key: bucketKey(subject.action, "ip", subject.ip), limit: limits.ip });
  return list;
}

async function bucketRetryAfter({ key, limit }: Bucket): Promise<number | null> {
  const rows = await sqlRows<{ retryAfter: number }>`
    SELECT EXTRACT(EPOCH FROM ("createdAt" + make_interval(secs => ${THROTTLE_WINDOW_SECONDS}) - clock_timestamp()))::float8 AS "retryAfter"
    FROM "AuthThrottleEvent"
    WHERE bucket = ${key} AND "createdAt" > clock_timestamp() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
    ORDER BY "createdAt" DESC
    OFFSET ${limit - 1} LIMIT 1`;
  return rows[0] ? Math.max(1, Math.ceil(rows[0].retryAfter)) : null;
}

/** Whether the subject's account or IP has used up its window, and for how long. */
export async function throttleStatus(subject: ThrottleSubject): Promise<ThrottleStatus> {
  const waits = await Promise.all(buckets(subject).map(bucketRetryAfter));
  const longest = Math.max(0, ...waits.map((wait) => wait ?? 0));
  return longest > 0 ? { limited: true, retryAfterSeconds: longest } : { limited: false };
}

/**
 * Counts one attempt (a failed sign-in, a sign-up, an invite acceptance) against the
 * account and the IP. Expired rows are swept in small batches on the way, so the table
 * stays proportional to the last window's traffic without a scheduled job.
 */
export async function recordThrottleEvent(subject: ThrottleSubject): Promise<void> {
  const keys = buckets(subject).map((bucket) => bucket.key);
  await sqlRows`
    WITH swept AS (
      DELETE FROM "AuthThrottleEvent" WHERE id IN (
        SELECT id FROM "AuthThrottleEvent"
        WHERE "createdAt" <= clock_timestamp() - make_interval(secs => ${THROTTLE_WINDOW_SECONDS})
        ORDER BY "createdAt" LIMIT 100
      )
    )
    INSERT INTO "AuthThrottleEvent" (bucket, "createdAt") SELECT unnest(${keys}::text[]), clock_timestamp()`;
}

/** A successful sign-in forgets the account's failures (not the IP's: a client could reset those with its own account). */
export async function clearAccountThrottle(subject: ThrottleSubject): Promise<void> {
  await sqlRows`DELETE FROM "AuthThrottleEvent" WHERE bucket = ${bucketKey(subject.action, "account", subject.account)}`;
}

export function tooManyAttemptsError(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    "RATE_LIMITED",
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { reason: "too_many_attempts", retryAfterSeconds },
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** For sign-up and invite acceptance: refuses when over the limit, otherwise counts this attempt. */
export async function consumeThrottle(subject: ThrottleSubject): Promise<void> {
  const status = await throttleStatus(subject);
  if (status.limited) throw tooManyAttemptsError(status.retryAfterSeconds);
  await recordThrottleEvent(subject);
}
