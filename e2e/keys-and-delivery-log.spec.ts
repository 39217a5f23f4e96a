import { expect, test } from "@playwright/test";
import { verifySignature } from "../lib/domain/webhooks/signature";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { addEndpoint, closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { sql } from "./support/server";
import { expectNoSeriousAxeFindings } from "./support/axe";

// The keys and webhooks pages, walked as a new organizer would: each
// fix through the browser, checked against the Partner API, the database and a receiver
// on 127.0.0.1 that verifies every signature (the server runs with OUTBOUND_ALLOW_LOOPBACK=1).

let receiver: WebhookReceiver;
let replies: Reply[] = [];

test.beforeAll(async () => {
  receiver = await startWebhookReceiver({ reply: () => replies.shift() ?? { status: 200, body: "ok" } });
});
test.afterAll(async () => receiver?.close());

test.describe("in Los Angeles", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("a key expiring Jun 30 is stored as the end of Jun 30 there and shown as Jun 30; revoked keys hide behind a toggle with their date", async ({ page, request }) => {
    const orgId = await signUp(page, { email: uniqueEmail("la-keys"), orgName: "Pacific Events" });
    await unlockBilling(orgId);

    // The list comes first; "Create key" opens the form on its own page.
    await page.goto(`/console/${orgId}/api-keys`);
    await expect(page.getByText("No API keys yet")).toBeVisible();
    await expect(page.getByRole("form", { name: "Create an API key" })).toHaveCount(0);
    await page.getByTestId("create-key-button").click();
    await expect(page.getByRole("heading", { level: 1, name: "Create an API key" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Create an API key" })).toContainText("(America/Los_Angeles)");

    const secret = await createKey(page, orgId, "Expiring key", ["events:read"], { expiresOn: "2027-06-30" });
    // The one-time secret replaced the form, which does not come back until Done.
    await expect(page.getByRole("form", { name: "Create an API key" })).toBeHidden();

    // The end of Jun 30 in Los Angeles (PDT, UTC-7) is 06:59:59.999 UTC on Jul 1.
    const me = await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).data.key.expiresAt).toBe("2027-07-01T06:59:59.999Z");
    const [stored] = await sql<{ expiresAt: Date }>(`SELECT "expiresAt" FROM "ApiKey" WHERE "orgId" = $1`, [orgId]);
    expect(stored.expiresAt.toISOString()).toBe("2027-07-01T06:59:59.999Z");

    await closeNewKey(page);
    const row = page.getByTestId("key-row").filter({ hasText: "Expiring key" });
    const expires = row.locator(`[data-label="Expires"] time`);
    await expect(expires).toHaveText("Jun 30, 2027");
    await expect(expires).toHaveAttribute("title", "Jun 30, 2027, 23:59 PDT");
    await expectNoSeriousAxeFindings(page, "API keys");

    // Revoke it: it leaves the list, and the toggle brings it back with the day it was revoked.
    await row.getByTestId("revoke-key").click();
    await page.getByRole("dialog").getByTestId("confirm-revoke").click();
    await expect(page.getByTestId("toast-region")).toContainText("is revoked");
    await expect(page.getByTestId("key-row")).toHaveCount(0);
    await expect(page.getByText("No usable API keys")).toBeVisible();
    const [revoked] = await sql<{ revokedAt: Date }>(`SELECT "revokedAt" FROM "ApiKey" WHERE "orgId" = $1`, [orgId]);
    const revokedDay = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "America/Los_Angeles" }).format(revoked.revokedAt);

    await page.getByTestId("revoked-toggle").click();
    await expect(page).toHaveURL(/\?revoked=1/);
    await expect(page.getByTestId("revoked-toggle")).toHaveText("Hide revoked keys (1)");
    await expect(page.getByTestId("key-row")).toHaveCount(1);
    await expect(page.getByTestId("key-row").getByText("Revoked")).toBeVisible();
    await expect(page.getByTestId("key-row").getByTestId("revoked-at")).toHaveText(`on ${revokedDay}`);
    await expect(page.getByTestId("key-row").getByTestId("revoke-key")).toHaveCount(0);
    await page.getByTestId("revoked-toggle").click();
    await expect(page.getByTestId("revoked-toggle")).toHaveText("Show revoked keys (1)");
    await expect(page.getByTestId("key-row")).toHaveCount(0);

    const after = await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secret}` } });
    expect(after.status()).toBe(401);
    expect((await after.json()).error.details.reason).toBe("revoked_key");
  });
});

test("each delivery attempt shows the request headers and body sent and the status, headers and body received", async ({ page }) => {
  // A sign-up, an endpoint, a failed ping and axe: about 40 s on two cores, 60 s when they are shared.
  const orgId = await signUp(page, { email: uniqueEmail("attempts"), orgName: "Atlas Events" });
  await unlockBilling(orgId);

  // Lists first on the webhooks page too, with the organization's name as a possessive that
  // handles a final s.
  await page.goto(`/console/${orgId}/webhooks`);
  await expect(page.getByRole("main")).toContainText("Atlas Events’ events");
  await expect(page.getByRole("main")).not.toContainText("Events’s");
  await page.getByTestId("add-endpoint-button").click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a webhook endpoint" })).toBeVisible();

  const { secret, id: endpointId } = await addEndpoint(page, orgId, receiver.url, [/^attendee\.created/]);
  receiver.secrets = [secret];
  await page.goto(`/console/${orgId}/webhooks/${endpointId}`);

  replies = [{ status: 500, body: "receiver says no", headers: { "x-receiver": "e2e" } }];
  const before = receiver.received.length;
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Test ping failed: HTTP 500");
  await receiver.waitFor(before + 1);
  const sent = receiver.received[before];
  expect(sent.verifiedWith).toEqual([true]);
  expect(verifySignature({ rawBody: sent.rawBody, header: sent.headers["x-service-signature"], secret }).ok).toBe(true);

  const log = page.getByTestId("delivery-row").first();
  await log.getByText("1 attempt").click();
  await log.getByText("Request and response").click();
  const requestHeaders = log.getByTestId("request-headers");
  await expect(requestHeaders).toContainText(`X-Service-Signature: ${sent.headers["x-service-signature"]}`);
  await expect(requestHeaders).toContainText("X-Service-Delivery-Attempt: 1");
  await expect(requestHeaders).toContainText("User-Agent: ServiceWebhooks/1.0");
  expect(JSON.parse((await log.getByTestId("request-body").textContent())!)).toEqual(JSON.parse(sent.rawBody));
  await expect(log.getByText("Response received: HTTP 500")).toBeVisible();
  await expect(log.getByTestId("response-headers")).toContainText("x-receiver: e2e");
  await expect(log.getByTestId("response-body")).toHaveText("receiver says no");
  // The secret is nowhere on the page, the signature (a MAC) is.
  expect(await page.content()).not.toContain(secret);

  // Scrolling code blocks: reachable by keyboard and named.
  for (const id of ["request-headers", "request-body", "response-headers", "response-body"]) {
    await expect(log.getByTestId(id), id).toHaveAttribute("tabindex", "0");
    await expect(log.getByTestId(id), id).toHaveAttribute("aria-label", /attempt 1/);
  }
  await log.getByTestId("request-body").focus();
  await expect(log.getByTestId("request-body")).toBeFocused();
  await expectNoSeriousAxeFindings(page, "endpoint page with an attempt open");
});

test("a failed test ping is attempted once and never counts toward the 50-failure auto-disable", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("test-ping"), orgName: "Ping Org" });
  await unlockBilling(orgId);
  const { secret, id: endpointId } = await addEndpoint(page, orgId, receiver.url, [/^attendee\.created/]);
  receiver.secrets = [secret];
  // One real failure away from being disabled.
  await sql(`UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 49 WHERE id = $1`, [endpointId]);
  await page.goto(`/console/${orgId}/webhooks/${endpointId}`);
  await expect(page.getByTestId("consecutive-failures")).toHaveText("49");

  replies = [{ status: 503, body: "down" }];
  const before = receiver.received.length;
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Test ping failed: HTTP 503");
  await expect(page.getByTestId("ping-result")).toContainText("No further attempts will be made.");
  await expect(page.getByTestId("endpoint-state")).toHaveText("Enabled");
  await expect(page.getByTestId("consecutive-failures")).toHaveText("49");
  await expect(page.getByTestId("delivery-row").first()).toHaveAttribute("data-state", "exhausted");
  await expect(page.getByTestId("delivery-row").first().getByTestId("next-attempt")).toHaveCount(0);

  expect(receiver.received.length).toBe(before + 1);
  const [delivery] = await sql<{ state: string; nextAttemptAt: Date | null; attempts: number }>(
    `SELECT d.state, d."nextAttemptAt", (SELECT count(*)::int FROM "WebhookAttempt" a WHERE a."deliveryId" = d.id) AS attempts
     FROM "WebhookDelivery" d JOIN "WebhookEvent" e ON e.id = d."eventId" WHERE d."endpointId" = $1 AND e.test`,
    [endpointId],
  );
  expect(delivery).toEqual({ state: "exhausted", nextAttemptAt: null, attempts: 1 });
  const [endpoint] = await sql<{ enabled: boolean; consecutiveFailures: number }>(`SELECT enabled, "consecutiveFailures" FROM "WebhookEndpoint" WHERE id = $1`, [endpointId]);
  expect(endpoint).toEqual({ enabled: true, consecutiveFailures: 49 });
});

test("messages: a tunnel hint for addresses on the admin's own machine or network, no internal codes or stray punctuation", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("messages"), orgName: "Message Org" });
  await unlockBilling(orgId);
  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByRole("checkbox", { name: /^attendee\.created/ }).check();
  for (const [url, reason] of [
    ["https://192.168.1.20/hooks", "The address 192.168.1.20 is a private network address."],
    ["https://hooks.localhost/in", "The host name hooks.localhost points to this machine."],
  ] as const) {
    await form.getByLabel("Endpoint URL").fill(url);
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const error = form.locator("#endpoint-url-error");
    await expect(error).toContainText(reason);
    await expect(error).toContainText("use a tunnel such as ngrok or cloudflared");
    await expect(error).toContainText("this server cannot reach your machine");
  }
  expect(await sql(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  // A receiver that is not listening: the result is sentences, without the outbound error's kind.
  const { id: endpointId } = await addEndpoint(page, orgId, "http://127.0.0.1:9/hooks", [/^attendee\.created/]);
  await page.goto(`/console/${orgId}/webhooks/${endpointId}`);
  await page.getByTestId("send-test-ping").click();
  const result = page.getByTestId("ping-result");
  await expect(result).toContainText(/Test ping failed: no response after \d+ ms\. /);
  await expect(result).toContainText("No further attempts will be made.");
  for (const text of [await result.innerText(), await page.getByTestId("delivery-row").first().innerText()]) {
    expect(text).not.toMatch(/\b(network|blocked|timeout|error): /);
    expect(text).not.toMatch(/\.\.(?!\.)|\)\. in \d/);
    expect(text).not.toMatch(/\([a-z]+_[a-z_]+\)/);
  }
  await page.getByTestId("delivery-row").first().getByText("1 attempt").click();
  await expect(page.getByTestId("attempt-error")).not.toContainText("network:");
});
