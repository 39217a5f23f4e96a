import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST } from "@/app/api/stripe/webhook/route";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestOrg } from "@/lib/testing/fixtures";
import { startStripeStandIn, type StripeStandIn } from "@/lib/testing/stripe-server";
import { OPERATOR } from "@/lib/domain/audit/record";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { integrationLockReason } from "./entitlement";
import { openCustomerPortal, startCheckout } from "./stripe-checkout";

// Self-serve billing end to end against a local server speaking Stripe's API (the real
// `stripe` client pointed at it), with webhook deliveries signed as Stripe signs them and
// posted over HTTP to the app's webhook route.

const ANNUAL_PRICE = "price_test_annual";
type WebhookAnswer = { result?: string; reason?: string; error: { code: string; details: { reason: string } }; [key: string]: unknown };
let stripe: StripeStandIn;
let app: { url: string; close: () => Promise<void> };

async function serveWebhookRoute() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const response = await POST(new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }));
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function deliver(event: { body: string; signature?: string }) {
  const response = await fetch(app.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(event.signature ? { "stripe-signature": event.signature } : {}) },
    body: event.body,
  });
  return { status: response.status, body: (await response.json()) as WebhookAnswer };
}

async function billingOf(orgId: string) {
  return getDb().organization.findUniqueOrThrow({ where: { id: orgId } });
}

function configure() {
  process.env.STRIPE_SECRET_KEY = stripe.secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = stripe.webhookSecret;
  process.env.STRIPE_ANNUAL_PRICE_ID = ANNUAL_PRICE;
  process.env.STRIPE_API_BASE = stripe.baseUrl;
  process.env.NEXTAUTH_URL = "https://console.example.com";
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await serveWebhookRoute();
});
beforeEach(configure);
afterAll(async () => {
  for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_ANNUAL_PRICE_ID", "STRIPE_API_BASE", "NEXTAUTH_URL"]) delete process.env[name];
  await app.close();
  await stripe.close();
});

/** Checkout as an organizer does it: our session, completed on Stripe's page. */
async function checkout(orgId: string, kind: "card" | "annual", options?: { periodEnd?: number }) {
  const url = await startCheckout(orgId, kind);
  const session = stripe.checkoutSessions.get(url.split("/").pop()!)!;
  return stripe.completeCheckout(session.id, options);
}

describe("Checkout in setup mode puts a card on file", () => {
  it("creates one customer per organization, and the signed checkout.session.completed unlocks integrations once", async () => {
    const org = await createTestOrg({ name: "Card Org", plan: "free" });
    expect(integrationLockReason(await billingOf(org.id), true)).toBe("payment_required");

    const url = await startCheckout(org.id, "card");
    expect(url.startsWith(`${stripe.baseUrl}/c/pay/cs_test_`)).toBe(true);
    const stored = await billingOf(org.id);
    expect(stored.stripeCustomerId).toMatch(/^cus_test_/);
    const created = stripe.requests.filter((r) => r.path === "/v1/customers");
    expect(created.at(-1)).toMatchObject({ form: { name: "Card Org", "metadata[orgId]": org.id }, idempotencyKey: `org-customer-${org.id}` });
    const sessionRequest = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(sessionRequest.form).toMatchObject({
      mode: "setup",
      customer: stored.stripeCustomerId,
      client_reference_id: org.id,
      "allowed_payment_method_types[0]": "card",
      success_url: `https://console.example.com/console/${org.id}/billing?checkout=done`,
      cancel_url: `https://console.example.com/console/${org.id}/billing?checkout=cancelled`,
    });

    // A second click reuses the customer.
    await startCheckout(org.id, "card");
    expect((await billingOf(org.id)).stripeCustomerId).toBe(stored.stripeCustomerId);
    expect(stripe.requests.filter((r) => r.path === "/v1/customers" && r.form["metadata[orgId]"] === org.id)).toHaveLength(1);

    const session = stripe.completeCheckout(url.split("/").pop()!);
    const event = stripe.signedEvent("checkout.session.completed", session);
    const first = await deliver(event);
    expect(first).toMatchObject({ status: 200, body: { received: true, result: "applied", orgId: org.id, billingPlan: "card" } });
    const after = await billingOf(org.id);
    expect(after.billingPlan).toBe("card");
    expect(integrationLockReason(after, true)).toBeNull();
    // The new card became the customer's default (for the annual plan and invoices).
    expect((stripe.customers.get(after.stripeCustomerId!)!.invoice_settings as { default_payment_method: string }).default_payment_method).toMatch(/^pm_test_/);

    // Stripe delivers at least once: the same event again changes nothing.
    await getDb().organization.update({ where: { id: org.id }, data: { billingPlan: "free" } });
    expect(await deliver(event)).toMatchObject({ status: 200, body: { result: "duplicate", eventId: event.id } });
    expect((await billingOf(org.id)).billingPlan).toBe("free");
    expect(await getDb().stripeEvent.count({ where: { id: event.id } })).toBe(1);
  });

  it("applies one of two simultaneous deliveries of the same event", async () => {
    const org = await createTestOrg({ plan: "free" });
    const event = stripe.signedEvent("checkout.session.completed", await checkout(org.id, "card"));
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.result).sort()).toEqual(["applied", "duplicate", "duplicate"]);
    expect((await billingOf(org.id)).billingPlan).toBe("card");
  });

  it("a reading of Stripe that reaches the database after a newer one is not applied", async () => {
    const org = await createTestOrg({ plan: "free" });
    const session = await checkout(org.id, "card");
    expect((await deliver(stripe.signedEvent("checkout.session.completed", session))).body).toMatchObject({ result: "applied", billingPlan: "card" });
    const customer = (await billingOf(org.id)).stripeCustomerId!;
    const auditBefore = await getDb().auditEntry.count({ where: { orgId: org.id } });

    // The first event reads Stripe while the card is still on file; its answer is held.
    const hold = stripe.holdNextAnswer(`/v1/customers/${customer}/payment_methods`);
    const intent = { id: String(session.setup_intent), object: "setup_intent", customer, status: "succeeded", metadata: {} };
    const older = deliver(stripe.signedEvent("setup_intent.succeeded", intent));
    await hold.reached;
    // Meanwhile the card is removed, and the second event reads and applies that.
    const pmList = await fetch(`${stripe.baseUrl}/v1/customers/${customer}/payment_methods?type=card`, { headers: { authorization: `Bearer ${stripe.secretKey}` } });
    const [card] = ((await pmList.json()) as { data: { id: string }[] }).data;
    const detached = stripe.detachPaymentMethod(card.id);
    expect((await deliver(stripe.signedEvent("payment_method.detached", detached, { previousAttributes: { customer } }))).body).toMatchObject({ result: "applied", billingPlan: "free" });
    // Then the older reading (card on file) arrives: it must not put the plan back.
    hold.release();
    const late = await older;
    expect((await billingOf(org.id)).billingPlan).toBe("free");
    expect(late).toMatchObject({ status: 200, body: { result: "superseded", orgId: org.id } });
    const audit = await getDb().auditEntry.findMany({ where: { orgId: org.id }, orderBy: { at: "asc" }, skip: auditBefore });
    expect(audit.map((entry) => entry.summary)).toEqual([{ plan: { from: "card", to: "free" }, stripeEvent: "payment_method.detached" }]);
  });

  it("an operator's billing:set made while a reading of Stripe is under way is not undone by that reading", async () => {
    const org = await createTestOrg({ plan: "free" });
    const session = await checkout(org.id, "card");
    expect((await deliver(stripe.signedEvent("checkout.session.completed", session))).body).toMatchObject({ result: "applied", billingPlan: "card" });
    const customer = (await billingOf(org.id)).stripeCustomerId!;
    const hold = stripe.holdNextAnswer(`/v1/customers/${customer}/payment_methods`);
    const intent = { id: String(session.setup_intent), object: "setup_intent", customer, status: "succeeded", metadata: {} };
    const older = deliver(stripe.signedEvent("setup_intent.succeeded", intent));
    await hold.reached;
    const until = new Date(Date.now() + 200 * 86_400_000).toISOString();
    await setBilling(org.id, { plan: "annual", annualUntil: until }, OPERATOR);
    hold.release();
    expect(await older).toMatchObject({ status: 200, body: { result: "superseded", orgId: org.id } });
    const billing = await billingOf(org.id);
    expect(billing.billingPlan).toBe("annual");
    expect(billing.annualPlanUntil?.toISOString()).toBe(until);
  });

  it("setup_intent.succeeded (a card added in the portal) and payment_method.detached keep the plan in step with the cards on file", async () => {
    const org = await createTestOrg({ plan: "free" });
    const session = await checkout(org.id, "card");
    const intent = { id: String(session.setup_intent), object: "setup_intent", customer: session.customer, status: "succeeded", metadata: {} };
    expect((await deliver(stripe.signedEvent("setup_intent.succeeded", intent))).body).toMatchObject({ result: "applied", billingPlan: "card" });

    const customer = (await billingOf(org.id)).stripeCustomerId!;
    // Remove the one card the way the portal does: Stripe sends the detached card, whose
    // former customer is in previous_attributes.
    const pmList = await fetch(`${stripe.baseUrl}/v1/customers/${customer}/payment_methods?type=card`, { headers: { authorization: `Bearer ${stripe.secretKey}` } });
    const [card] = ((await pmList.json()) as { data: { id: string }[] }).data;
    const detached = stripe.detachPaymentMethod(card.id);
    const result = await deliver(stripe.signedEvent("payment_method.detached", detached, { previousAttributes: { customer } }));
    expect(result.body).toMatchObject({ result: "applied", billingPlan: "free" });
    expect(integrationLockReason(await billingOf(org.id), true)).toBe("payment_required");

    // Both changes are in the audit log, made by Stripe.
    const audit = await getDb().auditEntry.findMany({ where: { orgId: org.id }, orderBy: { at: "asc" } });
    expect(audit.map((entry) => [entry.actorType, entry.actorLabel, entry.action, entry.summary])).toEqual([
      ["stripe", "stripe", "billing.changed", { plan: { from: "free", to: "card" }, stripeEvent: "setup_intent.succeeded" }],
      ["stripe", "stripe", "billing.changed", { plan: { from: "card", to: "free" }, stripeEvent: "payment_method.detached" }],
    ]);
  });
});

describe("the annual plan (Checkout in subscription mode)", () => {
  it("customer.subscription.* set the annual plan until the paid period's end, then fall back to the card on file", async () => {
    const org = await createTestOrg({ plan: "free" });
    const periodEnd = Math.floor(Date.now() / 1000) + 365 * 86_400;
    const session = await checkout(org.id, "annual", { periodEnd });
    expect(stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": ANNUAL_PRICE,
      "line_items[0][quantity]": "1",
    });
    const subscriptionId = String(session.subscription);
    const created = stripe.setSubscriptionStatus(subscriptionId, "active");
    expect((await deliver(stripe.signedEvent("customer.subscription.created", created))).body).toMatchObject({ result: "applied", billingPlan: "annual" });
    const annual = await billingOf(org.id);
    expect(annual.annualPlanUntil?.getTime()).toBe(periodEnd * 1000);
    expect(integrationLockReason(annual, true)).toBeNull();

    // Cancelled: the card used for it is still on file, so integrations stay unlocked on the card.
    const cancelled = stripe.setSubscriptionStatus(subscriptionId, "canceled");
    expect((await deliver(stripe.signedEvent("customer.subscription.deleted", cancelled))).body).toMatchObject({ result: "applied", billingPlan: "card" });

    // An older "updated" event arriving late cannot bring the plan back: state comes from Stripe's current objects.
    expect((await deliver(stripe.signedEvent("customer.subscription.updated", { ...created, status: "active" }))).body).toMatchObject({ billingPlan: "card" });
  });

  it("is refused without a configured price", async () => {
    delete process.env.STRIPE_ANNUAL_PRICE_ID;
    const org = await createTestOrg({ plan: "free" });
    await expect(startCheckout(org.id, "annual")).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "annual_not_offered" } });
  });
});

describe("tenancy: the organization comes from our own customer mapping", () => {
  it("ignores an event whose client_reference_id or metadata names another organization, and a customer we never created", async () => {
    const victim = await createTestOrg({ plan: "free" });
    const attacker = await createTestOrg({ plan: "free" });
    const session = await checkout(attacker.id, "card");

    const claimingVictim = { ...session, client_reference_id: victim.id };
    expect((await deliver(stripe.signedEvent("checkout.session.completed", claimingVictim))).body).toMatchObject({ result: "ignored", reason: "organization_mismatch" });
    const strangerCustomer = { ...session, customer: "cus_test_stranger", client_reference_id: victim.id, metadata: { orgId: victim.id } };
    expect((await deliver(stripe.signedEvent("checkout.session.completed", strangerCustomer))).body).toMatchObject({ result: "ignored", reason: "unknown_customer" });

    expect((await billingOf(victim.id)).billingPlan).toBe("free");
    expect((await billingOf(attacker.id)).billingPlan).toBe("free");
  });
});

describe("signatures are verified for real", () => {
  it.each([
    ["no Stripe-Signature header", (e: { body: string; signature: string }) => ({ body: e.body })],
    ["a body changed after signing", (e: { body: string; signature: string }) => ({ body: e.body.replace('"livemode":false', '"livemode":true'), signature: e.signature })],
    ["another endpoint's secret", () => stripe.signedEvent("checkout.session.completed", { id: "cs_test_x", customer: "cus_x" }, { secret: "whsec_other" })],
    ["a signature older than 5 minutes", () => stripe.signedEvent("checkout.session.completed", { id: "cs_test_x", customer: "cus_x" }, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
  ])("refuses %s with 401 and records nothing", async (_name, make) => {
    const org = await createTestOrg({ plan: "free" });
    const session = await checkout(org.id, "card");
    const event = make(stripe.signedEvent("checkout.session.completed", session));
    const result = await deliver(event);
    expect(result.status).toBe(401);
    expect(result.body.error).toMatchObject({ code: "UNAUTHORIZED", details: { reason: "invalid_signature" } });
    expect((await billingOf(org.id)).billingPlan).toBe("free");
  });

  it("acknowledges event types it does not handle without touching anything", async () => {
    const result = await deliver(stripe.signedEvent("invoice.paid", { id: "in_test_1", object: "invoice", customer: "cus_x" }));
    expect(result).toMatchObject({ status: 200, body: { result: "ignored", reason: "unhandled_type" } });
  });
});

describe("the Customer Portal and an unconfigured deployment", () => {
  it("opens the portal for an organization with a customer, returning to the billing page", async () => {
    const org = await createTestOrg({ plan: "free" });
    await expect(openCustomerPortal(org.id)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "no_billing_customer" } });
    await checkout(org.id, "card");
    const url = await openCustomerPortal(org.id);
    expect(url.startsWith(`${stripe.baseUrl}/p/session/bps_test_`)).toBe(true);
    expect(stripe.requests.at(-1)!.form).toEqual({ customer: (await billingOf(org.id)).stripeCustomerId, return_url: `https://console.example.com/console/${org.id}/billing` });
  });

  it("refuses checkout and webhooks with a clear reason when Stripe is not configured", async () => {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_ANNUAL_PRICE_ID", "STRIPE_API_BASE"]) delete process.env[name];
    const org = await createTestOrg({ plan: "free" });
    const refusal = await startCheckout(org.id, "card").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { reason: "billing_not_configured" } });
    const result = await deliver(stripe.signedEvent("checkout.session.completed", { id: "cs_test_x" }));
    expect(result.status).toBe(503);
    expect(result.body.error.details.reason).toBe("billing_not_configured");
  });
});
