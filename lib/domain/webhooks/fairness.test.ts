import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { fanOutEvents } from "./dispatch";
import { createWebhookEndpoint } from "./endpoints";
import { recordWebhookEvent } from "./outbox";
import { PER_ENDPOINT_CONCURRENCY, runDueDeliveries } from "./run-due";
import { ATTEMPT_TIMEOUT_MS } from "./schedule";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Fairness across organizations needs an unscoped sweep (every organization's due
// deliveries), so this file has a database of its own.
isolateDatabase();

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function orgWithEndpoint(delayMs?: number) {
  const org = await createTestOrg();
  const hook = await startWebhookReceiver({ reply: () => ({ status: 200, body: "ok", delayMs }) });
  receivers.push(hook);
  const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
  hook.secrets = [secret];
  return { org, hook, endpoint };
}

async function record(orgId: string, count: number) {
  for (let n = 0; n < count; n++) {
    await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type: "event.updated", data: { n } }));
  }
}

describe("fair background work", () => {
  it("org A's receiver hanging until the full deadline on 50 deliveries does not delay org B's", { timeout: 60_000 }, async () => {
    // A's events are older, so a first-come sweep would give every slot to A.
    const a = await orgWithEndpoint(ATTEMPT_TIMEOUT_MS * 3);
    await record(a.org.id, 50);
    const b = await orgWithEndpoint();
    await record(b.org.id, 5);
    // Deliveries exist and are due (as after any write's fan-out): the clock measures
    // claiming and sending, not the fan-out of 55 events.
    await fanOutEvents({ orgId: a.org.id });
    await fanOutEvents({ orgId: b.org.id });

    const started = Date.now();
    // A short budget: the sweep stops claiming after 2 s and then waits for A's attempts
    // to reach the 10 s deadline.
    const sweep = runDueDeliveries({ budgetMs: 2_000 });
    await b.hook.waitFor(5, 1_000);
    const bLatencyMs = Date.now() - started;
    expect(bLatencyMs).toBeLessThan(1_000);
    // A holds no more than its endpoint's share of the slots.
    expect(a.hook.received.length).toBeLessThanOrEqual(PER_ENDPOINT_CONCURRENCY);

    const summary = await sweep;
    expect(summary.outcomes.succeeded).toBe(5);
    expect(summary.outcomes.failed).toBe(PER_ENDPOINT_CONCURRENCY);
    const attempts = await getDb().webhookAttempt.findMany({ where: { delivery: { endpointId: a.endpoint.id } } });
    expect(attempts).toHaveLength(PER_ENDPOINT_CONCURRENCY);
    expect(attempts.every((attempt) => / timed out after /.test(attempt.error ?? ""))).toBe(true);
    // Nothing of A's was dropped: the rest waits, due, for the next sweep.
    expect(await getDb().webhookDelivery.count({ where: { endpointId: a.endpoint.id, state: "pending" } })).toBe(50);
  });
});
