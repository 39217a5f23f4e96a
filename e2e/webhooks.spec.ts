import { expect, test, type Request } from "@playwright/test";
import { checkCharacter } from "../lib/domain/badges/badge-code";
import { verifySignature } from "../lib/domain/webhooks/signature";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { addEndpoint, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { signInAsMember } from "./support/seed";
import { sql } from "./support/server";

// Webhook endpoints in the console, against a real receiver on 127.0.0.1 (the server runs
// with OUTBOUND_ALLOW_LOOPBACK=1). Inngest is not configured here, so a test ping and a
// resend are attempted during the request (lib/console/deliver-now.ts).

let receiver: WebhookReceiver;
let replies: Reply[] = [];

test.beforeAll(async () => {
  receiver = await startWebhookReceiver({ reply: () => replies.shift() ?? { status: 200, body: "thanks" } });
});
const ownReceivers: WebhookReceiver[] = [];
test.afterAll(async () => {
  await receiver?.close();
  await Promise.all(ownReceivers.map((own) => own.close()));
});

test("an admin adds an endpoint, pings it with a verifiable signature, resends, rolls the secret, disables and deletes it", async ({ page }) => {
  // Many steps, each a page load or a delivery through the CLI: a safety net on a shared machine.
  test.slow();
  const orgId = await signUp(page, { email: uniqueEmail("hooks"), orgName: "Hooks Org" });
  await unlockBilling(orgId);
  await page.goto(`/console/${orgId}/webhooks`);
  await expect(page.getByText("No webhook endpoints yet")).toBeVisible();
  // The list comes first; the form is one click away.
  await expect(page.getByRole("form", { name: "Add a webhook endpoint" })).toHaveCount(0);
  await page.getByTestId("add-endpoint-button").click();
  await expect(page.getByRole("heading", { level: 1, name: "Add a webhook endpoint" })).toBeVisible();

  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  // Browser-side validation with the library's schema: errors under the fields, focus on the first.
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText("Enter the URL that should receive the webhooks.")).toBeVisible();
  await expect(form.getByText("Choose at least one event type.")).toBeVisible();
  await expect(form.getByLabel("Endpoint URL")).toBeFocused();

  // The delivery guard's refusal comes back from the server under the URL field.
  await form.getByLabel("Endpoint URL").fill("https://10.1.2.3/hooks");
  await form.getByRole("checkbox", { name: "All event types" }).check();
  await expect(form.getByRole("checkbox", { name: /^attendee\.checked_in/ })).toBeChecked();
  await form.getByRole("checkbox", { name: "All event types" }).uncheck();
  await form.getByRole("checkbox", { name: /^attendee\.created/ }).check();
  await form.getByRole("checkbox", { name: /^session\.updated/ }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText("The address 10.1.2.3 is a private network address.")).toBeVisible();
  await expect(form.getByText("use a tunnel such as ngrok or cloudflared")).toBeVisible();
  await expect(form.getByLabel("Endpoint URL")).toHaveAttribute("aria-invalid", "true");
  expect(await sql(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  await form.getByLabel("Endpoint URL").fill(receiver.url);
  await form.getByLabel("Description").fill("CRM sync");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const reveal = page.getByTestId("new-endpoint-secret");
  await expect(reveal).toBeVisible();
  const secret = await reveal.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
  await expect(reveal.getByText("How to verify (Node.js)")).toBeVisible();
  const [stored] = await sql<{ secretCiphertext: string }>(`SELECT "secretCiphertext" FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId]);
  expect(stored.secretCiphertext).not.toContain(secret.slice(6));

  // The secret is gone once dismissed (Done goes back to the list), and nowhere on the endpoint's page.
  await reveal.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByTestId("new-endpoint-secret")).toHaveCount(0);
  const row = page.getByTestId("endpoint-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(receiver.url);
  await expect(row).toContainText("Enabled");
  await expect(row).toContainText("attendee.created");
  await row.getByTestId("manage-endpoint").click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();
  await expect(page.getByTestId("secret-prefix")).toHaveText(`${secret.slice(0, 10)}…`);
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByText("No deliveries in the last 30 days")).toBeVisible();

  // Test ping: delivered during the request, signed with the secret copied from the page.
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Test ping delivered: HTTP 200");
  expect(receiver.received).toHaveLength(1);
  const ping = receiver.received[0];
  expect(ping.body.type).toBe("ping");
  expect(ping.headers["x-service-event-type"]).toBe("ping");
  expect(verifySignature({ rawBody: ping.rawBody, header: ping.headers["x-service-signature"], secret })).toEqual({ ok: true, timestamp: expect.any(Number) });
  expect(verifySignature({ rawBody: ping.rawBody, header: ping.headers["x-service-signature"], secret: "whsec_wrong" }).ok).toBe(false);

  const log = page.getByTestId("delivery-row");
  await expect(log).toHaveCount(1);
  await expect(log).toHaveAttribute("data-state", "succeeded");
  await expect(log).toContainText("ping");
  await expect(log).toContainText(ping.body.id);
  await expect(log.getByText("Succeeded")).toBeVisible();
  await log.getByText("1 attempt").click();
  await expect(log.getByTestId("delivery-attempt")).toContainText("HTTP 200");
  await log.getByText("Request and response").click();
  await expect(log.getByTestId("response-body")).toHaveText("thanks");

  // Resend: the same event again, as attempt 2 of the same delivery.
  await log.getByTestId("resend-delivery").click();
  await expect(page.getByTestId("toast-region")).toContainText("Resend delivered: HTTP 200");
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received[1].body.id).toBe(ping.body.id);
  expect(receiver.received[1].headers["x-service-delivery-attempt"]).toBe("2");
  await expect(log).toContainText("2 attempts");

  // Filters are query parameters: a state with no deliveries, then the ping type.
  await page.getByLabel("State").selectOption("exhausted");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/state=exhausted/);
  await expect(page.getByText("No deliveries match these filters")).toBeVisible();
  await page.goto(`/console/${orgId}/webhooks/${(await sql<{ id: string }>(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId]))[0].id}?type=ping&state=succeeded`);
  await expect(page.getByTestId("delivery-row")).toHaveCount(1);
  await page.getByRole("link", { name: "Clear filters" }).click();

  // A failing receiver: the result says so. A test is attempted once (resend it by hand)
  // and never counts toward automatic disabling.
  replies = [{ status: 500, body: "boom" }];
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Test ping failed: HTTP 500");
  await expect(page.getByTestId("ping-result")).toContainText("No further attempts will be made.");
  await expect(page.getByTestId("delivery-row").first()).toHaveAttribute("data-state", "exhausted");
  await expect(page.getByTestId("delivery-row").first().getByTestId("test-badge")).toHaveText("Test");
  await expect(page.getByTestId("consecutive-failures")).toHaveText("0");

  // Roll the secret: shown once; for 24 hours deliveries verify with the old and the new one.
  await page.getByTestId("roll-secret").click();
  const rollDialog = page.getByRole("dialog");
  await expect(rollDialog).toContainText("24 hours");
  await rollDialog.getByTestId("confirm-roll-secret").click();
  const rolled = page.getByTestId("rolled-secret");
  const newSecret = await rolled.getByLabel("New signing secret").inputValue();
  expect(newSecret).toMatch(/^whsec_/);
  expect(newSecret).not.toBe(secret);
  await expect(rolled).toContainText("both the old and the new secret");
  await expect(page.getByTestId("secret-overlap")).toContainText("Still signs until");
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Test ping delivered");
  const afterRoll = receiver.received.at(-1)!;
  for (const key of [secret, newSecret]) {
    expect(verifySignature({ rawBody: afterRoll.rawBody, header: afterRoll.headers["x-service-signature"], secret: key }).ok).toBe(true);
  }

  // Edit: description and types.
  const settings = page.getByRole("form", { name: "Endpoint settings" });
  await settings.getByLabel("Description").fill("CRM sync (production)");
  await settings.getByRole("checkbox", { name: /^feedback\.created/ }).check();
  await settings.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast-region")).toContainText("Endpoint saved");
  const [edited] = await sql<{ description: string; eventTypes: string[] }>(`SELECT description, "eventTypes" FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId]);
  expect(edited.description).toBe("CRM sync (production)");
  expect([...edited.eventTypes].sort()).toEqual(["attendee.created", "feedback.created", "session.updated"]);

  // Disable (confirmed), then the ping and resend controls say why they are off; enable again.
  // The failed test ping above is already final (tests are sent once), so a real delivery
  // waiting for its retry is put in place to show that disabling cancels it.
  await sql(
    `WITH e AS (INSERT INTO "WebhookEvent" ("orgId", type, data, "dispatchedAt") VALUES ($1, 'feedback.created', '{}', now()) RETURNING id)
     INSERT INTO "WebhookDelivery" ("eventId", "endpointId", "nextAttemptAt", "updatedAt")
     SELECT e.id, ep.id, now() + interval '1 hour', now() FROM e, "WebhookEndpoint" ep WHERE ep."orgId" = $1`,
    [orgId],
  );
  await page.reload();
  await page.getByTestId("disable-endpoint").click();
  await page.getByRole("dialog").getByTestId("confirm-disable-endpoint").click();
  await expect(page.getByTestId("manually-disabled")).toBeVisible();
  await expect(page.getByTestId("send-test-ping")).toBeDisabled();
  await expect(page.getByTestId("ping-disabled-reason")).toHaveText("Enable the endpoint to send a test ping.");
  await expect(page.getByTestId("delivery-row").filter({ hasText: "Cancelled" })).toHaveCount(1);
  await page.getByTestId("enable-endpoint").click();
  await expect(page.getByTestId("endpoint-state")).toHaveText("Enabled");
  await expect(page.getByTestId("send-test-ping")).toBeEnabled();

  // Disabled automatically after failures: the callout says why and when.
  await sql(`UPDATE "WebhookEndpoint" SET enabled = false, "disabledReason" = 'consecutive_failures', "disabledAt" = now(), "consecutiveFailures" = 50 WHERE "orgId" = $1`, [orgId]);
  await page.reload();
  await expect(page.getByTestId("auto-disabled")).toContainText("After 50 failed probes in a row");
  await expect(page.getByTestId("auto-disabled")).toContainText("UTC");
  await page.goto(`/console/${orgId}/webhooks`);
  await expect(page.getByTestId("endpoint-row")).toContainText("Auto-disabled");
  await expect(page.getByTestId("endpoint-row")).toContainText("After 50 failed probes in a row");
  await page.getByTestId("manage-endpoint").click();

  // Delete (confirmed): back to the list, which is empty again.
  await page.getByTestId("delete-endpoint").click();
  await page.getByRole("dialog").getByTestId("confirm-delete-endpoint").click();
  await page.waitForURL(new RegExp(`/console/${orgId}/webhooks$`));
  await expect(page.getByTestId("toast-region")).toContainText("Endpoint deleted");
  await expect(page.getByTestId("endpoint-row")).toHaveCount(0);
  expect(await sql(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);
});

test("at 20 endpoints the form says so and the server refuses a 21st", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("limit"), orgName: "Limit Org" });
  await unlockBilling(orgId);
  await sql(
    `INSERT INTO "WebhookEndpoint" ("orgId", url, "eventTypes", "secretCiphertext", "secretPrefix", "updatedAt")
     SELECT $1, 'https://hooks.example.com/' || n, ARRAY['attendee.created'], 'x', 'whsec_xx', now() FROM generate_series(1, 20) n`,
    [orgId],
  );
  await page.goto(`/console/${orgId}/webhooks`);
  await expect(page.getByTestId("endpoint-limit")).toContainText("has 20 endpoints, the most allowed");
  await expect(page.getByTestId("add-endpoint-button")).toHaveCount(0);
  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await expect(form.getByRole("button", { name: "Add endpoint" })).toBeDisabled();
  await expect(form.getByTestId("create-disabled-reason")).toContainText("has 20 endpoints, the most allowed");
  await form.locator("fieldset").first().evaluate((fieldset) => fieldset.removeAttribute("disabled"));
  await form.getByLabel("Endpoint URL").fill(receiver.url);
  await form.getByRole("checkbox", { name: /^attendee\.created/ }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByTestId("form-status")).toContainText("already has 20 webhook endpoints");
  await expect(form.getByTestId("failure-reason")).toHaveText("(endpoint_limit_reached)");
  await expect(form.getByTestId("failure-reason")).toBeHidden();
  expect(await sql(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId])).toHaveLength(20);
});

test("locked integrations: endpoints stay visible, adding one and pinging are refused with the lock's reason", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("locked-hooks"), orgName: "Locked Hooks" });
  await page.goto(`/console/${orgId}/webhooks`);
  await expect(page.getByTestId("lock-banner")).toContainText("payment_required");
  await expect(page.getByTestId("add-endpoint-button")).toHaveCount(0);
  await expect(page.getByTestId("create-disabled-reason")).toContainText("Adding endpoints is paused");
  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await expect(form.getByRole("button", { name: "Add endpoint" })).toBeDisabled();
  await expect(form.getByTestId("create-disabled-reason")).toContainText("Adding endpoints is paused");

  // Forged: the disabled form re-enabled in the page reaches the server, which refuses like the API's 402.
  await form.locator("fieldset").first().evaluate((fieldset) => fieldset.removeAttribute("disabled"));
  await form.getByLabel("Endpoint URL").fill(receiver.url);
  await form.getByRole("checkbox", { name: "All event types" }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByTestId("form-status")).toContainText("Integrations need a paid plan");
  await expect(form.getByTestId("failure-reason")).toHaveText("(payment_required)");
  expect(await sql(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  // An endpoint from before the lock stays listed; its test ping is refused with the same reason.
  const [{ id }] = await sql<{ id: string }>(
    `INSERT INTO "WebhookEndpoint" ("orgId", url, "eventTypes", "secretCiphertext", "secretPrefix", "updatedAt")
     VALUES ($1, $2, ARRAY['attendee.created'], 'x', 'whsec_ab', now()) RETURNING id`,
    [orgId, receiver.url],
  );
  await page.goto(`/console/${orgId}/webhooks`);
  await expect(page.getByTestId("endpoint-row")).toContainText(receiver.url);
  await page.goto(`/console/${orgId}/webhooks/${id}`);
  await expect(page.getByTestId("lock-banner")).toContainText("payment_required");
  await expect(page.getByTestId("send-test-ping")).toBeDisabled();
  await expect(page.getByTestId("ping-disabled-reason")).toContainText("Integrations need a paid plan");
  const before = receiver.received.length;
  await page.getByTestId("send-test-ping").evaluate((button) => button.removeAttribute("disabled"));
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Integrations need a paid plan");
  await expect(page.getByTestId("ping-result").getByTestId("failure-reason")).toHaveText("(payment_required)");
  expect(receiver.received.length).toBe(before);
});

test("a member sees endpoints read-only, without controls, and the server refuses their changes; another organization's endpoint is a 404", async ({ page, browser, request }) => {
  const orgId = await signUp(page, { email: uniqueEmail("owner"), orgName: "Owner Org" });
  await unlockBilling(orgId);
  const { id: endpointId } = await addEndpoint(page, orgId, receiver.url, "all");

  // The admin's Save on the settings form, captured (and stopped) to replay as the member.
  await page.goto(`/console/${orgId}/webhooks/${endpointId}`);
  let savePost: Request | null = null;
  page.on("request", (req) => {
    if (req.method() === "POST" && req.headers()["next-action"] && req.postData()?.includes("Hijacked")) savePost = req;
  });
  await page.route(`**/console/${orgId}/webhooks/${endpointId}`, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  const adminSettings = page.getByRole("form", { name: "Endpoint settings" });
  await adminSettings.getByLabel("Description").fill("Hijacked");
  await adminSettings.getByRole("button", { name: "Save changes" }).click();
  await expect.poll(() => savePost !== null).toBe(true);
  await page.unroute(`**/console/${orgId}/webhooks/${endpointId}`);

  const member = await signInAsMember(browser, orgId);
  await member.page.goto(`/console/${orgId}/webhooks`);
  await expect(member.page.getByTestId("read-only-notice")).toBeVisible();
  await expect(member.page.getByTestId("endpoint-row")).toContainText(receiver.url);
  await expect(member.page.getByTestId("add-endpoint-button")).toHaveCount(0);
  await expect(member.page.getByRole("form")).toHaveCount(0);
  await member.page.goto(`/console/${orgId}/webhooks/new`);
  await expect(member.page.getByTestId("read-only-notice")).toBeVisible();
  await expect(member.page.getByRole("form", { name: "Add a webhook endpoint" })).toHaveCount(0);

  // The endpoint's page: facts and the delivery log, no buttons and no greyed-out forms.
  await member.page.goto(`/console/${orgId}/webhooks/${endpointId}`);
  await expect(member.page.getByTestId("endpoint-settings")).toContainText("attendee.created");
  for (const id of ["send-test-ping", "disable-endpoint", "enable-endpoint", "roll-secret", "delete-endpoint", "resend-delivery"]) {
    await expect(member.page.getByTestId(id), id).toHaveCount(0);
  }
  await expect(member.page.getByRole("form", { name: "Endpoint settings" })).toHaveCount(0);
  await expect(member.page.locator("main button:disabled, main fieldset:disabled")).toHaveCount(0);

  // Forged: the admin's captured Save replayed with the member's session. Refused, nothing changes.
  const captured = savePost as Request | null;
  const headers: Record<string, string> = {
    ...captured!.headers(),
    cookie: (await member.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
  };
  delete headers["content-length"];
  const replay = await request.post(captured!.url(), { headers, data: captured!.postDataBuffer()! });
  expect(await replay.text()).toContain("admin_required");
  const [unchanged] = await sql<{ description: string }>(`SELECT description FROM "WebhookEndpoint" WHERE id = $1`, [endpointId]);
  expect(unchanged.description).toBe("");
  await member.context.close();

  // Someone in another organization only: the endpoint's address is not found.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const strangerOrg = await signUp(other, { email: uniqueEmail("stranger"), orgName: "Stranger Org" });
  const response = await other.goto(`/console/${orgId}/webhooks/${endpointId}`);
  expect(response?.status()).toBe(404);
  await expect(other.getByText(receiver.url)).toHaveCount(0);
  // Their own organization with the other organization's endpoint id: also a 404.
  const own = await other.goto(`/console/${strangerOrg}/webhooks/${endpointId}`);
  expect(own?.status()).toBe(404);
  await expect(other.getByText(receiver.url)).toHaveCount(0);
  await otherContext.close();
});

test("an admin sends a test attendee.created built from the organization's latest attendee, signed, logged as a test", async ({ page }) => {
  // Its own receiver, so the deliveries of the other tests in this file never mix in.
  const own: Reply[] = [];
  const hooks = await startWebhookReceiver({ reply: () => own.shift() ?? { status: 200, body: "ok" } });
  ownReceivers.push(hooks);
  const orgId = await signUp(page, { email: uniqueEmail("samples"), orgName: "Samples Org" });
  await unlockBilling(orgId);
  const [event] = await sql<{ id: string }>(
    `INSERT INTO "Event" ("orgId", slug, name, status, "startAt", "endAt", timezone, "updatedAt")
     VALUES ($1, 'summit', 'Summit', 'published', '2027-03-01T09:00:00Z', '2027-03-02T17:00:00Z', 'Europe/Amsterdam', now())
     RETURNING id`,
    [orgId],
  );
  const email = `${uniqueEmail("grace")}`;
  const [attendee] = await sql<{ id: string }>(
    `INSERT INTO "Attendee" ("eventId", "displayName", email, company, "badgeCode", "qrToken")
     VALUES ($1, 'Grace Hopper', $2, 'Navy', $3, md5(random()::text)) RETURNING id`,
    // A badge code of the spec's alphabet with its check character, as the service assigns.
    [event.id, email, `GRACE${checkCharacter("GRACE")}`],
  );

  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  // ping is always on, and the form says so instead of offering it.
  await expect(form.getByTestId("ping-always-on")).toContainText("every endpoint always receives the test pings");
  await expect(form.getByRole("checkbox", { name: /^ping/ })).toHaveCount(0);
  const { secret } = await addEndpoint(page, orgId, hooks.url, [/^attendee\.created/]);
  await page.getByTestId("new-endpoint-secret").getByRole("button", { name: "Done" }).click();
  await page.getByTestId("endpoint-row").getByTestId("manage-endpoint").click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();

  // The choice is ping plus the endpoint's own types.
  const picker = page.getByTestId("test-event-type");
  await expect(picker.locator("option")).toHaveText(["ping", "attendee.created"]);
  const before = hooks.received.length;
  await picker.selectOption("attendee.created");
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Test attendee.created delivered: HTTP 200");
  await expect(page.getByTestId("ping-result")).not.toContainText("sample data");

  expect(hooks.received).toHaveLength(before + 1);
  const delivered = hooks.received.at(-1)!;
  expect(delivered.headers["x-service-event-type"]).toBe("attendee.created");
  expect(delivered.body).toMatchObject({
    type: "attendee.created",
    data: { id: attendee.id, eventId: event.id, email, displayName: "Grace Hopper", company: "Navy", badgeCode: `GRACE${checkCharacter("GRACE")}` },
  });
  expect(delivered.body.data).not.toHaveProperty("createdAt");
  expect(verifySignature({ rawBody: delivered.rawBody, header: delivered.headers["x-service-signature"], secret }).ok).toBe(true);

  const row = page.getByTestId("delivery-row").first();
  await expect(row).toContainText("attendee.created");
  await expect(row).toContainText(delivered.body.id);
  await expect(row).toHaveAttribute("data-test-event", "true");
  await expect(row.getByTestId("test-badge")).toHaveText("Test");
  const [stored] = await sql<{ test: boolean }>(`SELECT test FROM "WebhookEvent" WHERE id = $1`, [delivered.body.id]);
  expect(stored.test).toBe(true);

  // A failed test is attempted once and not counted toward automatic disabling.
  await page.getByTestId("test-event-type").selectOption("ping");
  own.push({ status: 503, body: "down" });
  await page.getByTestId("send-test-ping").click();
  await expect(page.getByTestId("ping-result")).toContainText("Test ping failed: HTTP 503");
  await expect(page.getByTestId("delivery-row").first()).toHaveAttribute("data-state", "exhausted");
  await expect(page.getByTestId("consecutive-failures")).toHaveText("0");
});
