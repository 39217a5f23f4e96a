import { OPERATOR } from "@/lib/domain/audit/record";
import { randomUUID } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { recordWebhookEvent } from "@/lib/domain/webhooks/outbox";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { pruneWebhooks } from "./prune-webhooks";
import { sweepWebhooks } from "./sweep-webhooks";

// The two cron functions run the real sweep and prune. The only change made for the test
// is to scope them to this file's organization (they are global in production), so a
// parallel test file's deliveries are never touched; the calls are recorded to check
// what the functions pass.

const scope = vi.hoisted(() => ({ orgId: "" }));

vi.mock("@/lib/domain/webhooks/run-due", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/domain/webhooks/run-due")>();
  return { ...real, runDueDeliveries: vi.fn((options: Parameters<typeof real.runDueDeliveries>[0] = {}) => real.runDueDeliveries({ ...options, orgId: scope.orgId })) };
});
vi.mock("@/lib/domain/webhooks/prune", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/domain/webhooks/prune")>();
  return { ...real, pruneDeliveryLog: vi.fn((now?: Date) => real.pruneDeliveryLog(now, { orgId: scope.orgId })) };
});

const { runDueDeliveries } = await import("@/lib/domain/webhooks/run-due");
const { pruneDeliveryLog } = await import("@/lib/domain/webhooks/prune");

let hook: WebhookReceiver;

beforeAll(async () => {
  hook = await startWebhookReceiver();
  scope.orgId = (await createTestOrg()).id;
  const { secret } = await createWebhookEndpoint(scope.orgId, { url: hook.url, eventTypes: ["feedback.created"] }, OPERATOR);
  hook.secrets = [secret];
});
afterAll(async () => hook?.close());

describe("webhooks/sweep (every minute)", () => {
  it("is a cron trigger every minute", () => {
    expect(sweepWebhooks.opts.triggers).toEqual([{ cron: "* * * * *" }]);
  });

  it("fans out the undispatched outbox and delivers what is due", async () => {
    // As if sending the Inngest event after the commit had failed: nothing dispatched yet.
    const event = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: scope.orgId, type: "feedback.created", data: { id: "f1" } }));
    const { result } = await new InngestTestEngine({ function: sweepWebhooks }).execute();
    expect(vi.mocked(runDueDeliveries).mock.calls[0][0]).toEqual({ budgetMs: 45_000 });
    expect(result).toMatchObject({ fannedOut: { events: 1, deliveries: 1 }, attempted: 1, outcomes: { succeeded: 1 } });
    const [request] = await hook.waitFor(1);
    expect(request.body).toMatchObject({ id: event.id, type: "feedback.created", data: { id: "f1" } });
    expect(request.verifiedWith).toEqual([true]);
  });
});

describe("webhooks/prune (daily)", () => {
  it("deletes the delivery log older than 30 days and Idempotency-Keys past their 24 hours", async () => {
    const old = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: scope.orgId, type: "feedback.created", data: {} }));
    await getDb().webhookEvent.update({ where: { id: old.id }, data: { createdAt: new Date(Date.now() - 31 * 24 * 3600_000), dispatchedAt: new Date() } });
    const keyOf = (key: string) => ({ orgId: scope.orgId, key, requestHash: "x", claimToken: randomUUID() });
    await getDb().idempotencyKey.createMany({
      data: [
        { ...keyOf("expired"), expiresAt: new Date(Date.now() - 1000) },
        { ...keyOf("current"), expiresAt: new Date(Date.now() + 3600_000) },
      ],
    });
    const { result } = await new InngestTestEngine({ function: pruneWebhooks }).execute();
    expect(vi.mocked(pruneDeliveryLog)).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ deliveries: 0, events: 1 });
    expect((result as { idempotencyKeys: number }).idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await getDb().webhookEvent.findUnique({ where: { id: old.id } })).toBeNull();
    const left = await getDb().idempotencyKey.findMany({ where: { orgId: scope.orgId }, select: { key: true } });
    expect(left).toEqual([{ key: "current" }]);
    expect(pruneWebhooks.opts.triggers).toEqual([{ cron: "TZ=UTC 17 3 * * *" }]);
  });
});
