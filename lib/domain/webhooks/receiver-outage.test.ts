import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { routeThroughPgBouncer, type PooledDatabase } from "@/lib/testing/pooled-database";
import { recordEvents } from "@/lib/testing/webhook-burst";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createWebhookEndpoint } from "./endpoints";
import { runDueDeliveries } from "./run-due";
import { AUTO_DISABLE_AFTER_FAILURES, MAX_ATTEMPTS } from "./schedule";

// A receiver deploy during an import: the receiver answers 500 for 20 s while a burst of
// events arrives, two runners sweeping all along, through a real PgBouncer. The endpoint's
// circuit breaker holds the waiting deliveries back (no attempt spent), probes with
// backoff, and once a probe succeeds everything goes out: the endpoint stays enabled,
// every event arrives exactly once, and every request the receiver saw is logged.

const onPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL);
const OUTAGE_MS = 20_000;
const EVENTS = 240;
let database: PooledDatabase;
let hook: WebhookReceiver;
let down = true;
const delivered = new Map<string, number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(onPostgres)("a receiver failing for 20 s under a burst of events", () => {
  beforeAll(async () => {
    database = await routeThroughPgBouncer({ appPoolMax: 20 });
    hook = await startWebhookReceiver({
      reply: (request) => {
        if (down) return { status: 500, body: "deploying" };
        delivered.set(request.body.id, (delivered.get(request.body.id) ?? 0) + 1);
        return { status: 200, body: "ok" };
      },
    });
  }, 120_000);
  afterAll(async () => {
    await hook?.close();
    await database?.restore();
  });

  it("keeps the endpoint enabled and delivers every event exactly once after the receiver recovers", async () => {
    const org = await createTestOrg();
    const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
    hook.secrets = [secret];

    const started = Date.now();
    let running = true;
    const runner = async () => {
      while (running) {
        await runDueDeliveries({ orgId: org.id, concurrency: 8, perEndpoint: 8, perOrg: 8, timeoutMs: 2_000, budgetMs: 5_000 });
        await sleep(200);
      }
    };
    const runners = [runner(), runner()];

    // The burst: 240 events in 4 s (60/s), all during the outage.
    const eventIds: string[] = [];
    for (let batch = 0; batch < 16; batch++) {
      eventIds.push(...(await recordEvents(org.id, EVENTS / 16)));
      await sleep(250);
    }
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - started)));
    const failedDuringOutage = hook.received.length;
    down = false;

    // The attempts that failed at the start retry on their own schedule (1 min later).
    const deadline = Date.now() + 120_000;
    while (delivered.size < eventIds.length && Date.now() < deadline) await sleep(500);
    running = false;
    await Promise.all(runners);

    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ enabled: true, disabledAt: null, consecutiveFailures: 0, probeAt: null });
    expect([...delivered.keys()].sort()).toEqual([...eventIds].sort());
    expect([...delivered.values()].every((times) => times === 1)).toBe(true);
    expect(hook.received.every((request) => request.verifiedWith[0])).toBe(true);

    const deliveries = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id }, include: { attempts: true } });
    expect(deliveries).toHaveLength(eventIds.length);
    expect(deliveries.every((delivery) => delivery.state === "succeeded")).toBe(true);
    // Every request the receiver saw is in the delivery log.
    expect(deliveries.reduce((sum, delivery) => sum + delivery.attempts.length, 0)).toBe(hook.received.length);
    // Waiting behind the breaker spent no attempt: far fewer failures than events, each
    // delivery well inside its seven attempts.
    expect(failedDuringOutage).toBeLessThan(AUTO_DISABLE_AFTER_FAILURES);
    expect(Math.max(...deliveries.map((delivery) => delivery.attemptCount))).toBeLessThan(MAX_ATTEMPTS);
  }, 180_000);
});
