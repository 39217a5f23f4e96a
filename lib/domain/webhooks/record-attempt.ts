import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttemptOutcome } from "./attempt-outcome";
import { recordSuccess } from "./record-successes";
import type { ClaimedRow } from "./claim";
import { AUTO_DISABLE_AFTER_FAILURES, nextAttemptAfter } from "./schedule";
import type { SendResult } from "./send-attempt";

// Recording an attempt's result: only by the runner that still owns the claimed
// attempt number, with the endpoint's consecutive-failure count in the same transaction.

const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

class LostLease extends Error {}

/** Ends a claim without an HTTP attempt (cancelled, exhausted while locked, postponed). */
export async function finishWithoutAttempt(
  claimed: ClaimedRow,
  data: { state?: "cancelled" | "exhausted"; completedAt?: Date; nextAttemptAt: Date | null },
): Promise<void> {
  await getDb().webhookDelivery.updateMany({
    where: { id: claimed.deliveryId, state: "pending", attemptCount: claimed.attemptCount },
    data: { ...data, lockedUntil: null },
  });
}

/** `requestHeaders`: what was sent (null when nothing was), kept with the attempt for the log. */
export async function record(
  claimed: ClaimedRow,
  attemptNumber: number,
  now: Date,
  result: SendResult,
  requestHeaders: Record<string, string> | null,
): Promise<AttemptOutcome> {
  const deliveryId = claimed.deliveryId;
  // A test (ping or sample event) gets one attempt: the admin who sent it is watching and
  // can resend, and a receiver still being built must not be disabled by its tests.
  const nextAttemptAt = result.succeeded || claimed.eventTest ? null : nextAttemptAfter(attemptNumber, now);
  let endpointDisabled = false;
  // Recorded only by the runner that still owns the claimed attempt number; zero rows
  // means the endpoint was deleted meanwhile (its deliveries went with it) or, in theory,
  // the lease ran out and another runner recorded this attempt number first.
  if (result.succeeded) {
    // Batched with the other successes finishing now (record-successes.ts).
    const recorded = await recordSuccess({
      deliveryId,
      endpointId: claimed.endpointId,
      claimedAttemptCount: claimed.attemptCount,
      attemptNumber,
      startedAt: now,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      snippet: result.snippet,
      requestHeaders,
      responseHeaders: result.responseHeaders,
    });
    if (!recorded) return { kind: "skipped", deliveryId, reason: "finished" };
    return { kind: "succeeded", deliveryId, attemptNumber, statusCode: result.statusCode ?? 0 };
  }
  try {
    await getDb().$transaction(async (tx) => {
      const updated = await tx.webhookDelivery.updateMany({
        where: { id: deliveryId, state: "pending", attemptCount: claimed.attemptCount },
        data: {
          state: nextAttemptAt ? "pending" : "exhausted",
          attemptCount: attemptNumber,
          nextAttemptAt,
          lockedUntil: null,
          completedAt: nextAttemptAt ? null : now,
        },
      });
      if (updated.count === 0) throw new LostLease();
      await tx.webhookAttempt.create({
        data: {
          deliveryId,
          attemptNumber,
          startedAt: now,
          durationMs: result.durationMs,
          statusCode: result.statusCode,
          error: result.error,
          responseSnippet: result.snippet,
          requestHeaders: requestHeaders ?? Prisma.DbNull,
          responseHeaders: result.responseHeaders,
          succeeded: false,
        },
      });
      if (!claimed.eventTest) endpointDisabled = await countFailure(tx, claimed.endpointId, now);
    }, TX_OPTIONS);
  } catch (error) {
    if (error instanceof LostLease) return { kind: "skipped", deliveryId, reason: "finished" };
    throw error;
  }

  if (!nextAttemptAt) return { kind: "exhausted", deliveryId, attemptNumber, reason: "attempts" };
  const retrying = endpointDisabled ? null : nextAttemptAt;
  return {
    kind: "failed",
    deliveryId,
    attemptNumber,
    statusCode: result.statusCode,
    error: result.error,
    nextAttemptAt: retrying ? retrying.toISOString() : null,
    retryInMs: retrying ? retrying.getTime() - now.getTime() : null,
  };
}

/**
 * +1 consecutive failure; the one that reaches the threshold disables the endpoint and
 * cancels everything still pending for it (a disabled endpoint receives nothing).
 * The row lock orders concurrent failures of one endpoint, so exactly one disables it.
 */
async function countFailure(tx: Prisma.TransactionClient, endpointId: string, now: Date): Promise<boolean> {
  const [endpoint] = await tx.$queryRaw<{ enabled: boolean; consecutiveFailures: number }[]>`
    SELECT enabled, "consecutiveFailures" FROM "WebhookEndpoint" WHERE id = ${endpointId}::uuid FOR UPDATE`;
  if (!endpoint) return false;
  const failures = endpoint.consecutiveFailures + 1;
  const disable = endpoint.enabled && failures >= AUTO_DISABLE_AFTER_FAILURES;
  await tx.$executeRaw`
    UPDATE "WebhookEndpoint"
    SET "consecutiveFailures" = ${failures},
        enabled = ${disable ? false : endpoint.enabled},
        "disabledAt" = CASE WHEN ${disable} THEN ${now} ELSE "disabledAt" END,
        "disabledReason" = CASE WHEN ${disable} THEN 'consecutive_failures'::"WebhookDisabledReason" ELSE "disabledReason" END
    WHERE id = ${endpointId}::uuid`;
  if (disable) await cancelPendingDeliveries(tx, endpointId, now);
  return disable;
}

/** Pending deliveries of an endpoint that was just disabled are cancelled, not kept. */
export async function cancelPendingDeliveries(tx: Prisma.TransactionClient, endpointId: string, now: Date): Promise<number> {
  const { count } = await tx.webhookDelivery.updateMany({
    where: { endpointId, state: "pending" },
    data: { state: "cancelled", completedAt: now, nextAttemptAt: null, lockedUntil: null },
  });
  return count;
}
