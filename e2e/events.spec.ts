import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { signInAsMember } from "./support/seed";
import { databaseUrl } from "./support/server";

// The organizer workspace in the browser: each change made on a console screen arrives at
// a signing-verifying receiver on 127.0.0.1 as its webhook, and the Partner API reads the
// new state afterwards. Members see the same pages without action buttons.

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => receiver?.close());

async function addEndpoint(page: Page, orgId: string): Promise<void> {
  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill(receiver.url);
  await form.getByRole("checkbox", { name: "All event types" }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const reveal = page.getByTestId("new-endpoint-secret");
  receiver.secrets = [await reveal.getByLabel("Signing secret").inputValue()];
  await reveal.getByRole("button", { name: "Done" }).click();
}

/**
 * Delivers what the outbox holds for the org (the operator's `webhooks:run-due`, rather
 * than waiting for the server's 15 s sweep) and returns the newest webhook received, verified.
 * Its stdout also carries the delivery log lines, so only the exit status is read.
 */
async function nextWebhook(orgId: string, count: number) {
  await promisify(execFile)(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/ops.ts", "webhooks:run-due", "--org", orgId], {
    // The server's settings that delivery needs: its APP_SECRET (signing secrets are stored
    // encrypted under it; default as in playwright.config.ts) and loopback receivers allowed.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(),
      DATABASE_POOL_MAX: "1",
      APP_SECRET: process.env.E2E_APP_SECRET ?? "e2e-app-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      OUTBOUND_ALLOW_LOOPBACK: "1",
    },
  });
  const received = await receiver.waitFor(count);
  const last = received.at(-1)!;
  expect(last.verifiedWith).toEqual([true]);
  return last.body;
}

async function confirm(page: Page, testId: string, toast: string | RegExp) {
  await page.getByTestId(testId).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId(`confirm-${testId}`).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast-region")).toContainText(toast);
}

async function partner(request: APIRequestContext, key: string, path: string) {
  const response = await request.get(`/partner/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test("an admin creates, publishes and archives an event and manages its guest list; partners see each change", async ({ page, request, browser }) => {
  // One long journey (about 50 s on two cores): twice the default budget so a loaded machine does not cut it.
  const orgId = await signUp(page, { email: uniqueEmail("events"), orgName: "Events Org" });
  await unlockBilling(orgId);
  const key = await createKey(page, orgId, "Partner", ["events:read", "attendees:read", "attendees:write"]);
  await addEndpoint(page, orgId);
  let seen = receiver.received.length;

  await page.goto(`/console/${orgId}/events`);
  await expect(page.getByText("No events yet")).toBeVisible();
  const form = page.getByRole("form", { name: "Create an event" });
  await form.getByLabel("Name").fill("Spring Summit");
  await form.getByLabel("Slug").fill("spring-summit");
  await form.getByLabel("Starts").fill("2027-03-01T09:00");
  await form.getByLabel("Ends").fill("2027-03-01T17:00");
  await form.getByRole("button", { name: "Create draft event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Spring Summit" })).toBeVisible();
  const eventId = page.url().split("/").at(-1)!;
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "event.updated", data: { id: eventId, status: "draft", startAt: "2027-03-01T08:00:00.000Z" } });
  await expect(page.getByTestId("partner-path")).toHaveText(`GET /partner/v1/events/${eventId}`);

  await confirm(page, "publish-event", "Event published");
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "event.published", data: { id: eventId, status: "published" } });
  expect(await partner(request, key, `/events/${eventId}`)).toMatchObject({ status: "published" });
  await page.reload();
  await expect(page.getByTestId("resource-deliveries")).toContainText("event.published");

  // A guest arrives through the Partner API; the organizer revokes, restores and checks them in.
  const created = await request.post(`/partner/v1/events/${eventId}/attendees`, {
    headers: { authorization: `Bearer ${key}` },
    data: { email: "ada@example.com", displayName: "Ada Lovelace", company: "Analytical" },
  });
  expect(created.status()).toBe(201);
  const attendeeId = ((await created.json()) as { data: { id: string } }).data.id;
  seen += 1;
  await nextWebhook(orgId, seen);

  await page.goto(`/console/${orgId}/events/${eventId}/guests?q=analytical`);
  const row = page.getByTestId("guest-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("badge-code")).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  await confirm(page, "revoke-attendee", "was revoked");
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "attendee.updated", data: { id: attendeeId, status: "revoked" } });
  expect(await partner(request, key, `/events/${eventId}/attendees/${attendeeId}`)).toMatchObject({ status: "revoked" });
  await expect(row.getByTestId("check-in")).toHaveCount(0);

  await confirm(page, "restore-attendee", "is back on the list (invited)");
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "attendee.updated", data: { status: "invited" } });
  await confirm(page, "check-in", "checked in");
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "attendee.checked_in", data: { id: attendeeId } });
  expect((await partner(request, key, `/events/${eventId}/attendees/${attendeeId}`)).checkedInAt).not.toBeNull();
  await expect(row.getByTestId("check-in")).toHaveCount(0);

  // Added from the console, then removed for good.
  await page.goto(`/console/${orgId}/events/${eventId}/guests`);
  const add = page.getByRole("form", { name: "Add an attendee" });
  await add.getByLabel("Email").fill("grace@example.com");
  await add.getByLabel("Company").fill("Navy");
  await add.getByRole("button", { name: "Add attendee" }).click();
  await expect(add.getByTestId("form-status")).toContainText(/grace added \(badge [A-Z0-9]{3}-[A-Z0-9]{3}\)/);
  const added = await nextWebhook(orgId, ++seen);
  expect(added).toMatchObject({ type: "attendee.created", data: { email: "grace@example.com", company: "Navy" } });
  const graceRow = page.getByTestId("guest-row").filter({ hasText: "grace@example.com" });
  await graceRow.getByTestId("remove-attendee").click();
  await page.getByRole("dialog").getByTestId("confirm-remove-attendee").click();
  await expect(page.getByTestId("toast-region")).toContainText("grace removed from the guest list.");
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "attendee.deleted", data: { id: added.data.id } });
  expect((await request.get(`/partner/v1/events/${eventId}/attendees/${added.data.id as string}`, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(404);
  await expect(page.getByTestId("guest-row")).toHaveCount(1);

  // A member sees the event and its guest list, with no action buttons.
  const member = await signInAsMember(browser, orgId);
  await member.page.goto(`/console/${orgId}/events/${eventId}/guests`);
  await expect(member.page.getByTestId("guest-row")).toHaveCount(1);
  await expect(member.page.getByTestId("publish-event")).toHaveCount(0);
  await expect(member.page.getByTestId("archive-event")).toHaveCount(0);
  await expect(member.page.getByTestId("revoke-attendee")).toHaveCount(0);
  await member.context.close();

  await page.goto(`/console/${orgId}/events/${eventId}`);
  await confirm(page, "archive-event", "Event archived");
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "event.updated", data: { id: eventId, status: "archived" } });
  expect(await partner(request, key, `/events/${eventId}`)).toMatchObject({ status: "archived" });
  const refused = await request.patch(`/partner/v1/events/${eventId}/attendees/${attendeeId}`, {
    headers: { authorization: `Bearer ${key}` },
    data: { company: "Later" },
  });
  expect(refused.status()).toBe(409);
  await expect(page.getByTestId("archive-event")).toHaveCount(0);
  await expect(page.getByTestId("publish-event")).toHaveCount(0);

  await page.goto(`/console/${orgId}/events?status=archived`);
  await expect(page.getByTestId("event-row")).toContainText("Spring Summit");
  await expect(page.getByTestId("event-row")).toContainText("archived");
});
