import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint } from "./endpoints";
import { recordWebhookEvent } from "./outbox";
import { runDueDeliveries } from "./run-due";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// The sweep claims deliveries ahead of its free slots (run-due.ts). These tests hold it
// to the limits it promises receivers, and to giving back what it claimed but did not send.

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

/** An endpoint whose receiver answers 200 after `delayMs`, counting requests open at once. */
async function slowEndpoint(delayMs: number, events: number) {
  const org = await createTestOrg();
  const open = { now: 0, most: 0 };
  const hook = await startWebhookReceiver({
    reply: () => {
      open.now += 1;
      open.most = Math.max(open.most, open.now);
      setTimeout(() => (open.now -= 1), delayMs);
      return { status: 200, body: "ok", delayMs };
    },
  });
  receivers.push(hook);
  const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
  hook.secrets = [secret];
  for (let n = 0; n < events; n++) {
    await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "event.updated", data: { n } }));
  }
  return { org, hook, endpoint, open };
}

describe("the sweep's claims ahead of its slots", () => {
  it("never has more requests open at a receiver than the endpoint's limit, and sends each delivery once", async () => {
    const { org, hook, endpoint, open } = await slowEndpoint(50, 12);
    const summary = await runDueDeliveries({ orgId: org.id, perEndpoint: 2 });

    expect(summary.outcomes.succeeded).toBe(12);
    expect(open.most).toBe(2);
    expect(hook.received).toHaveLength(12);
    expect(new Set(hook.received.map((request) => request.headers["x-service-delivery-id"])).size).toBe(12);
    expect(hook.received.every((request) => request.verifiedWith[0])).toBe(true);
    const deliveries = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.every((delivery) => delivery.state === "succeeded" && delivery.attemptCount === 1)).toBe(true);
  });

  it("on shutdown gives back the deliveries it claimed but had not started: due again at once, unattempted", async () => {
    const { org, hook, endpoint } = await slowEndpoint(300, 3);
    const shutdown = new AbortController();
    const leases = new Set<string>();
    const sweep = runDueDeliveries({ orgId: org.id, perEndpoint: 1, signal: shutdown.signal, leases });
    await hook.waitFor(1);
    shutdown.abort();
    const summary = await sweep;

    // The attempt in flight finished; the delivery claimed behind it was not started.
    expect(summary.outcomes.succeeded).toBe(1);
    expect(hook.received).toHaveLength(1);
    expect(leases.size).toBe(0);
    const rest = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id, state: "pending" } });
    expect(rest).toHaveLength(2);
    expect(rest.every((delivery) => delivery.attemptCount === 0 && delivery.lockedUntil === null)).toBe(true);

    // The next sweep sends them.
    const next = await runDueDeliveries({ orgId: org.id });
    expect(next.outcomes.succeeded).toBe(2);
    expect(hook.received).toHaveLength(3);
  });
});
