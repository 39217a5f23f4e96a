import { after } from "next/server";
import { inngestCanSend, sendWithinBudget } from "@/lib/platform/jobs/client";
import { webhookDeliveryCreated } from "@/lib/platform/jobs/events";
import { integrationLockReason } from "@/lib/domain/billing/entitlement";
import { getDb, sqlRows } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { endpointScopeSql } from "./event-scope";
import type { OutboxResult } from "./outbox";

// Fan-out: turns outbox rows (WebhookEvent) into one WebhookDelivery per endpoint that
// should receive them, then marks the row dispatched.
//
// - Receivers: the org's endpoints that are enabled, subscribed to the type, limited to no
//   events or to this event's (event-scope.ts), and existed when the event happened (an
//   endpoint created later does not get older events). Filters and transforms are applied
//   at send time (shape-delivery.ts), where a filtered-out delivery is recorded as such.
// - Locked integrations (platform switch, suspended org, no paid plan) at fan-out time:
//   the row is marked dispatched with no deliveries. Those events are not sent later.
// - Idempotent: the unique (eventId, endpointId) makes a second fan-out of the same row
//   (two runners, or a crash between insert and mark) create nothing new.

export const FAN_OUT_BATCH = 500;

type PendingEvent = {
  id: string;
  orgId: string;
  status: "active" | "suspended";
  billingPlan: "free" | "card" | "annual";
  annualPlanUntil: Date | null;
  billingAccountState: "active" | "suspended" | "closed";
  integrationsEnabled: boolean;
};

export type FanOutResult = { events: number; deliveryIds: string[] };

/**
 * Two statements whatever the batch (this runs after every write): the pending rows with
 * their organizations' billing state and the platform switch, then one statement that
 * creates the deliveries of the unlocked organizations' rows and marks every row read
 * dispatched. The lock rule itself stays in one place (integrationLockReason).
 */
export async function fanOutEvents(options: { now?: Date; orgId?: string; eventIds?: string[]; limit?: number } = {}): Promise<FanOutResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? FAN_OUT_BATCH;
  if (options.eventIds && options.eventIds.length === 0) return { events: 0, deliveryIds: [] };

  const events = await sqlRows<PendingEvent>`
    SELECT ev.id, ev."orgId", o.status::text AS status, o."billingPlan"::text AS "billingPlan", o."annualPlanUntil",
           o."billingAccountState"::text AS "billingAccountState",
           COALESCE((SELECT p."integrationsEnabled" FROM "PlatformSetting" p WHERE p.id = 'platform'), true) AS "integrationsEnabled"
    FROM "WebhookEvent" ev JOIN "Organization" o ON o.id = ev."orgId"
    WHERE ev."dispatchedAt" IS NULL
      ${options.orgId ? Prisma.sql`AND ev."orgId" = ${options.orgId}::uuid` : Prisma.empty}
      ${options.eventIds ? Prisma.sql`AND ev.id = ANY(${options.eventIds}::uuid[])` : Prisma.empty}
    ORDER BY ev."createdAt", ev.id
    LIMIT ${limit}`;
  if (events.length === 0) return { events: 0, deliveryIds: [] };

  const unlocked = events.filter((event) => integrationLockReason(event, event.integrationsEnabled, now) === null);
  // Receivers: enabled endpoints of the event's organization, subscribed to its type, that
  // existed when it happened. ON CONFLICT: the unique (eventId, endpointId) makes a second
  // fan-out of the same row (two runners, or a crash between insert and mark) a no-op.
  const created = await sqlRows<{ id: string }>`
    WITH deliveries AS (
      INSERT INTO "WebhookDelivery" ("eventId", "endpointId", "nextAttemptAt", "updatedAt")
      SELECT ev.id, ep.id, ${now}::timestamptz, now()
      FROM "WebhookEvent" ev
      JOIN "WebhookEndpoint" ep ON ep."orgId" = ev."orgId" AND ep.enabled AND ev.type = ANY(ep."eventTypes")
                               AND ep."createdAt" <= ev."createdAt"
                               AND ${endpointScopeSql(Prisma.sql`ev.type`, Prisma.sql`ev.data`)}
      WHERE ev.id = ANY(${unlocked.map((event) => event.id)}::uuid[])
      ON CONFLICT ("eventId", "endpointId") DO NOTHING
      RETURNING id
    ), marked AS (
      UPDATE "WebhookEvent" SET "dispatchedAt" = ${now}::timestamptz
      WHERE id = ANY(${events.map((event) => event.id)}::uuid[]) AND "dispatchedAt" IS NULL
    )
    SELECT id FROM deliveries`;
  return { events: events.length, deliveryIds: created.map((row) => row.id) };
}

const SEND_CHUNK = 100;

type DeliveryRun = { deliveryId: string; endpointId: string; orgId: string };

/**
 * Starts a `webhooks/deliver` run per delivery. Best effort: when Inngest is not
 * configured nothing is sent, and a failure is logged, never thrown; the per-minute
 * sweep (or `npm run ops -- webhooks:run-due`) delivers whatever was not started here.
 */
export async function notifyDeliveries(deliveryIds: string[]): Promise<{ sent: number }> {
  if (deliveryIds.length === 0 || !inngestCanSend()) return { sent: 0 };
  return startRuns(async (chunk) => {
    const keys = await getDb().webhookDelivery.findMany({
      where: { id: { in: chunk } },
      select: { id: true, endpointId: true, endpoint: { select: { orgId: true } } },
    });
    return keys.map((row) => ({ deliveryId: row.id, endpointId: row.endpointId, orgId: row.endpoint.orgId }));
  }, deliveryIds);
}

async function startRuns<T>(runsOf: (chunk: T[]) => Promise<DeliveryRun[]>, items: T[]): Promise<{ sent: number }> {
  let sent = 0;
  try {
    for (let i = 0; i < items.length; i += SEND_CHUNK) {
      const chunk = items.slice(i, i + SEND_CHUNK);
      const runs = await runsOf(chunk);
      // The event id makes a resend of the same delivery a no-op on Inngest's side.
      await sendWithinBudget(runs.map((run) => webhookDeliveryCreated.create(run, { id: `delivery-${run.deliveryId}` })));
      sent += chunk.length;
    }
  } catch (error) {
    console.warn(
      `[webhooks] Could not start delivery runs on Inngest (${describe(error)}); the sweep will deliver them.`,
    );
  }
  return { sent };
}

/**
 * Called by domain operations after their transaction committed: fans out the events
 * they recorded and starts their delivery runs. Inside a Next.js request this runs after
 * the response is sent (`after`), so API latency does not include it; elsewhere (CLI,
 * Inngest steps, tests) it runs inline. Never throws: the change is already saved and its
 * outbox rows are the guarantee; this only makes delivery prompt.
 */
export async function dispatchSoon(eventIds?: string[]): Promise<void> {
  await soon(() => dispatchNow(eventIds));
}

/**
 * After a hot path's statement (outboxCtes in outbox.ts) committed: what is left of the
 * event's fan-out. Either the whole fan-out (the row is not dispatched yet), or, when the
 * statement made the deliveries itself, only starting their runs (no database work).
 */
export async function afterOutboxWrite(orgId: string, outbox: OutboxResult): Promise<void> {
  if (outbox.recorded && outbox.toDispatch) return dispatchSoon([outbox.recorded]);
  const deliveries = outbox.deliveries ?? [];
  if (deliveries.length === 0 || !inngestCanSend()) return;
  await soon(() =>
    startRuns(async (chunk) => chunk.map((d) => ({ deliveryId: d.id, endpointId: d.endpointId, orgId })), deliveries),
  );
}

/** After the response inside a Next.js request; inline anywhere else. */
async function soon(work: () => Promise<unknown>): Promise<void> {
  try {
    after(work);
    return;
  } catch {
    // Not inside a request: nothing to defer to.
  }
  await work();
}

async function dispatchNow(eventIds?: string[]): Promise<void> {
  try {
    const { deliveryIds } = await fanOutEvents({ eventIds });
    await notifyDeliveries(deliveryIds);
  } catch (error) {
    console.warn(`[webhooks] Fan-out after commit failed (${describe(error)}); the sweep will retry it.`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
