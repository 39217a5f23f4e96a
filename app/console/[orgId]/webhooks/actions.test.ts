import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { TUNNEL_HINT } from "@/lib/platform/outbound/local-url-hint";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { createTestOrg } from "@/lib/testing/fixtures";
import { activeSigningSecrets } from "@/lib/domain/webhooks/signing-secret";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createConsoleUser } from "@/lib/testing/console-session";

// The webhook server actions of the console with a real database and a real receiver;
// only the session is stubbed. Who may do what (admin, member, outsider), what the
// libraries refuse, and the test ping / resend attempted during the request (no Inngest
// is configured in tests, as on a local install).

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const actions = await import("./actions");

let receiver: WebhookReceiver;
let orgId: string;
let admin: SessionUser;
let member: SessionUser;
let outsider: SessionUser;


function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  orgId = (await createTestOrg({ plan: "card" })).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
  outsider = await createConsoleUser((await createTestOrg()).id, "admin");
});
afterAll(async () => receiver?.close());

async function createEndpoint(): Promise<{ id: string; secret: string }> {
  session.user = admin;
  const result = await actions.createEndpointAction(null, form({ orgId, url: receiver.url, eventTypes: ["attendee.created", "session.created"], description: "CRM" }));
  if (!result.ok) throw new Error(result.message);
  return result.data;
}

describe("webhook actions", () => {
  it("creates an endpoint for an admin and returns its secret once, stored only encrypted", async () => {
    const { id, secret } = await createEndpoint();
    expect(secret).toMatch(/^whsec_/);
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ orgId, url: receiver.url, description: "CRM", createdById: admin.id });
    expect(row.secretCiphertext).not.toContain(secret.slice(6));
  });

  it("puts the delivery guard's refusal, with the tunnel hint, under the url field and creates nothing", async () => {
    session.user = admin;
    const before = await getDb().webhookEndpoint.count({ where: { orgId } });
    const result = await actions.createEndpointAction(null, form({ orgId, url: "https://192.168.1.10/hook", eventTypes: "attendee.created" }));
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT", fields: { url: `The address 192.168.1.10 is a private network address. ${TUNNEL_HINT}` } });
    expect(await getDb().webhookEndpoint.count({ where: { orgId } })).toBe(before);
  });

  it("refuses every change by a member (admin_required) and answers not found to an outsider", async () => {
    const { id } = await createEndpoint();
    const calls = [
      () => actions.createEndpointAction(null, form({ orgId, url: receiver.url, eventTypes: "attendee.created" })),
      () => actions.updateEndpointAction(null, form({ orgId, endpointId: id, url: receiver.url, eventTypes: "attendee.created", description: "x" })),
      () => actions.setEndpointEnabledAction(null, form({ orgId, endpointId: id, enabled: "false" })),
      () => actions.rollSecretAction(null, form({ orgId, endpointId: id })),
      () => actions.sendTestPingAction(null, form({ orgId, endpointId: id })),
      () => actions.deleteEndpointAction(null, form({ orgId, endpointId: id })),
    ];
    for (const [user, expected] of [
      [member, { ok: false, code: "FORBIDDEN", reason: "admin_required" }],
      [outsider, { ok: false, code: "NOT_FOUND" }],
    ] as const) {
      session.user = user;
      for (const call of calls) expect(await call()).toMatchObject(expected);
    }
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ enabled: true, description: "CRM", previousSecretCiphertext: null });
    expect(await getDb().webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
  });

  it("delivers a test ping during the request and reports it; a member can poll its state", async () => {
    const { id, secret } = await createEndpoint();
    receiver.secrets = [secret];
    const before = receiver.received.length;
    const result = await actions.sendTestPingAction(null, form({ orgId, endpointId: id }));
    expect(result).toMatchObject({ ok: true, data: { state: "succeeded", attemptCount: 1, lastAttempt: { statusCode: 200, succeeded: true } } });
    expect(result.ok && result.message).toMatch(/^Test ping delivered: HTTP 200 in \d+ ms \(attempt 1\)\.$/);
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)).toMatchObject({ body: { type: "ping" }, verifiedWith: [true] });

    session.user = member;
    const deliveryId = result.ok ? result.data.deliveryId : "";
    expect(await actions.deliveryStatusAction(orgId, id, deliveryId)).toMatchObject({ ok: true, data: { state: "succeeded" } });
    session.user = outsider;
    expect(await actions.deliveryStatusAction(orgId, id, deliveryId)).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("resends a delivery as the next attempt, only through the endpoint it belongs to", async () => {
    const a = await createEndpoint();
    const b = await createEndpoint();
    const ping = await actions.sendTestPingAction(null, form({ orgId, endpointId: a.id }));
    const deliveryId = ping.ok ? ping.data.deliveryId : "";

    expect(await actions.resendDeliveryAction(null, form({ orgId, endpointId: b.id, deliveryId }))).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const resent = await actions.resendDeliveryAction(null, form({ orgId, endpointId: a.id, deliveryId }));
    expect(resent).toMatchObject({ ok: true, data: { deliveryId, state: "succeeded", attemptCount: 2, lastAttempt: { attemptNumber: 2 } } });

    session.user = member;
    expect(await actions.resendDeliveryAction(null, form({ orgId, endpointId: a.id, deliveryId }))).toMatchObject({ reason: "admin_required" });
    expect((await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).attemptCount).toBe(2);
  });

  it("rolls the secret with a 24-hour overlap, and deletes", async () => {
    const { id, secret } = await createEndpoint();
    const rolled = await actions.rollSecretAction(null, form({ orgId, endpointId: id }));
    expect(rolled).toMatchObject({ ok: true, data: { secret: expect.stringMatching(/^whsec_/) } });
    if (!rolled.ok) return;
    expect(rolled.data.secret).not.toBe(secret);
    const overlap = rolled.data.previousValidUntil!.getTime() - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    expect(overlap).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(await actions.deleteEndpointAction(null, form({ orgId, endpointId: id }))).toMatchObject({ ok: true });
    expect(await getDb().webhookEndpoint.findUnique({ where: { id } })).toBeNull();
  });

  // Ten admins (or ten clicks) roll the secret they all saw at once: the
  // row lock serialises them and the expected prefix refuses all but the first, so exactly
  // one new secret exists and the secret current before the roll is the overlap secret.
  it("ten concurrent rolls of the same secret: one wins, nine answer 409, the old secret stays the overlap secret", async () => {
    const { id, secret } = await createEndpoint();
    const rolls = await Promise.all(
      Array.from({ length: 10 }, () => actions.rollSecretAction(null, form({ orgId, endpointId: id, expectedSecretPrefix: secret.slice(0, 10) }))),
    );
    const winners = rolls.filter((roll) => roll.ok);
    expect(winners).toHaveLength(1);
    expect(rolls.filter((roll) => !roll.ok)).toEqual(
      Array.from({ length: 9 }, () => expect.objectContaining({ ok: false, code: "CONFLICT", reason: "secret_already_rolled" })),
    );
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    const won = winners[0].ok ? winners[0].data.secret : "";
    // What signs from now on: the winner's new secret, then the one every roller saw.
    expect(activeSigningSecrets(row, new Date())).toEqual([won, secret]);
    expect(activeSigningSecrets(row, new Date(Date.now() + 24 * 3600_000 + 1000))).toEqual([won]);
  });

  it("refuses creating and pinging while integrations are locked, with the API's reason", async () => {
    const locked = await createTestOrg({ plan: "card" });
    session.user = await createConsoleUser(locked.id, "admin");
    const created = await actions.createEndpointAction(null, form({ orgId: locked.id, url: receiver.url, eventTypes: "attendee.created" }));
    expect(created.ok).toBe(true);
    await setBilling(locked.id, { plan: "free" }, OPERATOR);
    expect(await actions.createEndpointAction(null, form({ orgId: locked.id, url: receiver.url, eventTypes: "attendee.created" }))).toMatchObject({
      ok: false,
      code: "PAYMENT_REQUIRED",
      reason: "payment_required",
    });
    const id = created.ok ? created.data.id : "";
    expect(await actions.sendTestPingAction(null, form({ orgId: locked.id, endpointId: id }))).toMatchObject({ ok: false, reason: "payment_required" });
    // Editing stays possible while locked: the console keeps working.
    expect(await actions.updateEndpointAction(null, form({ orgId: locked.id, endpointId: id, url: receiver.url, eventTypes: "feedback.created" }))).toMatchObject({ ok: true });
  });
});
