import type { DeliveryLogEntry } from "@/lib/webhooks/delivery-log";

// What the console shows of one delivery's outcome after a test ping or a resend: plain
// data (crosses to the browser), and one sentence saying what happened.

export type DeliveryResult = {
  deliveryId: string;
  eventId: string;
  state: DeliveryLogEntry["state"];
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttempt: { attemptNumber: number; statusCode: number | null; durationMs: number; error: string | null; succeeded: boolean } | null;
};

export function deliveryResult(entry: DeliveryLogEntry): DeliveryResult {
  const last = entry.attempts.at(-1) ?? null;
  return {
    deliveryId: entry.id,
    eventId: entry.eventId,
    state: entry.state,
    attemptCount: entry.attemptCount,
    nextAttemptAt: entry.nextAttemptAt,
    lastAttempt: last
      ? { attemptNumber: last.attemptNumber, statusCode: last.statusCode, durationMs: last.durationMs, error: last.error, succeeded: last.succeeded }
      : null,
  };
}

/** Whether the result is final for the person waiting: an attempt was made or the delivery ended. */
export function deliverySettled(result: DeliveryResult, since: number): boolean {
  if (result.state !== "pending") return true;
  return result.lastAttempt !== null && result.lastAttempt.attemptNumber > since;
}

function answer(attempt: NonNullable<DeliveryResult["lastAttempt"]>): string {
  const status = attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? "no response");
  return `${status} in ${attempt.durationMs} ms`;
}

/** "Delivered: HTTP 200 in 41 ms." / "Failed: HTTP 500 in 12 ms. Next attempt …" */
export function describeDeliveryResult(result: DeliveryResult, what: string, formatTime: (date: Date) => string): string {
  const attempt = result.lastAttempt;
  if (result.state === "succeeded" && attempt) return `${what} delivered: ${answer(attempt)} (attempt ${attempt.attemptNumber}).`;
  if (result.state === "cancelled") return `${what} was not sent: the endpoint is disabled.`;
  if (!attempt) return `${what} is queued. Its result appears here and in the delivery log once it has been sent.`;
  const failed = `${what} failed: ${answer(attempt)}${attempt.statusCode !== null && attempt.error ? ` (${attempt.error})` : ""}.`;
  if (result.state === "exhausted") return `${failed} No further attempts will be made.`;
  return result.nextAttemptAt ? `${failed} Next attempt ${formatTime(result.nextAttemptAt)}.` : failed;
}
