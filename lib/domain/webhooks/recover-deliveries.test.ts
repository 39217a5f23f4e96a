import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "@/lib/cli/run-cli";
import { getDb } from "@/lib/platform/db/client";
import { AppError, ERROR_STATUS } from "@/lib/platform/errors/app-error";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { createTestOrg } from "@/lib/testing/fixtures";
import { listEndpointDeliveries } from "./delivery-log";
import { createWebhookEndpoint, updateWebhookEndpoint } from "./endpoints";
import { recordWebhookEvent } from "./outbox";
import { countRecoverableDeliveries, recoverDeliveries } from "./recover-deliveries";
import { runDueDeliveries } from "./run-due";
import { sendTestEvent } from "./send-test-event";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Recovery over real HTTP: a receiver that was down, deliveries in every state, one new
// attempt for exactly the failed ones in the window, logged as a recovery.

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

const HOUR = 3600_000;

async function scenario() {
  const org = await createTestOrg();
  let down = true;
  const hook = await startWebhookReceiver({ reply: () => (down ? { status: 503, body: "down" } : { status: 200, body: "ok" }) });
  receivers.push(hook);
  const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
  hook.secrets = [secret];
  const names = ["exhausted", "cancelled", "retrying", "succeeded", "untried", "old", "test"] as const;
  const events: Record<string, string> = {};
  for (const name of names.slice(0, 6)) {
    events[name] = (await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "event.updated", data: { id: name } }))).id;
  }
  events.test = (await sendTestEvent(org.id, endpoint.id, "event.updated")).eventId;
  // All at once: the first failure opens the endpoint's breaker, which would hold the rest back.
  await runDueDeliveries({ orgId: org.id, perEndpoint: 8 });
  const deliveries = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
  const of = (name: string) => deliveries.find((d) => d.eventId === events[name])!.id;
  const now = new Date();
  const set = (name: string, data: Record<string, unknown>) => getDb().webhookDelivery.update({ where: { id: of(name) }, data });
  await set("exhausted", { state: "exhausted", attemptCount: 7, nextAttemptAt: null, completedAt: now });
  await set("cancelled", { state: "cancelled", nextAttemptAt: null, completedAt: now });
  await set("succeeded", { state: "succeeded", nextAttemptAt: null, completedAt: now });
  await set("untried", { attemptCount: 0, nextAttemptAt: new Date(now.getTime() + HOUR) });
  await set("old", { createdAt: new Date(now.getTime() - 3 * HOUR) });
  // "retrying" stays pending after its failed first attempt, its retry an hour away.
  await set("retrying", { nextAttemptAt: new Date(now.getTime() + HOUR) });
  const before = hook.received.length;
  down = false;
  return { org, hook, endpoint, of, before, since: new Date(now.getTime() - HOUR).toISOString() };
}

describe("recoverDeliveries", () => {
  it("gives exactly the failed deliveries of the window one new attempt now, numbered on, logged as a recovery", async () => {
    const { org, hook, endpoint, of, before, since } = await scenario();
    expect(await countRecoverableDeliveries(org.id, endpoint.id, { since })).toBe(3);
    expect(await recoverDeliveries(org.id, endpoint.id, { since }, OPERATOR)).toEqual({ recovered: 3 });
    await runDueDeliveries({ orgId: org.id });
    const sent = (await hook.waitFor(before + 3)).slice(before);
    expect(sent.map((r) => r.body.data.id).sort()).toEqual(["cancelled", "exhausted", "retrying"]);
    expect(sent.every((r) => r.verifiedWith[0])).toBe(true);

    const log = await listEndpointDeliveries(org.id, endpoint.id);
    const entry = (id: string) => log.find((e) => e.id === id)!;
    expect(entry(of("exhausted"))).toMatchObject({ state: "succeeded", attemptCount: 8 });
    expect(entry(of("exhausted")).attempts.at(-1)).toMatchObject({ attemptNumber: 8, succeeded: true, recovery: true });
    expect(entry(of("retrying")).attempts.map((a) => [a.attemptNumber, a.recovery])).toEqual([[1, false], [2, true]]);
    expect(entry(of("succeeded")).attempts).toHaveLength(1);
    expect(entry(of("untried")).state).toBe("pending");
    expect(entry(of("old")).attempts).toHaveLength(1);
    expect(entry(of("test")).attempts).toHaveLength(1);
    // Nothing is left to recover: a second recovery takes nothing.
    expect(await countRecoverableDeliveries(org.id, endpoint.id, { since })).toBe(0);
    expect(await recoverDeliveries(org.id, endpoint.id, { since }, OPERATOR)).toEqual({ recovered: 0 });
  });

  it("respects until", async () => {
    const { org, endpoint } = await scenario();
    const until = new Date(Date.now() - 2 * HOUR).toISOString();
    expect(await recoverDeliveries(org.id, endpoint.id, { since: new Date(Date.now() - 4 * HOUR).toISOString(), until }, OPERATOR)).toEqual({ recovered: 1 });
  });

  it("is refused with 409 while the endpoint is disabled and 402 while integrations are locked, changing nothing", async () => {
    const { org, endpoint, since } = await scenario();
    await updateWebhookEndpoint(org.id, endpoint.id, { enabled: false }, OPERATOR);
    const disabled = await recoverDeliveries(org.id, endpoint.id, { since }, OPERATOR).catch((error: AppError) => error);
    expect(disabled).toBeInstanceOf(AppError);
    expect([ERROR_STATUS[(disabled as AppError).code], (disabled as AppError).details?.reason]).toEqual([409, "endpoint_disabled"]);

    await updateWebhookEndpoint(org.id, endpoint.id, { enabled: true }, OPERATOR);
    await setBilling(org.id, { plan: "free" }, OPERATOR);
    const locked = await recoverDeliveries(org.id, endpoint.id, { since }, OPERATOR).catch((error: AppError) => error);
    expect(ERROR_STATUS[(locked as AppError).code]).toBe(402);
    expect(await getDb().webhookRecoveredAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })).toBe(0);
  });

  it("refuses a bad window and another organization's endpoint", async () => {
    const { org, endpoint } = await scenario();
    await expect(recoverDeliveries(org.id, endpoint.id, { since: "yesterday" }, OPERATOR)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const now = new Date().toISOString();
    await expect(recoverDeliveries(org.id, endpoint.id, { since: now, until: now }, OPERATOR)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const other = await createTestOrg();
    await expect(recoverDeliveries(other.id, endpoint.id, { since: now }, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("npm run ops -- webhook:recover", () => {
  it('prints { "recovered": N }', async () => {
    const { endpoint, since } = await scenario();
    let stdout = "";
    const code = await runCli(["webhook:recover", "--endpoint", endpoint.id, "--since", since], { stdout: (t) => (stdout += t), stderr: () => {} });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ recovered: 3 });
  });

  it("fails with INVALID_INPUT on a bad --since", async () => {
    const { endpoint } = await scenario();
    let stderr = "";
    const code = await runCli(["webhook:recover", "--endpoint", endpoint.id, "--since", "soon"], { stdout: () => {}, stderr: (t) => (stderr += t) });
    expect(code).toBe(1);
    expect(JSON.parse(stderr).error.code).toBe("INVALID_INPUT");
  });
});
