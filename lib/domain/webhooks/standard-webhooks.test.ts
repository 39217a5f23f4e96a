import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint, rollWebhookSecret } from "./endpoints";
import { recordWebhookEvent } from "./outbox";
import { runDueDeliveries } from "./run-due";
import { generateSigningSecret } from "./signing-secret";
import { standardWebhookHeaders, standardWebhookKey } from "./standard-webhooks";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Real deliveries to a receiver on 127.0.0.1, verified with the reference `standardwebhooks`
// package exactly as a partner would use it: the secret the console shows, unchanged.

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

function standardHeaders(request: ReceivedWebhook): Record<string, string> {
  return {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  };
}

async function setup() {
  const org = await createTestOrg();
  const hook = await startWebhookReceiver();
  receivers.push(hook);
  const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
  hook.secrets = [secret];
  return { org, hook, endpoint, secret };
}

const record = (orgId: string) =>
  getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type: "event.updated", data: { id: "e1", name: "Renamed" } }));

describe("Standard Webhooks headers on a delivery", () => {
  it("verify with the standardwebhooks package and the console's secret as-is, beside X-Service-Signature", async () => {
    const { org, hook, secret } = await setup();
    const event = await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [request] = await hook.waitFor(1);

    expect(request.verifiedWith).toEqual([true]);
    expect(request.headers["webhook-id"]).toBe(event.id);
    const t = /^t=(\d+),/.exec(String(request.headers["x-service-signature"]))![1];
    expect(request.headers["webhook-timestamp"]).toBe(t);
    expect(String(request.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    const verified = new Webhook(secret).verify(request.rawBody, standardHeaders(request));
    expect(verified).toEqual(JSON.parse(request.rawBody));

    // A different secret, or a body changed by one byte, is refused by the library.
    expect(() => new Webhook(generateSigningSecret()).verify(request.rawBody, standardHeaders(request))).toThrow();
    expect(() => new Webhook(secret).verify(request.rawBody.replace("Renamed", "Renamed "), standardHeaders(request))).toThrow();
  });

  it("carries one signature per secret during a roll, each verifying with its own secret", async () => {
    const { org, hook, endpoint, secret: oldSecret } = await setup();
    const rolled = await rollWebhookSecret(org.id, endpoint.id, OPERATOR, new Date());
    await record(org.id);
    await runDueDeliveries({ orgId: org.id });
    const [request] = await hook.waitFor(1);

    expect(String(request.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    for (const secret of [oldSecret, rolled.secret]) {
      expect(new Webhook(secret).verify(request.rawBody, standardHeaders(request))).toEqual(JSON.parse(request.rawBody));
    }
  });
});

describe("standardWebhookKey", () => {
  it("is the base64 decoding of what follows whsec_ (24 bytes for our secrets)", () => {
    const secret = generateSigningSecret();
    expect(standardWebhookKey(secret)).toEqual(Buffer.from(secret.slice(6), "base64"));
    expect(standardWebhookKey(secret)).toHaveLength(24);
  });

  it("refuses a secret that is not whsec_ + base64 rather than sign with a key no library derives", () => {
    expect(() => standardWebhookHeaders({ id: "x", timestamp: 1, body: "{}", secrets: ["whsec_not-base64!"] })).toThrow(/Standard Webhooks/);
  });
});
