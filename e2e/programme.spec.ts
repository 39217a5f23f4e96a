import { expect, test, type APIRequestContext } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent, signInAsMember } from "./support/seed";
import { sql } from "./support/server";
import { addReceiverEndpoint, runDueWebhooks } from "./support/webhooks";
import { expectNoSeriousAxeFindings } from "./support/axe";

// The Programme section in the browser: an admin's session changes arrive at a
// signing-verifying receiver on 127.0.0.1 as session.* webhooks and show in the Partner
// API's session list; a bad time is a field error that records nothing; members and
// archived events get no buttons.

let receiver: WebhookReceiver;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => receiver?.close());


/** The next webhook, verified; and it is the only one, so nothing else was recorded since the last. */
async function nextWebhook(orgId: string, count: number) {
  await runDueWebhooks(orgId);
  const received = await receiver.waitFor(count);
  expect(received).toHaveLength(count);
  const last = received.at(-1)!;
  expect(last.verifiedWith).toEqual([true]);
  return last.body;
}

async function partnerSessions(request: APIRequestContext, key: string, eventId: string) {
  const response = await request.get(`/partner/v1/events/${eventId}/sessions`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

test("an admin adds, edits and deletes a session; partners see each change; members and archived events get no buttons", async ({ page, request, browser }) => {
  // Three deliveries through the CLI and a second browser context: longer than one page's budget.
  test.setTimeout(300_000);
  const orgId = await signUp(page, { email: uniqueEmail("programme"), orgName: "Programme Org" });
  await unlockBilling(orgId);
  const key = await createKey(page, orgId, "Partner", ["events:read"]);
  await addReceiverEndpoint(page, orgId, receiver);
  let seen = receiver.received.length;

  const eventId = await createEvent(orgId, "Programme Summit");
  const [{ id: trackId }] = await sql<{ id: string }>(`INSERT INTO "Track" ("eventId", name) VALUES ($1, 'Main stage') RETURNING id`, [eventId]);
  await sql(`INSERT INTO "Room" ("eventId", name, "sortOrder") VALUES ($1, 'Hall A', 1), ($1, 'Hall B', 2)`, [eventId]);
  const [{ id: sponsorId }] = await sql<{ id: string }>(`INSERT INTO "Sponsor" ("eventId", name, tier) VALUES ($1, 'Acme', 'gold') RETURNING id`, [eventId]);
  await sql(`INSERT INTO "EventCardSponsor" ("eventId", "sponsorId") VALUES ($1, $2)`, [eventId, sponsorId]);

  await page.goto(`/console/${orgId}/events/${eventId}/programme`);
  await expect(page.getByText("No sessions yet")).toBeVisible();
  await expect(page.getByTestId("sponsor-row")).toContainText("Featured");
  await expect(page.getByText("No speakers yet")).toBeVisible();
  await expectNoSeriousAxeFindings(page, "programme", "main");

  // Create: times are typed on the venue's clock (Amsterdam, CET in March).
  await page.getByTestId("new-session").click();
  let dialog = page.getByRole("dialog", { name: "New session" });
  await dialog.getByLabel("Title").fill("Opening keynote");
  await dialog.getByLabel("Type").selectOption({ label: "Fireside chat" });
  await dialog.getByLabel("Starts").fill("2027-03-01T09:00");
  await dialog.getByLabel("Ends").fill("2027-03-01T10:00");
  await dialog.getByLabel("Room").selectOption("Hall A");
  await dialog.getByLabel("Track").selectOption({ label: "Main stage" });
  await dialog.getByLabel("Description").fill("Welcome");
  await expectNoSeriousAxeFindings(page, "programme", "main");
  await dialog.getByRole("button", { name: "Add session" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast-region")).toContainText("“Opening keynote” added to the programme.");
  const created = await nextWebhook(orgId, ++seen);
  expect(created).toMatchObject({
    type: "session.created",
    data: { eventId, title: "Opening keynote", type: "fireside", startAt: "2027-03-01T08:00:00.000Z", endAt: "2027-03-01T09:00:00.000Z", room: "Hall A", trackId, description: "Welcome" },
  });
  const sessionId = created.data.id as string;
  expect(await partnerSessions(request, key, eventId)).toMatchObject([{ id: sessionId, title: "Opening keynote", type: "fireside", room: "Hall A", trackId }]);
  const row = page.getByTestId("session-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Fireside chat");
  await expect(row).toContainText("Mar 1, 2027, 09:00–10:00 GMT+1");
  await expect(row).toContainText("(Europe/Amsterdam)");
  await expect(row).toContainText("Main stage");

  // An end before the start: the message sits on the Ends field and nothing is written.
  await page.getByTestId("new-session").click();
  dialog = page.getByRole("dialog", { name: "New session" });
  await dialog.getByLabel("Title").fill("Backwards");
  await dialog.getByLabel("Starts").fill("2027-03-01T11:00");
  await dialog.getByRole("button", { name: "Add session" }).click();
  await expect(dialog.locator("#new-session-endAt-error")).toHaveText("Pick the day and time the session ends.");
  await dialog.getByLabel("Ends").fill("2027-03-01T10:30");
  await dialog.getByRole("button", { name: "Add session" }).click();
  const ends = dialog.getByLabel("Ends");
  await expect(ends).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.locator("#new-session-endAt-error")).toHaveText("The session must end after it starts.");
  await expect(ends).toBeFocused();
  await expect(dialog.getByTestId("form-status")).toHaveText("Some fields need attention. Fix them and try again.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await partnerSessions(request, key, eventId)).toHaveLength(1);
  await expect(page.getByTestId("session-row")).toHaveCount(1);

  // Edit: the form opens with the stored values on the venue's clock.
  await row.getByTestId("edit-session").click();
  dialog = page.getByRole("dialog", { name: "Edit “Opening keynote”" });
  await expect(dialog.getByLabel("Starts")).toHaveValue("2027-03-01T09:00");
  await expect(dialog.getByLabel("Room")).toHaveValue("Hall A");
  await dialog.getByLabel("Title").fill("Opening keynote (extended)");
  await dialog.getByLabel("Ends").fill("2027-03-01T10:30");
  await dialog.getByLabel("Room").selectOption("Hall B");
  await dialog.getByRole("button", { name: "Save session" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast-region")).toContainText("saved. Subscribed endpoints receive session.updated.");
  // One more delivery, and it is the update: the refused form above recorded nothing.
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({
    type: "session.updated",
    data: { id: sessionId, title: "Opening keynote (extended)", endAt: "2027-03-01T09:30:00.000Z", room: "Hall B", trackId },
  });
  expect(await partnerSessions(request, key, eventId)).toMatchObject([{ id: sessionId, title: "Opening keynote (extended)", endAt: "2027-03-01T09:30:00.000Z", room: "Hall B" }]);
  await expect(row).toContainText("09:00–10:30");

  // A member sees the programme without any action button.
  const member = await signInAsMember(browser, orgId);
  await member.page.goto(`/console/${orgId}/events/${eventId}/programme`);
  await expect(member.page.getByTestId("session-row")).toContainText("Opening keynote (extended)");
  await expect(member.page.getByRole("button", { name: /New session|Edit|Delete/ })).toHaveCount(0);
  await expect(member.page.getByTestId("new-session")).toHaveCount(0);
  await expect(member.page.getByTestId("edit-session")).toHaveCount(0);
  await expect(member.page.getByTestId("delete-session")).toHaveCount(0);
  await member.context.close();

  // Delete, confirmed.
  await row.getByTestId("delete-session").click();
  await page.getByRole("dialog").getByTestId("confirm-delete-session").click();
  await expect(page.getByTestId("toast-region")).toContainText("“Opening keynote (extended)” deleted from the programme.");
  expect(await nextWebhook(orgId, ++seen)).toMatchObject({ type: "session.deleted", data: { id: sessionId, title: "Opening keynote (extended)" } });
  expect(await partnerSessions(request, key, eventId)).toEqual([]);
  await expect(page.getByTestId("session-row")).toHaveCount(0);
  await expect(page.getByText("No sessions yet")).toBeVisible();

  // An archived event's programme is read-only, and the page says why.
  await sql(`INSERT INTO "Session" ("eventId", title, type, "startAt", "endAt", "updatedAt") VALUES ($1, 'Kept', 'talk', now(), now() + interval '1 hour', now())`, [eventId]);
  await sql(`UPDATE "Event" SET status = 'archived' WHERE id = $1`, [eventId]);
  await page.reload();
  await expect(page.getByTestId("archived-notice")).toContainText("this event is archived");
  await expect(page.getByTestId("session-row")).toContainText("Kept");
  await expect(page.getByTestId("new-session")).toHaveCount(0);
  await expect(page.getByTestId("edit-session")).toHaveCount(0);
  await expect(page.getByTestId("delete-session")).toHaveCount(0);
});
