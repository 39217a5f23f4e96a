import { OPERATOR } from "@/lib/domain/audit/record";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { setOrganizationStatus } from "@/lib/domain/orgs/organizations";
import { createTestOrg } from "@/lib/testing/fixtures";
import { fanOutEvents } from "@/lib/domain/webhooks/dispatch";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { recordWebhookEvent } from "@/lib/domain/webhooks/outbox";
import { RETRY_DELAYS_MS } from "@/lib/domain/webhooks/schedule";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { deliverWebhook } from "./deliver-webhook";

// The per-delivery Inngest function with @inngest/test: real steps against the real
// database and a real receiver; every step.sleep is mocked by its id (an unmocked sleep
// never settles), and a mocked sleep moves the delivery's due time to now, as if the
// sleep had passed. A fresh engine per test (engines cache step results).

let hook: WebhookReceiver;
let replies: Reply[] = [];
let orgId: string;

beforeAll(async () => {
  hook = await startWebhookReceiver({ reply: () => replies.shift() ?? { status: 200, body: "ok" } });
  orgId = (await createTestOrg()).id;
  const { secret } = await createWebhookEndpoint(orgId, { url: hook.url, eventTypes: ["session.created"] }, OPERATOR);
  hook.secrets = [secret];
});
afterAll(async () => hook?.close());
// Each test starts with the endpoint's circuit breaker closed (a previous test's failures opened it).
beforeEach(async () => {
  await getDb().webhookEndpoint.updateMany({ where: { orgId }, data: { probeAt: null, consecutiveFailures: 0 } });
});

async function newDelivery(): Promise<string> {
  const event = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type: "session.created", data: { id: "s1" } }));
  const { deliveryIds } = await fanOutEvents({ eventIds: [event.id] });
  expect(deliveryIds).toHaveLength(1);
  return deliveryIds[0];
}

/** Mocks for wait-1..wait-n: each makes the delivery due now, like a finished sleep. */
function sleeps(deliveryId: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `wait-${i + 1}`,
    handler: async () => {
      const delivery = await getDb().webhookDelivery.update({ where: { id: deliveryId }, data: { nextAttemptAt: new Date() } });
      // The sleep (a minute or more) also outlasted the endpoint's circuit-breaker backoff.
      await getDb().webhookEndpoint.updateMany({ where: { id: delivery.endpointId, probeAt: { not: null } }, data: { probeAt: new Date() } });
    },
  }));
}

async function run(deliveryId: string, steps: { id: string; handler: () => unknown }[] = []) {
  const engine = new InngestTestEngine({ function: deliverWebhook, steps });
  // The concurrency keys, as notifyDeliveries sends them (any id for an unknown delivery).
  const row = await getDb().webhookDelivery.findFirst({ where: { id: deliveryId }, select: { endpointId: true } }).catch(() => null);
  const data = { deliveryId, endpointId: row?.endpointId ?? deliveryId, orgId };
  return engine.execute({ events: [{ name: "webhooks/delivery.created", data }] });
}

describe("webhooks/deliver", () => {
  it("delivers at once and ends", async () => {
    const deliveryId = await newDelivery();
    const before = hook.received.length;
    const { result, ctx } = await run(deliveryId);
    expect(result).toMatchObject({ deliveryId, outcomes: ["succeeded"] });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(hook.received.length - before).toBe(1);
    expect(await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ state: "succeeded", attemptCount: 1 });
  });

  it("sleeps 1 min then 5 min between failed attempts, and stops at the success", async () => {
    replies = [{ status: 500 }, { status: 502 }];
    const deliveryId = await newDelivery();
    const { result, ctx } = await run(deliveryId, sleeps(deliveryId, 2));
    expect(result).toMatchObject({ outcomes: ["failed", "failed", "succeeded"] });
    expect(ctx.step.run).toHaveBeenCalledWith("attempt-3", expect.any(Function));
    expect(ctx.step.sleep).toHaveBeenCalledTimes(2);
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(1, "wait-1", RETRY_DELAYS_MS[0]);
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(2, "wait-2", RETRY_DELAYS_MS[1]);
    const attempts = await getDb().webhookAttempt.findMany({ where: { deliveryId }, orderBy: { attemptNumber: "asc" } });
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 502, 200]);
  });

  it("makes seven attempts on the schedule, then the delivery is exhausted", async () => {
    replies = Array.from({ length: 7 }, () => ({ status: 500 }));
    const deliveryId = await newDelivery();
    const { result, ctx } = await run(deliveryId, sleeps(deliveryId, 6));
    expect(result).toMatchObject({ outcomes: ["failed", "failed", "failed", "failed", "failed", "failed", "exhausted"] });
    expect(ctx.step.sleep.mock.calls).toEqual(RETRY_DELAYS_MS.map((ms, i) => [`wait-${i + 1}`, ms]));
    expect(await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ state: "exhausted", attemptCount: 7 });
    replies = [];
  });

  it("stops without sending when another runner holds the delivery", async () => {
    const deliveryId = await newDelivery();
    await getDb().webhookDelivery.update({ where: { id: deliveryId }, data: { lockedUntil: new Date(Date.now() + 30_000) } });
    const before = hook.received.length;
    const { result, ctx } = await run(deliveryId);
    expect(result).toMatchObject({ outcomes: ["skipped"], final: { reason: "leased" } });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(hook.received.length).toBe(before);
  });

  it("stops when the delivery is already done, or unknown", async () => {
    const deliveryId = await newDelivery();
    expect((await run(deliveryId)).result).toMatchObject({ outcomes: ["succeeded"] });
    expect((await run(deliveryId)).result).toMatchObject({ outcomes: ["skipped"], final: { reason: "finished" } });
    expect((await run("00000000-0000-4000-8000-000000000000")).result).toMatchObject({ final: { reason: "not_found" } });
  });

  it("stops while integrations are locked, leaving the delivery to the sweep", async () => {
    const org = await createTestOrg();
    const lockedHook = await startWebhookReceiver();
    await createWebhookEndpoint(org.id, { url: lockedHook.url, eventTypes: ["session.created"] }, OPERATOR);
    const event = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "session.created", data: {} }));
    const [deliveryId] = (await fanOutEvents({ eventIds: [event.id] })).deliveryIds;
    await setOrganizationStatus(org.id, "suspended", OPERATOR);
    const { result, ctx } = await run(deliveryId);
    expect(result).toMatchObject({ outcomes: ["postponed"], final: { reason: "org_suspended" } });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(lockedHook.received).toHaveLength(0);
    expect(await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ state: "pending", attemptCount: 0 });
    await lockedHook.close();
  });
});
