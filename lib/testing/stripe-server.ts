import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local server answering the part of Stripe's API the app calls, with the documented
// shapes (form-encoded requests, JSON objects with `object`, list envelopes, the error
// envelope), so tests run the real `stripe` client against it through its host/port/
// protocol settings. It keeps state like Stripe does: a completed Checkout attaches a card
// to the customer, a detached card disappears from the customer's list. `signedEvent`
// builds a webhook delivery signed the way Stripe signs them.

type Obj = Record<string, unknown> & { id: string };

export type StripeStandIn = {
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request received, in order (method, path, form fields). */
  requests: { method: string; path: string; form: Record<string, string>; idempotencyKey?: string }[];
  customers: Map<string, Obj>;
  checkoutSessions: Map<string, Obj>;
  /** Completes a Checkout session as a customer would: setup mode puts a card on file, subscription mode starts the subscription. */
  completeCheckout(sessionId: string, options?: { periodEnd?: number }): Obj;
  detachPaymentMethod(paymentMethodId: string): Obj;
  setSubscriptionStatus(subscriptionId: string, status: string, options?: { periodEnd?: number }): Obj;
  /**
   * Holds the answer to the next API request on `path`: it is computed when the request
   * arrives (Stripe's state at that moment) and sent once released, so a test can make one
   * reading of Stripe reach the app after a newer one.
   */
  holdNextAnswer(path: string): { reached: Promise<void>; release: () => void };
  /** A webhook delivery: the JSON body and its Stripe-Signature header. */
  signedEvent(type: string, object: Obj, options?: { id?: string; previousAttributes?: Record<string, unknown>; secret?: string; timestamp?: number }): { body: string; signature: string; id: string };
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0]=c`) flattened to bracketed keys. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export type StripeStandInOptions = {
  /** A fixed port and keys, for a server configured before the stand-in starts (the browser tests). */
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
  /** Called when the browser completes the hosted Checkout page, before it is sent back (deliver the webhook here). */
  onCheckoutPage?: (session: Obj) => Promise<void>;
};

export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString("hex")}`;
  const requests: StripeStandIn["requests"] = [];
  const customers = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const idempotent = new Map<string, string>();
  const holds = new Map<string, { arrived: () => void; released: Promise<void> }>();
  let baseUrl = "";

  const list = (data: Obj[], url: string) => ({ object: "list", data, has_more: false, url });
  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (what: string, value: string) => error(404, "invalid_request_error", `No such ${what}: '${value}'`, "resource_missing");

  function route(method: string, path: string, form: Record<string, string>, query: URLSearchParams): { status: number; body: unknown } {
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer: Obj = {
        id: id("cus"),
        object: "customer",
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith("metadata[") ? [[k.slice(9, -1), v]] : []))),
        invoice_settings: { default_payment_method: null },
        created: nowSeconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]);
      if (!customer) return missing("customer", match[1]);
      if (method === "POST" && form["invoice_settings[default_payment_method]"] !== undefined) {
        customer.invoice_settings = { default_payment_method: form["invoice_settings[default_payment_method]"] || null };
      }
      return { status: 200, body: customer };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/))) {
      if (!customers.has(match[1])) return missing("customer", match[1]);
      const type = query.get("type");
      const data = [...paymentMethods.values()].filter((pm) => pm.customer === match![1] && (!type || pm.type === type));
      return { status: 200, body: list(data, path) };
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const customer = query.get("customer");
      const status = query.get("status");
      const data = [...subscriptions.values()].filter(
        (s) => (!customer || s.customer === customer) && (status === "all" || (status ? s.status === status : s.status !== "canceled")),
      );
      return { status: 200, body: list(data, path) };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const mode = form.mode;
      if (!["setup", "subscription", "payment"].includes(mode)) return error(400, "invalid_request_error", "Missing required param: mode.", "parameter_missing");
      if (!form.success_url) return error(400, "invalid_request_error", "Missing required param: success_url.", "parameter_missing");
      if (form.customer && !customers.has(form.customer)) return missing("customer", form.customer);
      if (mode === "subscription" && !form["line_items[0][price]"]) return error(400, "invalid_request_error", "Missing required param: line_items.", "parameter_missing");
      if (mode === "setup" && !form.currency && !form["allowed_payment_method_types[0]"]) {
        return error(400, "invalid_request_error", "currency is required in setup mode when allowed_payment_method_types is not set.", "parameter_missing");
      }
      const sessionId = id("cs");
      const session: Obj = {
        id: sessionId,
        object: "checkout.session",
        mode,
        status: "open",
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? null,
        metadata: Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith("metadata[") ? [[k.slice(9, -1), v]] : []))),
        setup_intent: null,
        subscription: null,
        price: form["line_items[0][price]"] ?? null,
        url: `${baseUrl}/c/pay/${sessionId}`,
        livemode: false,
      };
      checkoutSessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/setup_intents\/([^/]+)$/))) {
      const intent = setupIntents.get(match[1]);
      return intent ? { status: 200, body: intent } : missing("setup_intent", match[1]);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!form.customer || !customers.has(form.customer)) return missing("customer", form.customer ?? "");
      const portalId = id("bps");
      return {
        status: 200,
        body: { id: portalId, object: "billing_portal.session", customer: form.customer, return_url: form.return_url ?? null, url: `${baseUrl}/p/session/${portalId}`, livemode: false },
      };
    }
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  function attachCard(customer: string): Obj {
    const card: Obj = { id: id("pm"), object: "payment_method", type: "card", customer, card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 }, livemode: false };
    paymentMethods.set(card.id, card);
    return card;
  }

  const standIn: StripeStandIn = {
    baseUrl: "",
    secretKey,
    webhookSecret,
    requests,
    customers,
    checkoutSessions,
    completeCheckout(sessionId, { periodEnd } = {}) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const customer = session.customer as string;
      const card = attachCard(customer);
      if (session.mode === "setup") {
        const intent: Obj = { id: id("seti"), object: "setup_intent", customer, payment_method: card.id, status: "succeeded", usage: "off_session", livemode: false };
        setupIntents.set(intent.id, intent);
        session.setup_intent = intent.id;
      } else {
        const end = periodEnd ?? nowSeconds() + 365 * 86_400;
        const subscription: Obj = {
          id: id("sub"),
          object: "subscription",
          customer,
          status: "active",
          items: { object: "list", data: [{ id: id("si"), object: "subscription_item", price: { id: session.price, object: "price" }, current_period_start: nowSeconds(), current_period_end: end }], has_more: false },
          default_payment_method: card.id,
          livemode: false,
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
      }
      session.status = "complete";
      return session;
    },
    detachPaymentMethod(paymentMethodId) {
      const card = paymentMethods.get(paymentMethodId);
      if (!card) throw new Error(`no payment method ${paymentMethodId}`);
      card.customer = null;
      return card;
    },
    setSubscriptionStatus(subscriptionId, status, { periodEnd } = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      subscription.status = status;
      if (periodEnd !== undefined) {
        for (const item of (subscription.items as { data: { current_period_end: number }[] }).data) item.current_period_end = periodEnd;
      }
      if (status === "canceled") subscription.ended_at = nowSeconds();
      return subscription;
    },
    signedEvent(type, object, { id: eventId = id("evt"), previousAttributes, secret = webhookSecret, timestamp } = {}) {
      const body = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp ? { timestamp } : {}) });
      return { body, signature, id: eventId };
    },
    holdNextAnswer(path) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      holds.set(path, { arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { reached, release };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://stripe.local");
      // The hosted pages a browser is sent to: Checkout completes on "Pay", then returns.
      if (req.method === "GET" && url.pathname.startsWith("/c/pay/")) {
        const session = checkoutSessions.get(url.pathname.slice("/c/pay/".length));
        res.writeHead(session ? 200 : 404, { "content-type": "text/html" });
        res.end(`<!doctype html><html lang="en"><title>Checkout</title><main><h1>Stripe Checkout (local)</h1><form method="post"><button>Save card</button></form></main></html>`);
        return;
      }
      if (req.method === "POST" && url.pathname.startsWith("/c/pay/")) {
        const session = checkoutSessions.get(url.pathname.slice("/c/pay/".length));
        if (!session) return void res.writeHead(404).end();
        standIn.completeCheckout(session.id);
        await options.onCheckoutPage?.(session);
        res.writeHead(303, { location: String(session.success_url) }).end();
        return;
      }
      if (url.pathname.startsWith("/p/session/")) {
        res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><html lang="en"><title>Billing portal</title><main><h1>Customer portal (local)</h1></main></html>`);
        return;
      }
      const form = parseForm(Buffer.concat(chunks).toString("utf8"));
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "GET", path: url.pathname, form, ...(idempotencyKey ? { idempotencyKey } : {}) });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided." } }));
        return;
      }
      const replay = idempotencyKey ? idempotent.get(`${req.method} ${url.pathname} ${idempotencyKey}`) : undefined;
      const answer = replay ? { status: 200, body: JSON.parse(replay) } : route(req.method ?? "GET", url.pathname, form, url.searchParams);
      if (idempotencyKey && !replay && answer.status === 200) idempotent.set(`${req.method} ${url.pathname} ${idempotencyKey}`, JSON.stringify(answer.body));
      const hold = holds.get(url.pathname);
      if (hold) {
        holds.delete(url.pathname);
        const body = JSON.stringify(answer.body);
        hold.arrived();
        await hold.released;
        res.writeHead(answer.status, { "content-type": "application/json", "request-id": `req_${randomBytes(8).toString("hex")}` });
        res.end(body);
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json", "request-id": `req_${randomBytes(8).toString("hex")}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.baseUrl = baseUrl;
  return standIn;
}
