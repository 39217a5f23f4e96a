import type { DeliveryLogEntry } from "@/lib/domain/webhooks/delivery-log";

// What the console shows of one delivery's outcome after a test ping or a resend: plain
// data (crosses to the browser), and one sentence saying what happened.

export type DeliveryResult = {
  deliveryId: string;
  eventId: string;
  state: DeliveryLogEntry["state"];
  shapeError: string | null;
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
    shapeError: entry.shapeError,
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

// Attempts logged before errors were written as sentences start with the outbound
// error's kind ("network: …"); the console never shows such codes.
const LEGACY_KIND_PREFIX = /^(blocked|timeout|network|too_large|error): /;

/** An attempt's error as a sentence for people: no internal prefix, one closing full stop. */
export function readableAttemptError(error: string): string {
  const text = error.replace(LEGACY_KIND_PREFIX, "").trim();
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

function answer(attempt: NonNullable<DeliveryResult["lastAttempt"]>): string {
  return attempt.statusCode !== null ? `HTTP ${attempt.statusCode} in ${attempt.durationMs} ms` : `no response after ${attempt.durationMs} ms`;
}

/** "Test ping delivered: HTTP 200 in 41 ms (attempt 1)." / "Resend failed: HTTP 500 in 12 ms. Next attempt …" */
export function describeDeliveryResult(result: DeliveryResult, what: string, formatTime: (date: Date) => string): string {
  const attempt = result.lastAttempt;
  if (result.state === "succeeded" && attempt) return `${what} delivered: ${answer(attempt)} (attempt ${attempt.attemptNumber}).`;
  if (result.state === "cancelled") return `${what} was not sent: the endpoint is disabled.`;
  if (result.state === "filtered") return `${what} was filtered out: the endpoint's filter was not true for it, so nothing was sent.`;
  if (result.state === "shape_failed") return `${what} was not sent. ${result.shapeError ?? "The endpoint's filter or transform failed."}`;
  if (!attempt) return `${what} is queued. Its result appears here and in the delivery log once it has been sent.`;
  const failed = [`${what} failed: ${answer(attempt)}.`, attempt.error ? readableAttemptError(attempt.error) : null];
  if (result.state === "exhausted") failed.push("No further attempts will be made.");
  else if (result.nextAttemptAt) failed.push(`Next attempt ${formatTime(result.nextAttemptAt)}.`);
  return failed.filter(Boolean).join(" ");
}
