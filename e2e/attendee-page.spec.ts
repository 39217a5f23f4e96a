import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent, signInAsMember } from "./support/seed";
import { ops, sql } from "./support/server";
import { addReceiverEndpoint, deliveredWebhook } from "./support/webhooks";
import { expectNoSeriousAxeFindings } from "./support/axe";

// The attendee page and the engagement lists in the browser. An edit made on the page
// arrives at a signing-verifying receiver as attendee.updated and the Partner API reads
// the new values; a bad edit is a field error that writes nothing; the partner panel
// links the delivery to its log; check-ins from the console and scans, answers and
// feedback from the operator CLI (the attendee app's stand-in) appear in the lists with
// names linking back to the attendee. Members see it all without action buttons.

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => receiver?.close());

async function partnerAttendee(request: APIRequestContext, key: string, eventId: string, attendeeId: string) {
  const response = await request.get(`/partner/v1/events/${eventId}/attendees/${attendeeId}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

async function confirm(page: Page, testId: string, toast: string | RegExp) {
  await page.getByTestId(testId).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId(`confirm-${testId}`).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast-region")).toContainText(toast);
}

test("an admin opens an attendee, edits them and sees what partners see; engagement lists show the attendee's activity", async ({ page, request, browser }) => {
  // Eight operator CLI runs (each a tsx start) and two browsers: minutes on a busy machine.
  test.setTimeout(360_000);
  const orgId = await signUp(page, { email: uniqueEmail("attendee"), orgName: "Attendee Org" });
  await unlockBilling(orgId);
  const key = await createKey(page, orgId, "Partner", ["events:read", "attendees:read", "attendees:write"]);
  await addReceiverEndpoint(page, orgId, receiver);
  const eventId = await createEvent(orgId, "Autumn Forum", "America/New_York");
  const created = await request.post(`/partner/v1/events/${eventId}/attendees`, {
    headers: { authorization: `Bearer ${key}` },
    data: { email: "ada@example.com", displayName: "Ada Lovelace", company: "Analytical", jobTitle: "Analyst" },
  });
  expect(created.status()).toBe(201);
  const attendeeId = ((await created.json()) as { data: { id: string } }).data.id;
  const attendeePath = `/console/${orgId}/events/${eventId}/guests/${attendeeId}`;

  // From the guest list, by name.
  await page.goto(`/console/${orgId}/events/${eventId}/guests`);
  await page.getByTestId("guest-row").getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(page).toHaveURL(attendeePath);
  await expect(page.getByTestId("attendee-name")).toHaveText("Ada Lovelace");
  await expect(page.getByTestId("attendee-details")).toContainText("ada@example.com");
  await expect(page.getByTestId("badge-code")).toHaveText(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
  await expect(page.getByTestId("partner-path")).toHaveText(`GET /partner/v1/events/${eventId}/attendees/${attendeeId}`);
  await expect(page.locator("#partner-view").getByRole("button", { name: "Copy path" })).toBeVisible();
  await expect(page.getByText("No session scans for Ada Lovelace yet")).toBeVisible();
  await expectNoSeriousAxeFindings(page, "attendee page");

  // A blank name is refused on the field, in the form's words; nothing is written or sent.
  const form = page.getByRole("form", { name: "Edit the attendee" });
  await form.getByLabel("Name").fill("   ");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.locator("#edit-attendee-displayName-error")).toHaveText("Name must not be empty.");
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByTestId("form-status")).toHaveText("Some fields need attention. Fix them and try again.");
  expect(await partnerAttendee(request, key, eventId, attendeeId)).toMatchObject({ displayName: "Ada Lovelace", company: "Analytical" });
  expect(await sql(`SELECT 1 FROM "WebhookEvent" WHERE "orgId" = $1 AND type = 'attendee.updated'`, [orgId])).toHaveLength(0);

  // The edit: attendee.updated, signed, and the partner's read agrees.
  let from = receiver.received.length;
  await form.getByLabel("Name").fill("Ada King");
  await form.getByLabel("Company").fill("Analytical Engines");
  await form.getByLabel("Job title").fill("");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByTestId("form-status")).toHaveText("Ada King saved. Subscribed endpoints receive attendee.updated.");
  expect(await deliveredWebhook(receiver, orgId, from, "attendee.updated", attendeeId)).toMatchObject({
    data: { displayName: "Ada King", company: "Analytical Engines", jobTitle: null, email: "ada@example.com" },
  });
  expect(await partnerAttendee(request, key, eventId, attendeeId)).toMatchObject({ displayName: "Ada King", company: "Analytical Engines", jobTitle: null });
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByTestId("form-status")).toHaveText("Nothing changed.");
  expect(await sql(`SELECT 1 FROM "WebhookEvent" WHERE "orgId" = $1 AND type = 'attendee.updated'`, [orgId])).toHaveLength(1);

  // Checked in from their page; the partner panel lists both deliveries and links to the log.
  from = receiver.received.length;
  await confirm(page, "check-in", "Ada King checked in.");
  expect(await deliveredWebhook(receiver, orgId, from, "attendee.checked_in", attendeeId)).toMatchObject({ data: { id: attendeeId } });
  await page.reload();
  await expect(page.getByTestId("attendee-details")).not.toContainText("Not yet");
  const deliveries = page.getByTestId("resource-deliveries");
  await expect(deliveries).toContainText("attendee.updated");
  await expect(deliveries).toContainText("attendee.checked_in");
  await deliveries.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/console/${orgId}/webhooks/[0-9a-f-]{36}$`));
  await expect(page.getByTestId("delivery-row").filter({ hasText: "attendee.updated" })).toHaveCount(1);

  // The attendee app's side, through the operator CLI: a door scan, answers (corrected once), feedback.
  const { session } = (await ops("session:create", { event: eventId, title: "Opening keynote", type: "keynote", start: "2027-03-01T14:00:00Z", end: "2027-03-01T15:00:00Z" })) as { session: { id: string } };
  const [survey] = await sql<{ id: string }>(
    `INSERT INTO "Form" ("eventId", name, status, fields) VALUES ($1, 'Exit survey', 'open', $2) RETURNING id`,
    [eventId, JSON.stringify([{ key: "liked", label: "What did you like?", type: "short_text", required: true }])],
  );
  await ops("scan", { session: session.id, attendee: attendeeId });
  await ops("form:submit", { form: survey.id, attendee: attendeeId, answers: JSON.stringify({ liked: "The engine" }) });
  await ops("form:submit", { form: survey.id, attendee: attendeeId, answers: JSON.stringify({ liked: "The engine, twice" }) });
  await ops("feedback:create", { event: eventId, kind: "review", rating: "5", comment: "<b>Great</b> talk", attendee: attendeeId, session: session.id });

  await page.goto(`/console/${orgId}/events/${eventId}/engagement`);
  await expect(page.getByTestId("check-in-row")).toHaveCount(1);
  await expect(page.getByTestId("scan-row")).toContainText("Opening keynote");
  await expect(page.getByTestId("submission-row")).toContainText("Exit survey");
  await expect(page.getByTestId("submission-revision")).toHaveText("2");
  await expect(page.getByTestId("feedback-comment")).toHaveText("<b>Great</b> talk");
  await expect(page.getByTestId("feedback-row")).toContainText("5 / 5");
  await expectNoSeriousAxeFindings(page, "engagement");
  await page.getByTestId("scan-row").getByRole("link", { name: "Ada King" }).click();
  await expect(page).toHaveURL(attendeePath);
  await expect(page.getByTestId("scan-row")).toContainText("Opening keynote");
  await expect(page.getByTestId("submission-row")).toContainText("Exit survey");
  await expect(page.getByTestId("feedback-row")).toContainText("review");

  // A member: the same pages, no action buttons and no edit form.
  const member = await signInAsMember(browser, orgId);
  await member.page.goto(attendeePath);
  await expect(member.page.getByTestId("attendee-name")).toHaveText("Ada King");
  await expect(member.page.getByTestId("scan-row")).toHaveCount(1);
  for (const testId of ["save-attendee", "check-in", "revoke-attendee", "restore-attendee", "remove-attendee"]) {
    await expect(member.page.getByTestId(testId), testId).toHaveCount(0);
  }
  await expect(member.page.getByRole("form", { name: "Edit the attendee" })).toHaveCount(0);
  await member.page.goto(`/console/${orgId}/events/${eventId}/engagement`);
  await expect(member.page.getByTestId("check-in-row")).toHaveCount(1);
  await expect(member.page.getByTestId("close-form")).toHaveCount(0);
  await member.context.close();

  // Removed from their own page: back to the guest list, attendee.deleted sent.
  await page.goto(attendeePath);
  from = receiver.received.length;
  await page.getByTestId("remove-attendee").click();
  await page.getByRole("dialog").getByTestId("confirm-remove-attendee").click();
  await expect(page).toHaveURL(`/console/${orgId}/events/${eventId}/guests`);
  await expect(page.getByText("No attendees yet")).toBeVisible();
  expect(await deliveredWebhook(receiver, orgId, from, "attendee.deleted", attendeeId)).toMatchObject({ data: { id: attendeeId } });
  expect((await page.goto(attendeePath))?.status()).toBe(404);
});

test("engagement lists page by their own query parameter, keeping the others", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("paging"), orgName: "Paging Org" });
  const eventId = await createEvent(orgId, "Big Day");
  // 30 checked-in attendees (a page is 25), as fixtures: the lists read what is stored.
  await sql(
    `WITH a AS (
       INSERT INTO "Attendee" ("eventId", "displayName", email, "badgeCode", "qrToken", "checkedInAt", "createdAt", "updatedAt")
       SELECT $1::uuid, 'Guest ' || lpad(i::text, 2, '0'), 'g' || i || '@example.com', 'P' || lpad(i::text, 5, '0'), 'qr-' || $1::text || '-' || i,
              timestamptz '2027-03-01 09:00Z' + i * interval '1 minute', now(), now()
       FROM generate_series(1, 30) AS i RETURNING id, "checkedInAt")
     INSERT INTO "CheckIn" ("attendeeId", "eventId", "checkedInAt") SELECT id, $1::uuid, "checkedInAt" FROM a`,
    [eventId],
  );
  await page.goto(`/console/${orgId}/events/${eventId}/engagement?feedback=keep`);
  const rows = page.getByTestId("check-in-row");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText("Guest 30");
  await page.getByTestId("check-ins-next").click();
  await expect(page).toHaveURL(/[?&]checkins=[^&#]+/);
  expect(new URL(page.url()).searchParams.get("feedback")).toBe("keep");
  await expect(rows).toHaveCount(5);
  await expect(rows.last()).toContainText("Guest 01");
  await page.getByRole("navigation", { name: "Check-in pages" }).getByRole("link", { name: "First page" }).click();
  await expect(rows).toHaveCount(25);
});
