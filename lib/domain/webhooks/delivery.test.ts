import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { decryptSecret } from "@/lib/platform/crypto/secret-box";
import { setBilling, setOrganizationStatus } from "@/lib/domain/orgs/organizations";
import { createTestOrg } from "@/lib/testing/fixtures";
import { fanOutEvents } from "./dispatch";
import { countDisabledBacklog } from "./disabled-backlog";
import { createWebhookEndpoint, enableWebhookEndpoint, rollWebhookSecret, sendTestPing, updateWebhookEndpoint } from "./endpoints";
import type { SubscribableEventType } from "./endpoint-input";
import { recordWebhookEvent } from "./outbox";
import { pruneDeliveryLog } from "./prune";
import { runDueDeliveries } from "./run-due";
import {
  AUTO_DISABLE_AFTER_FAILURES,
  AUTO_DISABLE_AFTER_MS,
  breakerBackoffMs,
  EXHAUSTION_WINDOW_MS,
  LOCKED_RETRY_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
} from "./schedule";
import { startWebhookReceiver, type ReceivedWebhook, type Reply, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Delivery over real HTTP to a receiver on 127.0.0.1 that verifies every signature.
// Time moves by passing `now` to the sweep, never by sleeping. Every sweep is scoped to
// the test's own organization, so files running in parallel never touch each other.

const receivers: WebhookReceiver[] = [];
async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function setup(options: { eventTypes?: SubscribableEventType[]; reply?: (request: ReceivedWebhook) => Reply } = {}) {
  const org = await createTestOrg();
  const hook = await receiver({ reply: options.reply });
  const { endpoint, secret } = await createWebhookEndpoint(org.id, {
    url: hook.url,
    eventTypes: options.eventTypes ?? ["event.updated"],
  }, OPERATOR);
  hook.secrets = [secret];
  return { org, hook, endpoint, secret };
}

async function record(orgId: string, type: SubscribableEventType = "event.updated", data: Record<string, unknown> = { n: 1 }) {
  return getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type, data }));
}

const deliveriesOf = (endpointId: string) =>
  getDb().webhookDelivery.findMany({ where: { endpointId }, include: { attempts: { orderBy: { attemptNumber: "asc" } } }, orderBy: { createdAt: "asc" } });

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("body and headers", () => {
  it("sends the signed body with every documented header", async () => {
    const { org, hook, endpoint } = await setup();
    const event = await record(org.id, "event.updated", { id: "e1", name: "Renamed" });
    const before = Math.floor(Date.now() / 1000);
    await runDueDeliveries({ orgId: org.id });
    const [request] = await hook.waitFor(1);
    const [delivery] = await deliveriesOf(endpoint.id);

    expect(request.verifiedWith).toEqual([true]);
    expect(Object.keys(request.body)).toEqual(["id", "type", "createdAt", "data"]);
    const row = await getDb().webhookEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(request.body).toEqual({ id: event.id, type: "event.updated", createdAt: row.createdAt.toISOString(), data: { id: "e1", name: "Renamed" } });
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["user-agent"]).toBe("ServiceWebhooks/1.0");
    expect(request.headers["x-service-event-id"]).toBe(event.id);
    expect(request.headers["x-service-event-type"]).toBe("event.updated");
    expect(request.headers["x-service-delivery-id"]).toBe(delivery.id);
    expect(request.headers["x-service-delivery-attempt"]).toBe("1");
    const signature = String(request.headers["x-service-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const t = Number(/^t=(\d+)/.exec(signature)![1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    expect(delivery).toMatchObject({ state: "succeeded", attemptCount: 1, nextAttemptAt: null, lockedUntil: null });
    expect(delivery.completedAt).not.toBeNull();
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ attemptNumber: 1, statusCode: 200, error: null, responseSnippet: "ok", succeeded: true });
    expect(delivery.attempts[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it("gives every endpoint the same event id and body, each with its own delivery id and signature", async () => {
    const { org, hook } = await setup();
    const second = await receiver();
    const other = await createWebhookEndpoint(org.id, { url: second.url, eventTypes: ["event.updated", "session.created"] }, OPERATOR);
    second.secrets = [other.secret];
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [a] = await hook.waitFor(1);
    const [b] = await second.waitFor(1);
    expect(a.rawBody).toBe(b.rawBody);
    expect(a.headers["x-service-event-id"]).toBe(b.headers["x-service-event-id"]);
    expect(a.headers["x-service-delivery-id"]).not.toBe(b.headers["x-service-delivery-id"]);
    expect(b.verifiedWith).toEqual([true]);
    // Each endpoint's secret is its own.
    hook.secrets.push(other.secret);
    expect(a.verifiedWith).toEqual([true]);
  });

  it("sends nothing to endpoints not subscribed, disabled, or created after the event", async () => {
    const { org, hook } = await setup({ eventTypes: ["session.created"] });
    const disabledHook = await receiver();
    const disabled = await createWebhookEndpoint(org.id, { url: disabledHook.url, eventTypes: ["event.updated"] }, OPERATOR);
    await updateWebhookEndpoint(org.id, disabled.endpoint.id, { enabled: false }, OPERATOR);
    await record(org.id, "event.updated");
    const lateHook = await receiver();
    await createWebhookEndpoint(org.id, { url: lateHook.url, eventTypes: ["event.updated"] }, OPERATOR);
    await runDueDeliveries({ orgId: org.id });
    // A later event does reach the late endpoint: the sweep ran and could deliver.
    await record(org.id, "event.updated");
    await runDueDeliveries({ orgId: org.id });
    await lateHook.waitFor(1);
    expect(lateHook.received).toHaveLength(1);
    expect(hook.received).toHaveLength(0);
    expect(disabledHook.received).toHaveLength(0);
  });

  it("fan-out is idempotent: a second fan-out of the same event creates no second delivery", async () => {
    const { org, endpoint } = await setup();
    const event = await record(org.id);
    const first = await fanOutEvents({ eventIds: [event.id] });
    await getDb().webhookEvent.update({ where: { id: event.id }, data: { dispatchedAt: null } });
    const second = await fanOutEvents({ eventIds: [event.id] });
    expect(first.deliveryIds).toHaveLength(1);
    expect(second.deliveryIds).toHaveLength(0);
    expect(await getDb().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });
});

describe("retry schedule", () => {
  it("retries after 1 min, 5 min, 30 min, 2 h, 5 h and 16 h, then is exhausted after exactly 7 attempts", async () => {
    const { org, hook, endpoint } = await setup({ reply: () => ({ status: 500, body: "nope" }) });
    await record(org.id);
    const t0 = new Date();
    await runDueDeliveries({ orgId: org.id, now: t0 });
    expect(hook.received).toHaveLength(1);

    let due = t0;
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const next = at(due, RETRY_DELAYS_MS[attempt - 2]);
      // A millisecond early: nothing is sent.
      await runDueDeliveries({ orgId: org.id, now: at(next, -1) });
      expect(hook.received).toHaveLength(attempt - 1);
      const [pending] = await deliveriesOf(endpoint.id);
      expect(pending.state).toBe("pending");
      expect(pending.nextAttemptAt).toEqual(next);
      await runDueDeliveries({ orgId: org.id, now: next });
      expect(hook.received).toHaveLength(attempt);
      expect(hook.received[attempt - 1].headers["x-service-delivery-attempt"]).toBe(String(attempt));
      due = next;
    }
    expect(due.getTime() - t0.getTime()).toBe((23 * 60 + 36) * 60_000);

    await runDueDeliveries({ orgId: org.id, now: at(due, 30 * 24 * 3600_000) });
    expect(hook.received).toHaveLength(7);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: "exhausted", attemptCount: 7, nextAttemptAt: null });
    expect(delivery.completedAt).toEqual(due);
    expect(delivery.attempts.map((a) => [a.attemptNumber, a.statusCode, a.succeeded, a.responseSnippet])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => [n, 500, false, "nope"]),
    );
    // Same id and body on every retry.
    expect(new Set(hook.received.map((r) => r.rawBody)).size).toBe(1);
    expect(hook.received.every((r) => r.verifiedWith[0])).toBe(true);
  });

  it("stops retrying after a success", async () => {
    let calls = 0;
    const { org, hook, endpoint } = await setup({ reply: () => (++calls < 3 ? { status: 503 } : { status: 204 }) });
    await record(org.id);
    const t0 = new Date();
    await runDueDeliveries({ orgId: org.id, now: t0 });
    await runDueDeliveries({ orgId: org.id, now: at(t0, RETRY_DELAYS_MS[0]) });
    await runDueDeliveries({ orgId: org.id, now: at(t0, RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]) });
    await runDueDeliveries({ orgId: org.id, now: at(t0, 48 * 3600_000) });
    expect(hook.received).toHaveLength(3);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: "succeeded", attemptCount: 3, nextAttemptAt: null });
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([503, 503, 204]);
  });

  it.each<[string, { status: number; redirect?: boolean; delayMs?: number }, number | undefined, number | null, RegExp | null]>([
    ["a redirect (not followed)", { status: 302, redirect: true }, undefined, 302, /redirect/i],
    ["a 404", { status: 404 }, undefined, 404, null],
    ["a 2xx that comes after the deadline", { status: 200, delayMs: 1_000 }, 200, null, /timed out after/],
  ])("counts %s as a failure", async (_label, reply, timeoutMs, statusCode, error) => {
    const elsewhere = await receiver();
    const { org, hook, endpoint } = await setup({
      reply: () => ({ status: reply.status, delayMs: reply.delayMs, headers: reply.redirect ? { location: elsewhere.url } : undefined }),
    });
    await record(org.id);
    await runDueDeliveries({ orgId: org.id, timeoutMs });
    await hook.waitFor(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.state).toBe("pending");
    expect(delivery.attempts[0]).toMatchObject({ succeeded: false, statusCode });
    if (error) expect(delivery.attempts[0].error).toMatch(error);
    expect(elsewhere.received).toHaveLength(0);
  });

  it("stores at most 2 KB of the response body, cut on a character boundary and marked as cut", async () => {
    const body = `<script>alert(1)</script>${"é".repeat(5_000)}`;
    const { org, endpoint } = await setup({ reply: () => ({ status: 500, body }) });
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    const snippet = delivery.attempts[0].responseSnippet!;
    expect(Buffer.byteLength(snippet, "utf8")).toBeLessThanOrEqual(2048);
    expect(snippet.endsWith("… [truncated]")).toBe(true);
    expect(snippet.startsWith("<script>alert(1)</script>éé")).toBe(true);
    expect(snippet).not.toContain("\uFFFD");
  });

  it("keeps with each attempt the headers sent (no secret) and the headers received, the latter capped at 2 KB", async () => {
    const { org, hook, endpoint, secret } = await setup({
      reply: () => ({ status: 500, body: "nope", headers: { "x-receiver": "v2", "x-z-padding": "p".repeat(3_000) } }),
    });
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [request] = await hook.waitFor(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    const attempt = delivery.attempts[0];
    const sent = attempt.requestHeaders as Record<string, string>;
    expect(sent["X-Service-Signature"]).toBe(request.headers["x-service-signature"]);
    expect(sent["X-Service-Delivery-Attempt"]).toBe("1");
    expect(sent["User-Agent"]).toBe("ServiceWebhooks/1.0");
    expect(JSON.stringify(sent)).not.toContain(secret);
    expect(attempt.responseHeaders).toMatch(/^content-type: text\/plain$/m);
    expect(attempt.responseHeaders).toMatch(/^x-receiver: v2$/m);
    expect(Buffer.byteLength(attempt.responseHeaders!, "utf8")).toBeLessThanOrEqual(2048);
    expect(attempt.responseHeaders!.endsWith("… [truncated]")).toBe(true);
  });

  it("keeps both on the success path too", async () => {
    const { org, endpoint } = await setup();
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.attempts[0]).toMatchObject({ succeeded: true });
    expect((delivery.attempts[0].requestHeaders as Record<string, string>)["X-Service-Event-Type"]).toBe("event.updated");
    expect(delivery.attempts[0].responseHeaders).toMatch(/^content-type: text\/plain$/m);
  });

  it("stores a response body that fits as it is, without a marker", async () => {
    const { org, endpoint } = await setup({ reply: () => ({ status: 500, body: "y".repeat(2048) }) });
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.attempts[0].responseSnippet).toBe("y".repeat(2048));
  });

  it("re-checks the URL at send time: a stored private address is refused without a request", async () => {
    const { org, hook, endpoint } = await setup();
    // Bypasses the save-time check, as a row written before a rule existed would.
    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: "https://10.0.0.1/hook" } });
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.attempts[0]).toMatchObject({ succeeded: false, statusCode: null });
    expect(delivery.attempts[0].error).toMatch(/private/);
    expect(hook.received).toHaveLength(0);
  });
});

describe("an undecryptable signing secret", () => {
  it("is a failed attempt (logged, counted, retried), never an unsigned request", async () => {
    const { org, hook, endpoint } = await setup();
    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { secretCiphertext: "v1.AAAA.BBBB.CCCC" } });
    await record(org.id);
    const summary = await runDueDeliveries({ orgId: org.id });
    expect(summary).toMatchObject({ attempted: 1, errors: 0, outcomes: { failed: 1 } });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: "pending", attemptCount: 1 });
    expect(delivery.attempts[0].error).toMatch(/could not be decrypted/);
    expect(delivery.attempts[0]).toMatchObject({ requestHeaders: null, responseHeaders: null });
    expect(hook.received).toHaveLength(0);
  });
});

describe("the endpoint's circuit breaker", () => {
  const endpointRow = (id: string) => getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } });
  const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

  it("a failure holds the others back (no attempt spent), one probe goes after the backoff, a success closes it", async () => {
    let status = 500;
    const { org, hook, endpoint } = await setup({ reply: () => ({ status }) });
    for (let i = 0; i < 3; i++) await record(org.id);
    const t0 = new Date();
    await runDueDeliveries({ orgId: org.id, now: t0, concurrency: 1 });
    expect(hook.received).toHaveLength(1);
    expect(await endpointRow(endpoint.id)).toMatchObject({ consecutiveFailures: 1, probeAt: at(t0, breakerBackoffMs(1)) });
    expect((await deliveriesOf(endpoint.id)).map((d) => d.attemptCount).sort()).toEqual([0, 0, 1]);

    // Before the probe time nothing goes; at it, exactly one probe, which fails: the backoff doubles.
    await runDueDeliveries({ orgId: org.id, now: at(t0, breakerBackoffMs(1) - 1), concurrency: 4 });
    expect(hook.received).toHaveLength(1);
    const probeTime = at(t0, breakerBackoffMs(1));
    await runDueDeliveries({ orgId: org.id, now: probeTime, concurrency: 4 });
    expect(hook.received).toHaveLength(2);
    expect(await endpointRow(endpoint.id)).toMatchObject({ consecutiveFailures: 2, probeAt: at(probeTime, breakerBackoffMs(2)) });

    // The next probe succeeds: the breaker closes, and what waited goes out in the same sweep.
    status = 200;
    await record(org.id);
    await runDueDeliveries({ orgId: org.id, now: at(probeTime, breakerBackoffMs(2)), concurrency: 4 });
    expect(await endpointRow(endpoint.id)).toMatchObject({ consecutiveFailures: 0, probeAt: null });
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.filter((d) => d.state === "succeeded")).toHaveLength(2);
    // The two that failed retry on their own schedule (1 min), and succeed then.
    await runDueDeliveries({ orgId: org.id, now: at(t0, 2 * 60_000), concurrency: 4 });
    expect((await deliveriesOf(endpoint.id)).every((d) => d.state === "succeeded" && d.attemptCount <= 2)).toBe(true);
    expect(await getDb().webhookAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })).toBe(hook.received.length);
  });

  it(`disables a dead endpoint after ${AUTO_DISABLE_AFTER_FAILURES} failed probes (${Math.round(AUTO_DISABLE_AFTER_MS / 3_600_000)} h), cancels what is pending; re-enabling delivers everything it missed`, async () => {
    let status = 500;
    const { org, hook, endpoint } = await setup({ reply: () => ({ status }) });
    for (let i = 0; i < 60; i++) await record(org.id);
    // Started far enough back that the disable lies in the past (the backlog counts from it).
    const t0 = new Date(Date.now() - AUTO_DISABLE_AFTER_MS - 3_600_000);
    let now = t0;
    for (let sweep = 0; sweep < AUTO_DISABLE_AFTER_FAILURES + 5; sweep++) {
      await runDueDeliveries({ orgId: org.id, now, concurrency: 1 });
      const row = await endpointRow(endpoint.id);
      if (!row.enabled || !row.probeAt) break;
      now = row.probeAt;
    }
    expect(hook.received).toHaveLength(AUTO_DISABLE_AFTER_FAILURES);
    const disabled = await endpointRow(endpoint.id);
    expect(disabled).toMatchObject({ enabled: false, disabledReason: "consecutive_failures", consecutiveFailures: AUTO_DISABLE_AFTER_FAILURES, probeAt: null });
    expect(disabled.disabledAt!.getTime() - t0.getTime()).toBe(AUTO_DISABLE_AFTER_MS);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.state).filter((s) => s === "cancelled")).toHaveLength(60);

    // A disabled endpoint gets no new deliveries, even much later.
    await record(org.id);
    await runDueDeliveries({ orgId: org.id, now: new Date(now.getTime() + 3 * 3600_000) });
    expect(hook.received).toHaveLength(AUTO_DISABLE_AFTER_FAILURES);
    expect(await getDb().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(60);

    // Re-enabled with its backlog: the 60 cancelled deliveries and the event it missed.
    expect(await countDisabledBacklog(org.id, endpoint.id)).toBe(61);
    status = 200;
    const { endpoint: enabled, backlogDelivered } = await enableWebhookEndpoint(org.id, endpoint.id, { deliverBacklog: true }, OPERATOR);
    expect(enabled).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 });
    expect(backlogDelivered).toBe(61);
    await runDueDeliveries({ orgId: org.id });
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toHaveLength(61);
    expect(deliveries.every((d) => d.state === "succeeded")).toBe(true);
    expect(hook.received).toHaveLength(AUTO_DISABLE_AFTER_FAILURES + 61);
    expect(await countDisabledBacklog(org.id, endpoint.id)).toBe(0);
  });

  it("re-enabling without the backlog sends only what is recorded from then on", async () => {
    const { org, hook, endpoint } = await setup();
    await updateWebhookEndpoint(org.id, endpoint.id, { enabled: false }, OPERATOR);
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    expect(await countDisabledBacklog(org.id, endpoint.id)).toBe(1);
    expect((await enableWebhookEndpoint(org.id, endpoint.id, { deliverBacklog: false }, OPERATOR)).backlogDelivered).toBe(0);
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    expect(hook.received).toHaveLength(1);
  });
});

describe("two runners at once", () => {
  it("never send the same delivery twice", async () => {
    const { org, hook, endpoint } = await setup({ reply: () => ({ status: 200, delayMs: 150 }) });
    for (let i = 0; i < 12; i++) await record(org.id);
    await fanOutEvents({ orgId: org.id });
    const [a, b] = await Promise.all([
      runDueDeliveries({ orgId: org.id, concurrency: 4 }),
      runDueDeliveries({ orgId: org.id, concurrency: 4 }),
    ]);
    expect(hook.received).toHaveLength(12);
    const ids = hook.received.map((r) => r.headers["x-service-delivery-id"]);
    expect(new Set(ids).size).toBe(12);
    expect(a.outcomes.succeeded + b.outcomes.succeeded).toBe(12);
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.every((d) => d.state === "succeeded" && d.attemptCount === 1 && d.attempts.length === 1)).toBe(true);
  });
});

describe("locked integrations", () => {
  it("at fan-out: the event is marked dispatched with no deliveries, and is not sent after unlocking", async () => {
    const { org, hook } = await setup();
    await setBilling(org.id, { plan: "free" }, OPERATOR);
    const event = await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const row = await getDb().webhookEvent.findUniqueOrThrow({ where: { id: event.id }, include: { deliveries: true } });
    expect(row.dispatchedAt).not.toBeNull();
    expect(row.deliveries).toHaveLength(0);
    await setBilling(org.id, { plan: "card" }, OPERATOR);
    await runDueDeliveries({ orgId: org.id });
    expect(hook.received).toHaveLength(0);
  });

  it("a queued delivery waits while locked (not an attempt, not a failure) and goes out once unlocked", async () => {
    const { org, hook, endpoint } = await setup();
    await record(org.id);
    await fanOutEvents({ orgId: org.id });
    await setOrganizationStatus(org.id, "suspended", OPERATOR);
    const t0 = new Date();
    const summary = await runDueDeliveries({ orgId: org.id, now: t0 });
    expect(summary.outcomes.postponed).toBe(1);
    expect(hook.received).toHaveLength(0);
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: "pending", attemptCount: 0, nextAttemptAt: at(t0, LOCKED_RETRY_MS), lockedUntil: null });
    expect(delivery.attempts).toHaveLength(0);
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).consecutiveFailures).toBe(0);

    await setOrganizationStatus(org.id, "active", OPERATOR);
    await runDueDeliveries({ orgId: org.id, now: at(t0, LOCKED_RETRY_MS) });
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0].headers["x-service-delivery-attempt"]).toBe("1");
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: "succeeded", attemptCount: 1 });
  });

  it("a delivery still locked 24 h after it was queued is exhausted without being sent", async () => {
    const { org, hook, endpoint } = await setup();
    await record(org.id);
    await fanOutEvents({ orgId: org.id });
    await setBilling(org.id, { plan: "free" }, OPERATOR);
    const [queued] = await deliveriesOf(endpoint.id);
    await runDueDeliveries({ orgId: org.id, now: at(queued.createdAt, EXHAUSTION_WINDOW_MS - 60_000) });
    expect((await deliveriesOf(endpoint.id))[0].state).toBe("pending");
    const summary = await runDueDeliveries({ orgId: org.id, now: at(queued.createdAt, EXHAUSTION_WINDOW_MS + 5 * 60_000) });
    expect(summary.outcomes.exhausted).toBe(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ state: "exhausted", attemptCount: 0 });
    expect(delivery.attempts).toHaveLength(0);
    await setBilling(org.id, { plan: "card" }, OPERATOR);
    await runDueDeliveries({ orgId: org.id, now: at(queued.createdAt, 2 * EXHAUSTION_WINDOW_MS) });
    expect(hook.received).toHaveLength(0);
  });

  it("refuses a test ping while locked", async () => {
    const { org, endpoint } = await setup();
    await setBilling(org.id, { plan: "free" }, OPERATOR);
    await expect(sendTestPing(org.id, endpoint.id)).rejects.toMatchObject({ code: "PAYMENT_REQUIRED" });
    await setOrganizationStatus(org.id, "suspended", OPERATOR);
    await expect(sendTestPing(org.id, endpoint.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("secret roll", () => {
  it("signs with both secrets for 24 h, then with the new one only", async () => {
    const { org, hook, endpoint, secret: oldSecret } = await setup();
    const rolledAt = new Date();
    const rolled = await rollWebhookSecret(org.id, endpoint.id, OPERATOR, rolledAt);
    expect(rolled.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(rolled.secret).not.toBe(oldSecret);
    expect(rolled.endpoint.previousSecretExpiresAt).toEqual(at(rolledAt, 24 * 3600_000));
    const stored = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(decryptSecret(stored.secretCiphertext)).toBe(rolled.secret);
    expect(decryptSecret(stored.previousSecretCiphertext!)).toBe(oldSecret);
    hook.secrets = [oldSecret, rolled.secret];

    await record(org.id);
    await runDueDeliveries({ orgId: org.id, now: at(rolledAt, 23 * 3600_000) });
    expect(hook.received[0].verifiedWith).toEqual([true, true]);
    expect(String(hook.received[0].headers["x-service-signature"]).match(/v1=/g)).toHaveLength(2);

    await record(org.id);
    await runDueDeliveries({ orgId: org.id, now: at(rolledAt, 24 * 3600_000 + 1000) });
    expect(hook.received[1].verifiedWith).toEqual([false, true]);
    expect(String(hook.received[1].headers["x-service-signature"]).match(/v1=/g)).toHaveLength(1);
  });
});

describe("pruneDeliveryLog", () => {
  it("deletes deliveries, their attempts and orphaned events older than 30 days, and keeps the rest", async () => {
    const { org, endpoint } = await setup({ eventTypes: ["event.updated"] });
    const old = await record(org.id);
    const recent = await record(org.id);
    const unsubscribedOld = await record(org.id, "session.created");
    const unsubscribedRecent = await record(org.id, "session.created");
    await runDueDeliveries({ orgId: org.id });
    const now = new Date();
    const aged = at(now, -31 * 24 * 3600_000);
    const edge = at(now, -29 * 24 * 3600_000);
    await getDb().webhookEvent.updateMany({ where: { id: { in: [old.id, unsubscribedOld.id] } }, data: { createdAt: aged } });
    await getDb().webhookEvent.updateMany({ where: { id: { in: [recent.id, unsubscribedRecent.id] } }, data: { createdAt: edge } });
    await getDb().webhookDelivery.updateMany({ where: { eventId: old.id }, data: { createdAt: aged } });
    await getDb().webhookDelivery.updateMany({ where: { eventId: recent.id }, data: { createdAt: edge } });
    const oldDelivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId: old.id } });

    const pruned = await pruneDeliveryLog(now, { orgId: org.id });
    expect(pruned).toEqual({ deliveries: 1, events: 2 });
    const remaining = await getDb().webhookEvent.findMany({ where: { orgId: org.id }, select: { id: true } });
    expect(remaining.map((e) => e.id).sort()).toEqual([recent.id, unsubscribedRecent.id].sort());
    expect((await deliveriesOf(endpoint.id)).map((d) => d.eventId)).toEqual([recent.id]);
    expect(await getDb().webhookAttempt.count({ where: { deliveryId: oldDelivery.id } })).toBe(0);
  });
});
