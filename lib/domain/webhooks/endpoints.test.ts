import { OPERATOR } from "@/lib/domain/audit/record";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { decryptSecret } from "@/lib/platform/crypto/secret-box";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { setBilling, setOrganizationStatus } from "@/lib/domain/orgs/organizations";
import { createTestOrg } from "@/lib/testing/fixtures";
import { fanOutEvents } from "./dispatch";
import {
  MAX_WEBHOOK_ENDPOINTS,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rollWebhookSecret,
  sendTestPing,
  updateWebhookEndpoint,
} from "./endpoints";
import { SUBSCRIBABLE_EVENT_TYPES } from "./endpoint-input";
import { recordWebhookEvent } from "./outbox";

// Endpoint management: validation, the SSRF guard at save time, the per-organization
// limit, secrets that are shown once and stored encrypted, tenant isolation, test pings.

const URL_OK = "http://127.0.0.1:9/hooks"; // the loopback exception tests run with; never contacted here
let orgId: string;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
});

describe("createWebhookEndpoint", () => {
  it("returns the secret once and stores it only encrypted, with a display prefix", async () => {
    const { endpoint, secret } = await createWebhookEndpoint(orgId, {
      url: URL_OK,
      eventTypes: ["attendee.created", "session.updated"],
      description: "  CRM sync ",
    }, OPERATOR);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect(endpoint).toMatchObject({
      url: URL_OK,
      description: "CRM sync",
      eventTypes: ["attendee.created", "session.updated"],
      secretPrefix: secret.slice(0, 10),
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      consecutiveFailures: 0,
      previousSecretExpiresAt: null,
    });
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(decryptSecret(row.secretCiphertext)).toBe(secret);

    const listed = JSON.stringify([await listWebhookEndpoints(orgId), await getWebhookEndpoint(orgId, endpoint.id)]);
    expect(listed).not.toContain(secret.slice(6));
    expect(listed).not.toContain("Ciphertext");
    expect(listed).not.toContain(row.secretCiphertext);
  });

  it("gives every endpoint its own secret", async () => {
    const a = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    const b = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    expect(a.secret).not.toBe(b.secret);
  });

  it("accepts every subscribable type at once", async () => {
    const { endpoint } = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: [...SUBSCRIBABLE_EVENT_TYPES] }, OPERATOR);
    expect(endpoint.eventTypes).toHaveLength(12);
    expect(endpoint.eventTypes).not.toContain("ping");
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no event types", { url: URL_OK, eventTypes: [] }, "eventTypes"],
    ["ping as a subscription", { url: URL_OK, eventTypes: ["ping"] }, "eventTypes.0"],
    ["an unknown type", { url: URL_OK, eventTypes: ["attendee.created", "attendee.exploded"] }, "eventTypes.1"],
    ["a type twice", { url: URL_OK, eventTypes: ["feedback.created", "feedback.created"] }, "eventTypes"],
    ["event types not an array", { url: URL_OK, eventTypes: "feedback.created" }, "eventTypes"],
    ["no URL", { eventTypes: ["feedback.created"] }, "url"],
    ["an empty URL", { url: "  ", eventTypes: ["feedback.created"] }, "url"],
    ["a URL over 2048 characters", { url: `https://example.com/${"a".repeat(2048)}`, eventTypes: ["feedback.created"] }, "url"],
    ["a description over 500 characters", { url: URL_OK, eventTypes: ["feedback.created"], description: "d".repeat(501) }, "description"],
    ["an unknown field", { url: URL_OK, eventTypes: ["feedback.created"], secret: "whsec_mine" }, ""],
  ])("refuses %s with INVALID_INPUT naming the field", async (_label, input, field) => {
    const before = await getDb().webhookEndpoint.count({ where: { orgId } });
    const error = await refusal(createWebhookEndpoint(orgId, input as never, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    if (field) expect(Object.keys(error.details?.fields as object)).toContain(field);
    else expect((error.details?.issues as { code: string }[])[0].code).toBe("unrecognized_keys");
    expect(await getDb().webhookEndpoint.count({ where: { orgId } })).toBe(before);
  });

  // Literal addresses only: the guard's DNS path is covered in lib/platform/outbound, and these
  // must not depend on a resolver.
  it.each([
    "http://example.com/hook",
    "ftp://example.com/hook",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "not a url",
    "https://user:secret@example.com/hook",
    "https://10.0.0.1/hook",
    "https://172.16.5.4/hook",
    "https://192.168.1.10/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://100.64.0.1/hook",
    "https://0.0.0.0/hook",
    "https://127.0.0.2/hook",
    "https://0x7f.0.0.2/hook",
    "https://224.0.0.1/hook",
    "https://255.255.255.255/hook",
    "https://[::1]/hook",
    "https://[fd00::1]/hook",
    "https://[fe80::1]/hook",
    "https://[::ffff:10.0.0.1]/hook",
    "https://localhost.localhost/hook",
    "https://printer.localhost/hook",
    "http://127.0.0.1.nip.io/hook",
  ])("refuses the hostile URL %s at save time, naming url", async (url) => {
    const before = await getDb().webhookEndpoint.count({ where: { orgId } });
    const error = await refusal(createWebhookEndpoint(orgId, { url, eventTypes: ["feedback.created"] }, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    expect(Object.keys(error.details?.fields as object)).toEqual(["url"]);
    expect(await getDb().webhookEndpoint.count({ where: { orgId } })).toBe(before);
  });

  it("refuses while integrations are locked (402 / 403) and writes nothing", async () => {
    const free = await createTestOrg({ plan: "free" });
    expect((await refusal(createWebhookEndpoint(free.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR))).details?.reason).toBe(
      "payment_required",
    );
    const suspended = await createTestOrg();
    await setOrganizationStatus(suspended.id, "suspended", OPERATOR);
    expect((await refusal(createWebhookEndpoint(suspended.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR))).code).toBe("FORBIDDEN");
    const closed = await createTestOrg();
    await setBilling(closed.id, { plan: "card", account: "closed" }, OPERATOR);
    expect((await refusal(createWebhookEndpoint(closed.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR))).details?.reason).toBe(
      "billing_closed",
    );
    expect(await getDb().webhookEndpoint.count({ where: { orgId: { in: [free.id, suspended.id, closed.id] } } })).toBe(0);
  });

  it("refuses an unknown organization with 404", async () => {
    expect((await refusal(createWebhookEndpoint(randomUUID(), { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR))).code).toBe("NOT_FOUND");
  });
});

describe("endpoint limit", () => {
  it(`allows ${MAX_WEBHOOK_ENDPOINTS} per organization, then answers 409 endpoint_limit_reached`, async () => {
    const org = await createTestOrg();
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS; i++) {
      await createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    }
    const error = await refusal(createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR));
    expect(error.code).toBe("CONFLICT");
    expect(error.details).toEqual({ reason: "endpoint_limit_reached", limit: 20 });
    // Another organization is not affected.
    const other = await createTestOrg();
    await expect(createWebhookEndpoint(other.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR)).resolves.toBeDefined();
    // Deleting one frees a place.
    const [first] = await listWebhookEndpoints(org.id);
    await deleteWebhookEndpoint(org.id, first.id, OPERATOR);
    await expect(createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR)).resolves.toBeDefined();
  });

  it("holds under concurrent creations", async () => {
    const org = await createTestOrg();
    for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS - 2; i++) {
      await createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    }
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT" });
    expect(await getDb().webhookEndpoint.count({ where: { orgId: org.id } })).toBe(MAX_WEBHOOK_ENDPOINTS);
  });
});

describe("updateWebhookEndpoint", () => {
  it("changes URL, types and description, re-checking the URL", async () => {
    const { endpoint } = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    const updated = await updateWebhookEndpoint(orgId, endpoint.id, {
      url: "http://127.0.0.1:10/other",
      eventTypes: ["session.deleted"],
      description: "new",
    }, OPERATOR);
    expect(updated).toMatchObject({ url: "http://127.0.0.1:10/other", eventTypes: ["session.deleted"], description: "new" });
    const error = await refusal(updateWebhookEndpoint(orgId, endpoint.id, { url: "https://192.168.0.1/x" }, OPERATOR));
    expect(Object.keys(error.details?.fields as object)).toEqual(["url"]);
    expect((await getWebhookEndpoint(orgId, endpoint.id)).url).toBe("http://127.0.0.1:10/other");
    expect((await refusal(updateWebhookEndpoint(orgId, endpoint.id, { eventTypes: [] }, OPERATOR))).code).toBe("INVALID_INPUT");
  });

  it("disabling by hand cancels pending deliveries; enabling clears the disabled state and the failure count", async () => {
    const { endpoint } = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type: "feedback.created", data: {} }));
    await fanOutEvents({ orgId });
    await getDb().webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 7 } });

    const disabled = await updateWebhookEndpoint(orgId, endpoint.id, { enabled: false }, OPERATOR);
    expect(disabled).toMatchObject({ enabled: false, disabledReason: "manual" });
    expect(disabled.disabledAt).not.toBeNull();
    const deliveries = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.map((d) => d.state)).toEqual(["cancelled"]);

    const enabled = await updateWebhookEndpoint(orgId, endpoint.id, { enabled: true }, OPERATOR);
    expect(enabled).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0 });
    // The cancelled delivery stays cancelled.
    expect((await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id } })).map((d) => d.state)).toEqual(["cancelled"]);
  });
});

describe("rollWebhookSecret", () => {
  // Without an expected prefix (the operator CLI) concurrent rolls apply one after the
  // other under the row lock: each roll's overlap secret is the secret the roll before it
  // returned, so nothing a caller was shown is lost except by the documented two-roll rule.
  it("concurrent rolls without an expected prefix form one chain: the overlap secret is the secret before the last roll", async () => {
    const { endpoint, secret: first } = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: ["attendee.created"] }, OPERATOR);
    const rolled = await Promise.all(Array.from({ length: 10 }, () => rollWebhookSecret(orgId, endpoint.id, OPERATOR)));
    const secrets = rolled.map((roll) => roll.secret);
    expect(new Set(secrets).size).toBe(10);
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const current = decryptSecret(row.secretCiphertext);
    const previous = decryptSecret(row.previousSecretCiphertext!);
    expect(secrets).toContain(current);
    // A lost update would leave the endpoint's first secret as the overlap secret.
    expect(previous).not.toBe(first);
    expect(secrets).toContain(previous);
  });

  it("returns a new secret once, keeps the previous one for 24 h, and a second roll drops the oldest", async () => {
    const { endpoint, secret: first } = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    const now = new Date();
    const rolled = await rollWebhookSecret(orgId, endpoint.id, OPERATOR, now);
    expect(rolled.secret).not.toBe(first);
    expect(rolled.endpoint.secretPrefix).toBe(rolled.secret.slice(0, 10));
    expect(rolled.endpoint.previousSecretExpiresAt).toEqual(new Date(now.getTime() + 24 * 3600_000));
    const again = await rollWebhookSecret(orgId, endpoint.id, OPERATOR, now);
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(decryptSecret(row.secretCiphertext)).toBe(again.secret);
    expect(decryptSecret(row.previousSecretCiphertext!)).toBe(rolled.secret);
  });
});

describe("sendTestPing", () => {
  it("records a ping for that endpoint only, already dispatched, with one delivery", async () => {
    const org = await createTestOrg();
    const target = await createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: [...SUBSCRIBABLE_EVENT_TYPES] }, OPERATOR);
    const bystander = await createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: [...SUBSCRIBABLE_EVENT_TYPES] }, OPERATOR);
    const ping = await sendTestPing(org.id, target.endpoint.id);
    await fanOutEvents({ orgId: org.id });

    const event = await getDb().webhookEvent.findUniqueOrThrow({ where: { id: ping.eventId }, include: { deliveries: true } });
    expect(event.type).toBe("ping");
    expect(event.data).toEqual({ endpointId: target.endpoint.id, message: expect.any(String) });
    expect(event.dispatchedAt).not.toBeNull();
    expect(event.deliveries.map((d) => [d.id, d.endpointId, d.state])).toEqual([[ping.deliveryId, target.endpoint.id, "pending"]]);
    expect(await getDb().webhookDelivery.count({ where: { endpointId: bystander.endpoint.id } })).toBe(0);
  });

  it("refuses a disabled endpoint with 409 endpoint_disabled", async () => {
    const { endpoint } = await createWebhookEndpoint(orgId, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    await updateWebhookEndpoint(orgId, endpoint.id, { enabled: false }, OPERATOR);
    const error = await refusal(sendTestPing(orgId, endpoint.id));
    expect(error.code).toBe("CONFLICT");
    expect(error.details?.reason).toBe("endpoint_disabled");
  });
});

describe("tenant isolation", () => {
  it("treats another organization's endpoint like one that does not exist", async () => {
    const other = await createTestOrg();
    const { endpoint: foreign } = await createWebhookEndpoint(other.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    for (const id of [foreign.id, randomUUID(), "not-a-uuid"]) {
      const attempts: (() => Promise<unknown>)[] = [
        () => getWebhookEndpoint(orgId, id),
        () => updateWebhookEndpoint(orgId, id, { description: "hijacked" }, OPERATOR),
        () => rollWebhookSecret(orgId, id, OPERATOR),
        () => deleteWebhookEndpoint(orgId, id, OPERATOR),
        () => sendTestPing(orgId, id),
      ];
      for (const attempt of attempts) {
        const error = await refusal(attempt());
        expect([error.code, error.message]).toEqual(["NOT_FOUND", "No such webhook endpoint."]);
      }
    }
    const untouched = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: foreign.id } });
    expect(untouched.description).toBe("");
    expect(untouched.previousSecretCiphertext).toBeNull();
    expect((await listWebhookEndpoints(orgId)).map((e) => e.id)).not.toContain(foreign.id);
  });
});

describe("deleteWebhookEndpoint", () => {
  it("removes the endpoint with its delivery log", async () => {
    const org = await createTestOrg();
    const { endpoint } = await createWebhookEndpoint(org.id, { url: URL_OK, eventTypes: ["feedback.created"] }, OPERATOR);
    const ping = await sendTestPing(org.id, endpoint.id);
    expect(await deleteWebhookEndpoint(org.id, endpoint.id, OPERATOR)).toEqual({ id: endpoint.id });
    expect(await getDb().webhookDelivery.findUnique({ where: { id: ping.deliveryId } })).toBeNull();
    expect(await listWebhookEndpoints(org.id)).toEqual([]);
  });
});
