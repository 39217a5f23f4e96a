import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { routeThroughPgBouncer, type PooledDatabase } from "@/lib/testing/pooled-database";
import { recordEvents } from "@/lib/testing/webhook-burst";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createWebhookEndpoint } from "./endpoints";
import { runDueDeliveries, type RunDueSummary } from "./run-due";
import { AUTO_DISABLE_AFTER_FAILURES } from "./schedule";

// Several runners at once against one failing receiver, through a real PgBouncer in
// transaction mode (as production runs): the failures that lead to (and past) the
// automatic disable are recorded concurrently. No lock conflict may lose an attempt:
// every request the receiver saw is in the delivery log, and no attempt threw.

const onPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL);
let database: PooledDatabase;
let hook: WebhookReceiver;

describe.runIf(onPostgres)("three runners against a failing endpoint, behind PgBouncer", () => {
  beforeAll(async () => {
    // Three runners share this process's pool (in production each has its own).
    database = await routeThroughPgBouncer({ appPoolMax: 30 });
    hook = await startWebhookReceiver({ reply: () => ({ status: 500, body: "down" }) });
  }, 120_000);
  afterAll(async () => {
    await hook?.close();
    await database?.restore();
  });

  it("records every request the receiver saw, with no deadlock, while one failure disables the endpoint", async () => {
    const org = await createTestOrg();
    const { endpoint } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
    // One failure short of the threshold: the first failure disables the endpoint while the
    // runners' other attempts, already under way, fail and are recorded alongside it.
    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: AUTO_DISABLE_AFTER_FAILURES - 1 } });
    await recordEvents(org.id, 300);

    const options = { orgId: org.id, concurrency: 8, perEndpoint: 8, perOrg: 8, timeoutMs: 2_000, budgetMs: 20_000 };
    const summaries: RunDueSummary[] = await Promise.all([0, 1, 2].map(() => runDueDeliveries(options)));

    expect(summaries.map((summary) => summary.errors)).toEqual([0, 0, 0]);
    const attempts = await getDb().webhookAttempt.count({ where: { delivery: { endpointId: endpoint.id } } });
    expect(hook.received.length).toBeGreaterThan(8);
    expect(attempts).toBe(hook.received.length);
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ enabled: false, disabledReason: "consecutive_failures" });
    // Nothing is left pending for a disabled endpoint once the runners are done.
    expect(await getDb().webhookDelivery.count({ where: { endpointId: endpoint.id, state: "pending", attemptCount: 0 } })).toBe(0);
  }, 90_000);
});
