import { Prisma } from "@/lib/generated/prisma/client";
import { endpointScopeSql } from "./event-scope";
import type { WebhookEventType } from "./event-types";
import type { PreviousAttributes } from "./previous-attributes";

// The outbox is the source of truth for webhooks: a domain operation records its event
// in the same transaction as its change, so a change that committed always has its
// event, and a change that rolled back never does. Delivery happens later (./dispatch).

/** A delivery created by a write's own statement, for starting its run after the commit. */
export type NewDelivery = { id: string; endpointId: string };

/**
 * The outbox row of a hot path's single statement (POST and PATCH of an attendee), as two
 * CTEs to follow the caller's own: `outbox` writes one row for each row of the CTE `source`
 * (none when it wrote nothing), and `deliveries` the row's deliveries. Select
 * OUTBOX_RESULT_COLUMNS to read them back (OutboxResult).
 *
 * Without `fanOut`, the row is written already dispatched when no enabled endpoint of the
 * organization subscribes to the type, which is what fan-out would conclude (it creates no
 * delivery and marks the row), so nothing has to run after the commit; `toDispatch` is
 * true otherwise, for dispatchSoon and the sweep, which apply the lock rule.
 *
 * With `fanOut`, the statement does the fan-out's work itself (dispatch.ts, same receivers:
 * enabled endpoints of the organization subscribed to the type, in scope for its event, that
 * existed when the event happened) and writes the row dispatched: nothing but starting the runs is left for after
 * the commit. Only for a caller that has just found the organization's integrations
 * unlocked (integrationLockReason): the Partner API's pipeline does, from the key's row,
 * before any handler runs. Everyone else leaves the lock to fan-out.
 */
export function outboxCtes(
  source: string,
  event: { orgId: string; type: WebhookEventType; data: Record<string, unknown>; previousAttributes?: PreviousAttributes },
  options: { fanOut: boolean },
): Prisma.Sql {
  const dispatchedAt = options.fanOut
    ? Prisma.sql`now()`
    : Prisma.sql`CASE WHEN EXISTS (
             SELECT 1 FROM "WebhookEndpoint" ep
             WHERE ep."orgId" = ${event.orgId}::uuid AND ep.enabled AND ${event.type} = ANY(ep."eventTypes")
           ) THEN NULL ELSE now() END`;
  const deliveries = options.fanOut
    ? Prisma.sql`
      INSERT INTO "WebhookDelivery" ("eventId", "endpointId", "nextAttemptAt", "updatedAt")
      SELECT o.id, ep.id, now(), now()
      FROM outbox o
      JOIN "WebhookEndpoint" ep ON ep."orgId" = ${event.orgId}::uuid AND ep.enabled AND ${event.type} = ANY(ep."eventTypes")
                               AND ep."createdAt" <= o."createdAt"
                               AND ${endpointScopeSql(Prisma.sql`${event.type}::text`, Prisma.sql`${JSON.stringify(event.data)}::jsonb`)}
      RETURNING id, "endpointId"`
    : Prisma.sql`SELECT NULL::uuid AS id, NULL::uuid AS "endpointId" WHERE false`;
  return Prisma.sql`
    outbox AS (
      INSERT INTO "WebhookEvent" ("orgId", type, data, "previousAttributes", "dispatchedAt")
      SELECT ${event.orgId}::uuid, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${previousJson(event.previousAttributes)}::jsonb, ${dispatchedAt}
      FROM ${Prisma.raw(source)}
      RETURNING id, "createdAt", "dispatchedAt" IS NULL AS "toDispatch"
    ), deliveries AS (${deliveries})`;
}

/** The outbox CTEs' results, as columns of the statement's one row. */
export const OUTBOX_RESULT_COLUMNS = Prisma.raw(`(SELECT id FROM outbox) AS recorded, (SELECT "toDispatch" FROM outbox) AS "toDispatch",
  (SELECT json_agg(json_build_object('id', d.id, 'endpointId', d."endpointId")) FROM deliveries d) AS deliveries`);

/**
 * `recorded`: the outbox row's id (null when the statement wrote nothing); `toDispatch`
 * when it still needs fan-out after the commit; `deliveries`: those the statement created.
 */
export type OutboxResult = { recorded: string | null; toDispatch: boolean | null; deliveries: NewDelivery[] | null };

const previousJson = (previous: PreviousAttributes | undefined) => (previous ? JSON.stringify(previous) : null);

export async function recordWebhookEvent(
  tx: Prisma.TransactionClient,
  event: { orgId: string; type: WebhookEventType; data: Record<string, unknown>; previousAttributes?: PreviousAttributes },
): Promise<{ id: string }> {
  // Raw SQL rather than the model API: this runs inside every write's transaction.
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "WebhookEvent" ("orgId", type, data, "previousAttributes")
    VALUES (${event.orgId}::uuid, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${previousJson(event.previousAttributes)}::jsonb)
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
