import { createHash } from "node:crypto";
import { sqlRows } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { newAccountGlobalLimit, THROTTLE_LIMITS, THROTTLE_WINDOW_SECONDS, type ThrottleAction } from "./limits";

// A sliding-window log in PostgreSQL ("AuthThrottleEvent"): a bucket is over its limit
// while it holds `limit` rows younger than the window, and it frees up when the
// `limit`-th newest row ages out. Kept in the database (not memory) so the count holds
// across serverless instances and restarts.

/**
 * What an attempt is counted against: its account and IP, and, for the public sign-up
 * paths (`newAccount`), the one bucket every new account of the service shares.
 */
export type ThrottleSubject = { action: ThrottleAction; account: string; ip: string | null; newAccount?: boolean };

export type ThrottleStatus = { limited: false } | { limited: true; retryAfterSeconds: number };

type Bucket = { key: string; limit: number };

/** The stored bucket of an action, scope and value (a hash: no email or IP in the table). */
export function bucketKey(action: ThrottleAction, scope: "account" | "ip", value: string): string {
  return createHash("sha256").update(`${action}\0${scope}\0${value.trim().toLowerCase()}`).digest("hex");
}

const NEW_ACCOUNT_BUCKET = createHash("sha256").update("new-account\0global").digest("hex");

function buckets(subject: ThrottleSubject): Bucket[] {
  const limits = THROTTLE_LIMITS[subject.action];
  const list = [{ key: bucketKey(subject.action, "account", subject.account), limit: limits.account }];
  if (subject.ip) list.push({ key: bucketKey(subject.action, "ip", subject.ip), limit: limits.ip });
  if (subject.newAccount) list.push({ key: NEW_ACCOUNT_BUCKET, limit: newAccountGlobalLimit() });
  return list;
}

async function bucketRetryAfter({ key, limit }: Bucket, windowSeconds = THROTTLE_WINDOW_SECONDS): Promise<number | null> {
  const rows = await sqlRows<{ retryAfter: number }>`
    SELECT EXTRACT(EPOCH FROM ("createdAt" + make_interval(secs => ${windowSeconds}) - clock_timestamp()))::float8 AS "retryAfter"
    FROM "AuthThrottleEvent"
    WHERE bucket = ${key} AND "createdAt" > clock_timestamp() - make_interval(secs => ${windowSeconds})
    ORDER BY "createdAt" DESC
    OFFSET ${limit - 1} LIMIT 1`;
  return rows[0] ? Math.max(1, Math.ceil(rows[0].retryAfter)) : null;
}

/** Whether the subject's account or IP has used up its window, and for how long. */
export async function throttleStatus(subject: ThrottleSubject): Promise<ThrottleStatus> {
  const waits = await Promise.all(buckets(subject).map((bucket) => bucketRetryAfter(bucket)));
  const longest = Math.max(0, ...waits.map((wait) => wait ?? 0));
  return longest > 0 ? { limited: true, retryAfterSeconds: longest } : { limited: false };
}

/** A counted attempt that was let through: the ids of the rows that count it (account, then IP). */
export type Attempt = { ids: string[] };

/**
 * Counts one attempt against the account and the IP, atomically, in one statement (the
 * database function auth_throttle_attempt, migration auth_throttle_attempt): under a lock
 * per bucket the attempt is written, then the window is counted; over a limit it is taken
 * back and refused (RATE_LIMITED with Retry-After), so refused attempts leave nothing and
 * do not extend the pause. Of any number of attempts arriving at once, on any instance,
 * exactly as many as the limit allows get through. One round trip, no connection held
 * between statements, so a flood of attempts cannot tie up the pool.
 */
export async function recordAttempt(subject: ThrottleSubject): Promise<Attempt> {
  const list = buckets(subject);
  const [row] = await sqlRows<{ ids: string[] | null }>`
    SELECT auth_throttle_attempt(${list.map((bucket) => bucket.key)}::text[], ${list.map((bucket) => bucket.limit)}::int[], ${THROTTLE_WINDOW_SECONDS}::int)::text[] AS ids`;
  if (row?.ids) return { ids: row.ids };
  const status = await throttleStatus(subject);
  throw tooManyAttemptsError(status.limited ? status.retryAfterSeconds : 1);
}

/**
 * The same sliding-window count for other things than sign-in attempts (invitations):
 * one event counted in every bucket at once, or in none when any is full. Buckets are
 * named by the caller (`scope` and `value`, hashed like the auth buckets). The window is
 * the auth one (every call sweeps rows older than its window from the shared table).
 * Returns null when counted, else the first full bucket's scope and how long until it
 * has room.
 */
export async function countInWindows(
  kind: string,
  buckets: { scope: string; value: string; limit: number }[],
): Promise<null | { scope: string; retryAfterSeconds: number }> {
  const windowSeconds = THROTTLE_WINDOW_SECONDS;
  const keyed = buckets.map((bucket) => ({ ...bucket, key: createHash("sha256").update(`${kind}\0${bucket.scope}\0${bucket.value}`).digest("hex") }));
  const [row] = await sqlRows<{ ids: string[] | null }>`
    SELECT auth_throttle_attempt(${keyed.map((bucket) => bucket.key)}::text[], ${keyed.map((bucket) => bucket.limit)}::int[], ${windowSeconds}::int)::text[] AS ids`;
  if (row?.ids) return null;
  for (const bucket of keyed) {
    const wait = await bucketRetryAfter(bucket, windowSeconds);
    if (wait !== null) return { scope: bucket.scope, retryAfterSeconds: wait };
  }
  return { scope: keyed[0]?.scope ?? "", retryAfterSeconds: 1 };
}

/** Takes back an attempt that checked nothing (a full hash queue, a failure on our side). */
export async function releaseAttempt(attempt: Attempt): Promise<void> {
  await sqlRows`DELETE FROM "AuthThrottleEvent" WHERE id = ANY(${attempt.ids}::bigint[])`;
}

/**
 * A successful sign-in forgets the account's failures, and its own attempt no longer counts
 * against the IP (the IP's other failures stay: a client could reset those with its own account).
 */
export async function clearAfterSuccess(subject: ThrottleSubject, attempt: Attempt): Promise<void> {
  await sqlRows`
    DELETE FROM "AuthThrottleEvent"
    WHERE bucket = ${bucketKey(subject.action, "account", subject.account)} OR id = ANY(${attempt.ids}::bigint[])`;
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
