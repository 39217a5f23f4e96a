import { integrationLockReason } from "@/lib/domain/billing/entitlement";
import { logger } from "@/lib/platform/observability/logger";
import { platformIntegrationsEnabled } from "@/lib/platform/integrations-switch";
import type { AttemptOutcome } from "./attempt-outcome";
import { claim, explainUnclaimed, type ClaimedRow } from "./claim";
import { noticeKindOf, raiseFailureNotice } from "./failure-notices";
import { finishWithoutAttempt, record } from "./record-attempt";
import { ATTEMPT_TIMEOUT_MS, EXHAUSTION_WINDOW_MS, LOCKED_RETRY_MS } from "./schedule";
import { recordShapeOutcome, shapeClaimed } from "./record-shape";
import { send, webhookHeaders } from "./send-attempt";
import { activeSigningSecrets } from "./signing-secret";

// One attempt of one delivery. The Inngest function (attemptDelivery: one delivery) and
// the sweep (claimDueDeliveries: a few at a time) share attemptClaimed, so there is a
// single implementation of sending and recording.
//
// Never twice at once: an attempt starts by taking a 30 s lease with one conditional
// UPDATE (pending, due, not leased). Whoever loses that race gets `skipped` and sends
// nothing. The lease outlives the 10 s request deadline, and the result is recorded
// only if the delivery is still at the attempt count it was claimed at.
//
// claim.ts takes the lease, send-attempt.ts makes the HTTP request, record-attempt.ts
// writes the outcome; this module decides between them.

export type AttemptOptions = {
  /** The scheduler's clock: due checks, lease, retry times, secret overlap. Tests move it. */
  now?: Date;
  /** Request deadline; the product always uses 10 s, tests shorten it. */
  timeoutMs?: number;
  /** The platform switch, when the caller already read it for a whole sweep. */
  integrationsEnabled?: boolean;
  /**
   * Called once the receiver has answered (or the request failed), before the outcome is
   * recorded: after a success the sweep frees the attempt's slot there.
   */
  onSent?: (succeeded: boolean) => void;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims, sends and records one attempt of a delivery, if it is due and nobody else holds it. */
export async function attemptDelivery(deliveryId: string, options: AttemptOptions = {}): Promise<AttemptOutcome> {
  const now = options.now ?? new Date();
  if (!UUID.test(deliveryId)) return { kind: "skipped", deliveryId, reason: "not_found" };
  const claimed = await claim(deliveryId, now);
  if (!claimed) return explainUnclaimed(deliveryId, now);
  return attemptClaimed(claimed, { ...options, now });
}

/** The attempt itself, on a delivery this runner holds the lease on; one log line per attempt. */
export async function attemptClaimed(claimed: ClaimedRow, options: AttemptOptions = {}): Promise<AttemptOutcome> {
  const started = Date.now();
  const outcome = await sendAndRecord(claimed, options);
  const { kind, deliveryId, ...detail } = outcome;
  logger.info(
    { deliveryId, endpointId: claimed.endpointId, eventId: claimed.eventId, eventType: claimed.eventType, outcome: kind, ...detail, durationMs: Date.now() - started },
    "webhook attempt",
  );
  const notice = noticeKindOf(outcome, claimed.eventTest);
  if (notice) await raiseFailureNotice({ orgId: claimed.orgId, endpointId: claimed.endpointId, kind: notice, now: options.now });
  return outcome;
}

async function sendAndRecord(claimed: ClaimedRow, options: AttemptOptions): Promise<AttemptOutcome> {
  const now = options.now ?? new Date();
  const deliveryId = claimed.deliveryId;
  if (!claimed.enabled) {
    await finishWithoutAttempt(claimed, { state: "cancelled", completedAt: now, nextAttemptAt: null });
    return { kind: "cancelled", deliveryId, reason: "endpoint_disabled" };
  }

  const integrationsEnabled = options.integrationsEnabled ?? (await platformIntegrationsEnabled());
  const lock = integrationLockReason(
    {
      status: claimed.orgStatus,
      billingPlan: claimed.billingPlan,
      annualPlanUntil: claimed.annualPlanUntil,
      billingAccountState: claimed.billingAccountState,
    },
    integrationsEnabled,
    now,
  );
  if (lock) {
    // Locked: not sent and not counted as a failure. It waits, until the delivery is
    // older than the 24 h window, then it is exhausted without a further attempt.
    if (now.getTime() - claimed.deliveryCreatedAt.getTime() >= EXHAUSTION_WINDOW_MS) {
      await finishWithoutAttempt(claimed, { state: "exhausted", completedAt: now, nextAttemptAt: null });
      return { kind: "exhausted", deliveryId, attemptNumber: claimed.attemptCount, reason: "locked_too_long" };
    }
    const nextAttemptAt = new Date(now.getTime() + LOCKED_RETRY_MS);
    await finishWithoutAttempt(claimed, { nextAttemptAt });
    return { kind: "postponed", deliveryId, reason: lock, nextAttemptAt: nextAttemptAt.toISOString(), retryInMs: LOCKED_RETRY_MS };
  }

  const attemptNumber = claimed.attemptCount + 1;
  // The endpoint's filter, transform or chat format: a filtered-out event or a shape that
  // cannot be evaluated ends the delivery here, without an attempt (record-shape.ts).
  const shaped = await shapeClaimed(claimed);
  if (shaped.kind !== "send") {
    await recordShapeOutcome(claimed, shaped, now);
    return shaped.kind === "filtered"
      ? { kind: "cancelled", deliveryId, reason: "filtered_out" }
      : { kind: "cancelled", deliveryId, reason: "shape_failed" };
  }
  const body = shaped.body;
  let secrets: string[];
  try {
    secrets = activeSigningSecrets(claimed, now);
  } catch {
    // A secret sealed under another APP_SECRET: an attempt that fails (and is logged as
    // such) rather than one that throws on every sweep and never counts.
    const error = "The endpoint's signing secret could not be decrypted (was APP_SECRET changed?).";
    return record(claimed, attemptNumber, now, { succeeded: false, statusCode: null, error, snippet: null, responseHeaders: null, durationMs: 0 }, null);
  }
  const headers = webhookHeaders({
    body,
    secrets,
    eventId: claimed.eventId,
    eventType: claimed.eventType,
    deliveryId,
    attemptNumber,
  });

  const result = await send(claimed.url, body, headers, options.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
  options.onSent?.(result.succeeded);
  return record(claimed, attemptNumber, now, result, headers);
}

