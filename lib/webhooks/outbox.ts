import { Prisma } from "@/lib/generated/prisma/client";
import type { WebhookEventType } from "./event-types";

// The outbox is the source of truth for webhooks: a domain operation records its event
// in the same transaction as its change, so a change that committed always has its
// event, and a change that rolled back never does. Delivery happens later (./dispatch).

/**
 * The outbox row of a hot path's single statement (POST and PATCH of an attendee), as an
 * `INSERT` to use as a CTE: one row for each row of the CTE `source` (none when it wrote
 * nothing), returning `id` and `toDispatch`.
 *
 * The row is written already dispatched when no enabled endpoint of the organization
 * subscribes to the type, which is what fan-out would conclude (it creates no delivery and
 * marks the row), so nothing has to run after the commit; `toDispatch` is true otherwise,
 * for dispatchSoon and the sweep. An endpoint created afterwards would not receive the
 * event anyway.
 */
export function outboxInsertFrom(
  source: string,
  event: { orgId: string; type: WebhookEventType; data: Record<string, unknown> },
): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "WebhookEvent" ("orgId", type, data, "dispatchedAt")
    SELECT ${event.orgId}::uuid, ${event.type}, ${JSON.stringify(event.data)}::jsonb,
           CASE WHEN EXISTS (
             SELECT 1 FROM "WebhookEndpoint" ep
             WHERE ep."orgId" = ${event.orgId}::uuid AND ep.enabled AND ${event.type} = ANY(ep."eventTypes")
           ) THEN NULL ELSE now() END
    FROM ${Prisma.raw(source)}
    RETURNING id, "dispatchedAt" IS NULL AS "toDispatch"`;
}

export async function recordWebhookEvent(
  tx: Prisma.TransactionClient,
  event: { orgId: string; type: WebhookEventType; data: Record<string, unknown> },
): Promise<{ id: string }> {
  // Raw SQL rather than the model API: this runs inside every write's transaction.
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "WebhookEvent" ("orgId", type, data) VALUES (${event.orgId}::uuid, ${event.type}, ${JSON.stringify(event.data)}::jsonb)
    RETURNING id`;
  return row;
}

/**
 * A test event for exactly one endpoint (a ping or a sample event from the console): the
 * outbox row is written already dispatched, together with its single delivery, so fan-out
 * never sends it elsewhere, and marked `test` (one attempt, not counted toward auto-disable).
 */
export async function recordTargetedWebhookEvent(
  tx: Prisma.TransactionClient,
  event: { orgId: string; type: WebhookEventType; data: Record<string, unknown>; endpointId: string; now: Date },
): Promise<{ eventId: string; deliveryId: string }> {
  const row = await tx.webhookEvent.create({
    data: {
      orgId: event.orgId,
      type: event.type,
      data: event.data as Prisma.InputJsonValue,
      dispatchedAt: event.now,
      test: true,
    },
    select: { id: true },
  });
  const delivery = await tx.webhookDelivery.create({
    data: { eventId: row.id, endpointId: event.endpointId, nextAttemptAt: event.now },
    select: { id: true },
  });
  return { eventId: row.id, deliveryId: delivery.id };
}
