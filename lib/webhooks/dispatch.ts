import { after } from "next/server";
import { INNGEST_SEND_BUDGET_MS, inngest, inngestCanSend } from "@/inngest/client";
import { webhookDeliveryCreated } from "@/inngest/events";
import { integrationLockReason } from "@/lib/billing/entitlement";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { platformIntegrationsEnabled } from "@/lib/platform/integrations-switch";

// Fan-out: turns outbox rows (WebhookEvent) into one WebhookDelivery per endpoint that
// should receive them, then marks the row dispatched.
//
// - Receivers: the org's endpoints that are enabled, subscribed to the type, and existed
//   when the event happened (an endpoint created later does not get older events).
// - Locked integrations (platform switch, suspended org, no paid plan) at fan-out time:
//   the row is marked dispatched with no deliveries. Those events are not sent later.
// - Idempotent: the unique (eventId, endpointId) makes a second fan-out of the same row
//   (two runners, or a crash between insert and mark) create nothing new.

export const FAN_OUT_BATCH = 500;

type PendingEvent = { id: string; orgId: string; type: string; createdAt: Date };

export type FanOutResult = { events: number; deliveryIds: string[] };

export async function fanOutEvents(options: { now?: Date; orgId?: string; eventIds?: string[]; limit?: number } = {}): Promise<FanOutResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? FAN_OUT_BATCH;
  if (options.eventIds && options.eventIds.length === 0) return { events: 0, deliveryIds: [] };
  const db = getDb();

  const events = await db.$queryRaw<PendingEvent[]>`
    SELECT id, "orgId", type, "createdAt"
    FROM "WebhookEvent"
    WHERE "dispatchedAt" IS NULL
      ${options.orgId ? Prisma.sql`AND "orgId" = ${options.orgId}::uuid` : Prisma.empty}
      ${options.eventIds ? Prisma.sql`AND id IN (${Prisma.join(options.eventIds.map((id) => Prisma.sql`${id}::uuid`))})` : Prisma.empty}
    ORDER BY "createdAt", id
    LIMIT ${limit}`;
  if (events.length === 0) return { events: 0, deliveryIds: [] };

  const orgIds = [...new Set(events.map((event) => event.orgId))];
  const [orgs, endpoints, integrationsEnabled] = await Promise.all([
    db.organization.findMany({ where: { id: { in: orgIds } } }),
    db.webhookEndpoint.findMany({
      where: { orgId: { in: orgIds }, enabled: true },
      select: { id: true, orgId: true, eventTypes: true, createdAt: true },
    }),
    platformIntegrationsEnabled(),
  ]);
  const unlockedOrgs = new Set(
    orgs.filter((org) => integrationLockReason(org, integrationsEnabled, now) === null).map((org) => org.id),
  );

  const rows: { eventId: string; endpointId: string; nextAttemptAt: Date }[] = [];
  for (const event of events) {
    if (!unlockedOrgs.has(event.orgId)) continue;
    for (const endpoint of endpoints) {
      if (
        endpoint.orgId === event.orgId &&
        endpoint.eventTypes.includes(event.type) &&
        endpoint.createdAt.getTime() <= event.createdAt.getTime()
      ) {
        rows.push({ eventId: event.id, endpointId: endpoint.id, nextAttemptAt: now });
      }
    }
  }

  const created = rows.length
    ? await db.webhookDelivery.createManyAndReturn({ data: rows, skipDuplicates: true, select: { id: true } })
    : [];
  await db.webhookEvent.updateMany({
    where: { id: { in: events.map((event) => event.id) }, dispatchedAt: null },
    data: { dispatchedAt: now },
  });
  return { events: events.length, deliveryIds: created.map((row) => row.id) };
}

const SEND_CHUNK = 100;

/**
 * Starts a `webhooks/deliver` run per delivery. Best effort: when Inngest is not
 * configured nothing is sent, and a failure is logged, never thrown; the per-minute
 * sweep (or `npm run ops -- webhooks:run-due`) delivers whatever was not started here.
 */
export async function notifyDeliveries(deliveryIds: string[]): Promise<{ sent: number }> {
  if (deliveryIds.length === 0 || !inngestCanSend()) return { sent: 0 };
  let sent = 0;
  try {
    for (let i = 0; i < deliveryIds.length; i += SEND_CHUNK) {
      const chunk = deliveryIds.slice(i, i + SEND_CHUNK);
      const keys = await getDb().webhookDelivery.findMany({
        where: { id: { in: chunk } },
        select: { id: true, endpointId: true, endpoint: { select: { orgId: true } } },
      });
      // The event id makes a resend of the same delivery a no-op on Inngest's side.
      const sending = inngest.send(
        keys.map((row) =>
          webhookDeliveryCreated.create(
            { deliveryId: row.id, endpointId: row.endpointId, orgId: row.endpoint.orgId },
            { id: `delivery-${row.id}` },
          ),
        ),
      );
      await withinBudget(sending, INNGEST_SEND_BUDGET_MS);
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
  try {
    after(() => dispatchNow(eventIds));
    return;
  } catch {
    // Not inside a request: nothing to defer to.
  }
  await dispatchNow(eventIds);
}

async function dispatchNow(eventIds?: string[]): Promise<void> {
  try {
    const { deliveryIds } = await fanOutEvents({ eventIds });
    await notifyDeliveries(deliveryIds);
  } catch (error) {
    console.warn(`[webhooks] Fan-out after commit failed (${describe(error)}); the sweep will retry it.`);
  }
}

/**
 * Waits for `promise` at most `ms`. The SDK retries a failed send on its own; past the
 * budget the caller moves on and the retries finish (or fail) in the background.
 */
async function withinBudget<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => {}); // reported through the race below, or too late to matter
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
