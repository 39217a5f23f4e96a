// The delivery schedule of the spec ("a failed delivery is retried six times over 24
// hours, seven attempts in all"), as fixed numbers so partners can plan around them:
//
//   attempt 1  at once
//   attempt 2  1 min after attempt 1 failed
//   attempt 3  5 min after attempt 2
//   attempt 4  30 min after attempt 3
//   attempt 5  2 h after attempt 4
//   attempt 6  5 h after attempt 5
//   attempt 7  16 h after attempt 6      → 23 h 36 min after attempt 1 in all
//
// A seventh failure makes the delivery `exhausted`.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Delay before attempt n+2, indexed by n (the delay after attempt 1 is index 0). */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 16 * HOUR] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * A delivery that is due while the organization's integrations are locked is not sent
 * and not counted as failed: it waits this long and looks again. Once the delivery is
 * older than EXHAUSTION_WINDOW_MS it is exhausted instead of waiting further.
 */
export const LOCKED_RETRY_MS = 5 * MINUTE;
export const EXHAUSTION_WINDOW_MS = 24 * HOUR;

/**
 * An endpoint is disabled when this many probes in a row have failed (the failure that
 * opened its circuit breaker counts as the first). Probes are spaced by breakerBackoffMs,
 * so this takes AUTO_DISABLE_AFTER_MS of a receiver failing everything, not a burst.
 */
export const AUTO_DISABLE_AFTER_FAILURES = 50;

/**
 * The circuit breaker of an endpoint: after a failure, the endpoint's other deliveries
 * wait (waiting is not an attempt) and one probe goes out after this delay; each failed
 * probe doubles it, up to an hour. A success closes the breaker.
 */
export const BREAKER_FIRST_DELAY_MS = 2_000;
export const BREAKER_MAX_DELAY_MS = HOUR;

/** The wait after the `failures`-th failed probe (1-based) before the next probe. */
export function breakerBackoffMs(failures: number): number {
  return Math.min(BREAKER_FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1), BREAKER_MAX_DELAY_MS);
}

/** The least time from the first failure of a dead endpoint to its automatic disable (about 39 h). */
export const AUTO_DISABLE_AFTER_MS = Array.from({ length: AUTO_DISABLE_AFTER_FAILURES - 1 }, (_, i) => breakerBackoffMs(i + 1)).reduce(
  (sum, ms) => sum + ms,
  0,
);

/** A success is a 2xx within this deadline (DNS, connect, headers and body). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** How much of the receiver's response body the attempt log keeps. */
export const RESPONSE_SNIPPET_BYTES = 2048;

/** How long a runner holds a delivery while attempting it; far longer than one attempt. */
export const LEASE_MS = 30_000;

/** Deliveries (with their attempts) and finished outbox rows are kept this long. */
export const DELIVERY_LOG_RETENTION_MS = 30 * 24 * HOUR;

/**
 * When the attempt after `attemptNumber` (1-based) is due, or null when
 * `attemptNumber` was the last one.
 */
export function nextAttemptAfter(attemptNumber: number, failedAt: Date): Date | null {
  if (attemptNumber >= MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + RETRY_DELAYS_MS[attemptNumber - 1]);
}
