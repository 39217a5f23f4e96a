import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttemptOutcome } from "./attempt-outcome";
import { recordSuccess } from "./record-successes";
import type { ClaimedRow } from "./claim";
import { AUTO_DISABLE_AFTER_FAILURES, breakerBackoffMs, nextAttemptAfter } from "./schedule";
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
      // Locks in one order everywhere: the endpoint row first, then this delivery's row.
      // Nothing else is locked here, so two failures, or a failure and a success batch,
      // can wait for each other but never in a cycle.
      const endpoint = claimed.eventTest ? null : await lockEndpoint(tx, claimed.endpointId);
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
      if (endpoint) endpointDisabled = await countFailure(tx, claimed, endpoint, now);
    }, TX_OPTIONS);
  } catch (error) {
    if (error instanceof LostLease) return { kind: "skipped", deliveryId, reason: "finished" };
    throw error;
  }
  // After the commit, outside the endpoint's lock: cancelling takes other deliveries' rows.
  if (endpointDisabled) await cancelPendingDeliveries(getDb(), claimed.endpointId, now);

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

type LockedEndpoint = { enabled: boolean; consecutiveFailures: number; probeAt: Date | null };

async function lockEndpoint(tx: Prisma.TransactionClient, endpointId: string): Promise<LockedEndpoint | null> {
  const [endpoint] = await tx.$queryRaw<LockedEndpoint[]>`
    SELECT enabled, "consecutiveFailures", "probeAt" FROM "WebhookEndpoint" WHERE id = ${endpointId}::uuid FOR UPDATE`;
  return endpoint ?? null;
}

/**
 * The endpoint's circuit breaker after a failure. The failure that opens it (breaker
 * closed) and a failed probe each count one and set the next probe time; a failure of an
 * attempt that was already under way when the breaker opened counts nothing more (the
 * receiver is known to be failing; a burst must not reach the threshold in a second).
 * The count that reaches the threshold disables the endpoint (its pending deliveries are
 * cancelled after the commit). The endpoint's row lock, taken first, orders concurrent
 * failures of one endpoint, so exactly one disables it.
 */
async function countFailure(tx: Prisma.TransactionClient, claimed: ClaimedRow, endpoint: LockedEndpoint, now: Date): Promise<boolean> {
  if (endpoint.probeAt !== null && !claimed.probe) return false;
  const failures = endpoint.consecutiveFailures + 1;
  const disable = endpoint.enabled && failures >= AUTO_DISABLE_AFTER_FAILURES;
  const probeAt = disable || !endpoint.enabled ? null : new Date(now.getTime() + breakerBackoffMs(failures));
  await tx.$executeRaw`
    UPDATE "WebhookEndpoint"
    SET "consecutiveFailures" = ${failures},
        "probeAt" = ${probeAt},
        enabled = ${disable ? false : endpoint.enabled},
        "disabledAt" = CASE WHEN ${disable} THEN ${now} ELSE "disabledAt" END,
        "disabledReason" = CASE WHEN ${disable} THEN 'consecutive_failures'::"WebhookDisabledReason" ELSE "disabledReason" END
    WHERE id = ${claimed.endpointId}::uuid`;
  return disable;
}

/**
 * Cancels the pending deliveries of a disabled endpoint that nobody is attempting. It
 * never waits for a row: one that is leased or locked right now belongs to a runner,
 * which records its attempt; a later claim sees the endpoint disabled and cancels it
 * (deliver.ts). Waiting here, inside a transaction that holds the endpoint's row, is
 * what deadlocked with the runners recording their own failures.
 */
export async function cancelPendingDeliveries(db: Pick<Prisma.TransactionClient, "$executeRaw">, endpointId: string, now: Date): Promise<number> {
  return db.$executeRaw`
    UPDATE "WebhookDelivery"
    SET state = 'cancelled', "completedAt" = ${now}, "nextAttemptAt" = NULL, "lockedUntil" = NULL, "updatedAt" = now()
    WHERE id IN (
      SELECT id FROM "WebhookDelivery"
      WHERE "endpointId" = ${endpointId}::uuid AND state = 'pending' AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      FOR UPDATE SKIP LOCKED
    )`;
}
