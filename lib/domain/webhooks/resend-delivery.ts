import { z } from "zod";
import { inngestCanSend, sendWithinBudget } from "@/lib/platform/jobs/client";
import { webhookDeliveryCreated } from "@/lib/platform/jobs/events";
import { assertIntegrationsUnlocked } from "@/lib/domain/billing/entitlement";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";

// "Resend" in the console's delivery log: send one logged delivery again, now.
//
// A delivery is one event for one endpoint, unique on (eventId, endpointId), so a resend
// cannot be a second delivery row. It re-opens the same row instead: state pending, due
// now, finished time cleared. The attempts already made stay in the log and the next one
// continues their numbering (attempt 8 after an exhausted delivery's 7), and the receiver
// gets the same event id and body as before, so an idempotent receiver can tell a resend
// from a new event. After a resend the retry schedule carries on from that attempt
// number: past the seventh attempt a failure exhausts the delivery at once (a resend is
// one extra try, not a new day of retries).
//
// Refused while integrations are locked (the API's 402/403/503), for a disabled endpoint
// (409 endpoint_disabled: it receives nothing until enabled), and while an attempt of the
// delivery is in flight (409 delivery_in_progress: its outcome is about to be recorded).

export type ResentDelivery = { deliveryId: string; endpointId: string; eventId: string; previousState: string; attemptCount: number };

export async function resendDelivery(orgId: string, deliveryId: string, now: Date = new Date()): Promise<ResentDelivery> {
  const delivery = z.uuid().safeParse(deliveryId).success && z.uuid().safeParse(orgId).success
    ? await getDb().webhookDelivery.findFirst({
        where: { id: deliveryId, endpoint: { orgId } },
        select: { id: true, eventId: true, endpointId: true, state: true, endpoint: { select: { enabled: true } } },
      })
    : null;
  if (!delivery) throw new AppError("NOT_FOUND", "No such webhook delivery.");
  await assertIntegrationsUnlocked(orgId);
  if (!delivery.endpoint.enabled) {
    throw new AppError("CONFLICT", "This endpoint is disabled. Enable it before resending a delivery.", { reason: "endpoint_disabled" });
  }

  const reopened = await getDb().$transaction(async (tx) => {
    // The endpoint row lock orders this against an automatic disable (deliver.ts takes
    // the same lock when counting a failure), so a delivery is never re-opened for an
    // endpoint that has just been disabled.
    const [endpoint] = await tx.$queryRaw<{ enabled: boolean }[]>`
      SELECT enabled FROM "WebhookEndpoint" WHERE id = ${delivery.endpointId}::uuid FOR UPDATE`;
    if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook delivery.");
    if (!endpoint.enabled) {
      throw new AppError("CONFLICT", "This endpoint is disabled. Enable it before resending a delivery.", { reason: "endpoint_disabled" });
    }
    // An admin's resend is an explicit try: the endpoint's circuit breaker closes for it
    // (a failure opens it again), as a recovery does.
    await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "probeAt" = NULL WHERE id = ${delivery.endpointId}::uuid AND "probeAt" IS NOT NULL`;
    // Not while a runner holds the lease: it is sending right now and will record the result.
    const rows = await tx.$queryRaw<{ attemptCount: number }[]>`
      UPDATE "WebhookDelivery"
      SET state = 'pending', "nextAttemptAt" = ${now}, "completedAt" = NULL, "updatedAt" = now()
      WHERE id = ${delivery.id}::uuid AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      RETURNING "attemptCount"`;
    if (rows.length === 0) {
      throw new AppError("CONFLICT", "This delivery is being attempted right now. Wait for its result, then resend if needed.", {
        reason: "delivery_in_progress",
      });
    }
    return rows[0];
  });

  await startResentDelivery({ deliveryId: delivery.id, endpointId: delivery.endpointId, orgId }, reopened.attemptCount);
  return {
    deliveryId: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    previousState: delivery.state,
    attemptCount: reopened.attemptCount,
  };
}

/**
 * Starts a `webhooks/deliver` run for the re-opened delivery. notifyDeliveries cannot be
 * used: its event id (`delivery-<id>`) is deduplicated by Inngest, so a resend within a
 * day of the first send would start nothing. The id here names the attempt it starts
 * from, so repeated clicks before that attempt happens start one run. Best effort like
 * notifyDeliveries: without Inngest, or when the send fails, the per-minute sweep (or the
 * console's inline attempt) delivers the now-due delivery.
 */
async function startResentDelivery(keys: { deliveryId: string; endpointId: string; orgId: string }, attemptCount: number): Promise<void> {
  if (!inngestCanSend()) return;
  const { deliveryId } = keys;
  try {
    await sendWithinBudget(webhookDeliveryCreated.create(keys, { id: `delivery-${deliveryId}-resend-${attemptCount}` }));
  } catch (error) {
    console.warn(
      `[webhooks] Could not start the resend of delivery ${deliveryId} on Inngest (${error instanceof Error ? error.message : String(error)}); the sweep will deliver it.`,
    );
  }
}
