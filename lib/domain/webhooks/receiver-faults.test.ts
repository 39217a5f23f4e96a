import { OPERATOR } from "@/lib/domain/audit/record";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { attemptDelivery } from "./deliver";
import { createWebhookEndpoint } from "./endpoints";
import { recordWebhookEvent } from "./outbox";
import { resendDelivery } from "./resend-delivery";
import { capPartnerText } from "@/lib/platform/text/cap-partner-text";
import { runDueDeliveries } from "./run-due";
import { AUTO_DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./schedule";
import { startWebhookReceiver, type ReceivedWebhook, type Reply, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Receivers that misbehave, over real HTTP on 127.0.0.1. A day-long outage runs through
// the production schedule by moving the sweep's clock (`now`), never by sleeping; the
// request deadline is injected (timeoutMs) so a hanging receiver costs milliseconds.

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function receiver(options: { reply?: (request: ReceivedWebhook) => Reply; port?: number } = {}): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(options);
  closers.push(() => started.close());
  return started;
}

async function setup(reply?: (request: ReceivedWebhook) => Reply) {
  const org = await createTestOrg();
  const hook = await receiver({ reply });
  const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
  hook.secrets = [secret];
  return { org, hook, endpoint };
}

const record = (orgId: string, n: number) =>
  getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type: "event.updated", data: { n } }));

const deliveriesOf = (endpointId: string) =>
  getDb().webhookDelivery.findMany({
    where: { endpointId },
    include: { attempts: { orderBy: { attemptNumber: "asc" } } },
    orderBy: { createdAt: "asc" },
  });

const endpointRow = (id: string) => getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } });

/** Takes the receiver down (connections refused) and returns how to bring it back on the same URL. */
async function takeDown(hook: WebhookReceiver) {
  const port = Number(new URL(hook.url).port);
  await hook.close();
  return async () => {
    const back = await receiver({ port });
    back.secrets = hook.secrets;
    return back;
  };
}

describe("a receiver down for 24 hours", () => {
  it("is probed at the breaker's pace, each delivery within its 7 attempts, all logged; after recovery every event arrives", async () => {
    const { org, hook, endpoint } = await setup();
    const bringBack = await takeDown(hook);
    const events = [await record(org.id, 1), await record(org.id, 2), await record(org.id, 3)];

    // Sweep whenever something could go: the probe time, or a delivery's own retry time.
    const t0 = new Date();
    let now = t0;
    let sweeps = 0;
    while (now.getTime() < t0.getTime() + 24 * 3_600_000 && sweeps++ < 200) {
      await runDueDeliveries({ orgId: org.id, now });
      const row = await endpointRow(endpoint.id);
      const [next] = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id, state: "pending" }, orderBy: { nextAttemptAt: "asc" }, take: 1 });
      if (!next?.nextAttemptAt) break;
      now = new Date(Math.max(row.probeAt?.getTime() ?? 0, next.nextAttemptAt.getTime(), now.getTime() + 1));
    }

    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toHaveLength(events.length);
    for (const delivery of deliveries) {
      expect(delivery.attempts.length).toBeLessThanOrEqual(MAX_ATTEMPTS);
      expect(delivery.attempts.map((a) => a.attemptNumber)).toEqual(delivery.attempts.map((_, i) => i + 1));
      expect(delivery.attempts.every((a) => !a.succeeded && a.statusCode === null && /^(?!network:).*ECONNREFUSED/.test(a.error ?? ""))).toBe(true);
    }
    // A day of probing is far from the days a dead endpoint takes to be disabled.
    const row = await endpointRow(endpoint.id);
    expect(row.enabled).toBe(true);
    expect(row.consecutiveFailures).toBeLessThan(AUTO_DISABLE_AFTER_FAILURES);
    // Each failed probe counts; of the first attempts, all sent at once, only the one that opened the breaker.
    expect(row.consecutiveFailures).toBe(deliveries.reduce((sum, d) => sum + d.attempts.length, 0) - (events.length - 1));

    // Back: the next probe succeeds and closes the breaker; what is still pending goes with
    // it, and an exhausted delivery is resent by hand.
    const back = await bringBack();
    await runDueDeliveries({ orgId: org.id, now: new Date(Math.max(row.probeAt!.getTime(), now.getTime()) + 24 * 3_600_000) });
    expect((await endpointRow(endpoint.id)).probeAt).toBeNull();
    for (const delivery of await deliveriesOf(endpoint.id)) {
      if (delivery.state === "exhausted") {
        await resendDelivery(org.id, delivery.id);
        expect(await attemptDelivery(delivery.id)).toMatchObject({ kind: "succeeded", attemptNumber: MAX_ATTEMPTS + 1 });
      }
    }
    expect(back.received.map((r) => r.body.id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(back.received.every((r) => r.verifiedWith[0])).toBe(true);
    expect((await endpointRow(endpoint.id)).consecutiveFailures).toBe(0);
  });
});

describe("misbehaving receivers", () => {
  it("a receiver that never answers: the attempt ends at the deadline as a timeout and is retried", async () => {
    const { org, endpoint } = await setup(() => ({ status: 200, delayMs: 60_000 }));
    await record(org.id, 1);
    const started = Date.now();
    await runDueDeliveries({ orgId: org.id, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.state).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ succeeded: false, statusCode: null });
    expect(delivery.attempts[0].error).toMatch(/^The request to .* timed out after 300 ms\./);
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(290);
  });

  it.each([301, 302, 303, 307, 308])("a %i is recorded with its status and not followed", async (status) => {
    const elsewhere = await receiver();
    const { org, endpoint } = await setup(() => ({ status, body: "moved", headers: { location: elsewhere.url } }));
    await record(org.id, 1);
    await runDueDeliveries({ orgId: org.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.state).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ succeeded: false, statusCode: status, responseSnippet: "moved" });
    expect(delivery.attempts[0].error).toMatch(/Redirects are not followed/);
    expect(elsewhere.received).toHaveLength(0);
  });

  it("a 410 Gone is an ordinary failure: retried on schedule, counted, the endpoint stays enabled", async () => {
    const { org, hook, endpoint } = await setup(() => ({ status: 410, body: "gone" }));
    await record(org.id, 1);
    const t0 = new Date();
    await runDueDeliveries({ orgId: org.id, now: t0 });
    await runDueDeliveries({ orgId: org.id, now: new Date(t0.getTime() + RETRY_DELAYS_MS[0]) });
    expect(hook.received).toHaveLength(2);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: "pending", attemptCount: 2 });
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([410, 410]);
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: true, consecutiveFailures: 2 });
  });

  it("a response body that never ends is read only up to the cap, then the connection is dropped", async () => {
    let bytesSent = 0;
    let clientGone = false;
    const firehose = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(500, { "content-type": "text/plain" });
        const chunk = Buffer.alloc(64 * 1024, "y");
        const pump = () => {
          while (!res.destroyed && bytesSent < 500 * 1024 * 1024 && res.write(chunk)) bytesSent += chunk.length;
        };
        res.on("drain", pump);
        res.on("close", () => {
          clientGone = true;
        });
        pump();
      });
    });
    await new Promise<void>((resolve) => firehose.listen(0, "127.0.0.1", resolve));
    closers.push(async () => {
      firehose.closeAllConnections();
      await new Promise<void>((resolve) => firehose.close(() => resolve()));
    });
    const org = await createTestOrg();
    const { endpoint } = await createWebhookEndpoint(org.id, {
      url: `http://127.0.0.1:${(firehose.address() as AddressInfo).port}/hooks`,
      eventTypes: ["event.updated"],
    }, OPERATOR);
    await record(org.id, 1);

    await runDueDeliveries({ orgId: org.id, timeoutMs: 5_000 });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.attempts[0]).toMatchObject({ succeeded: false, statusCode: 500, error: null });
    expect(delivery.attempts[0].responseSnippet).toBe(capPartnerText("y".repeat(2048), { truncated: true }));
    // Ended by the cap, not by the 5 s deadline, and far short of the 500 MB on offer.
    expect(delivery.attempts[0].durationMs).toBeLessThan(5_000);
    await expect.poll(() => clientGone).toBe(true);
    expect(bytesSent).toBeLessThan(50 * 1024 * 1024);
  });
});

describe("outbound connections", () => {
  it("two sequential deliveries to one receiver share one kept-alive TCP connection", async () => {
    const { org, hook } = await setup();
    await record(org.id, 1);
    await runDueDeliveries({ orgId: org.id });
    await record(org.id, 2);
    await runDueDeliveries({ orgId: org.id });
    expect(hook.received).toHaveLength(2);
    expect(hook.connections).toBe(1);
  });
});
