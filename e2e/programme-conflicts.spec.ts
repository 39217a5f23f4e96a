import { expect, test, type APIRequestContext } from "@playwright/test";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent } from "./support/seed";
import { sql } from "./support/server";
import { expectAxeCleanEverywhere } from "./support/axe";

// Programme conflicts in the browser: a session that double-books a room or a speaker is
// not saved at once but warned about, naming the other session in the venue's time; "Save
// anyway" saves it. The day × room grid shows the double booking, at 1280 and 375 px. A
// track's colour can be cleared again.

async function partnerList(request: APIRequestContext, key: string, path: string) {
  const response = await request.get(`/partner/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

test("a double booking is warned about and saved only on Save anyway; the grid shows it; a track's colour can be cleared", async ({ page, request }) => {
  test.setTimeout(300_000);
  const orgId = await signUp(page, { email: uniqueEmail("conflicts"), orgName: "Conflicts Org" });
  await unlockBilling(orgId);
  const key = await createKey(page, orgId, "Partner", ["events:read"]);
  const eventId = await createEvent(orgId, "Conflict Summit", "Europe/Oslo");
  await sql(`INSERT INTO "Room" ("eventId", name, "sortOrder") VALUES ($1, 'Hall A', 1), ($1, 'Hall B', 2)`, [eventId]);
  const [{ id: speakerId }] = await sql<{ id: string }>(`INSERT INTO "Speaker" ("eventId", name) VALUES ($1, 'Ada Lovelace') RETURNING id`, [eventId]);
  const [{ id: keynoteId }] = await sql<{ id: string }>(
    `INSERT INTO "Session" ("eventId", title, type, "startAt", "endAt", room, "updatedAt")
     VALUES ($1, 'Opening keynote', 'keynote', '2027-03-01T08:00:00Z', '2027-03-01T09:00:00Z', 'Hall A', now()) RETURNING id`,
    [eventId],
  );
  await sql(`INSERT INTO "SessionSpeaker" ("sessionId", "speakerId", position) VALUES ($1, $2, 0)`, [keynoteId, speakerId]);
  const programme = `/console/${orgId}/events/${eventId}/programme`;

  await page.goto(programme);
  await page.getByTestId("new-session").click();
  const dialog = page.getByRole("dialog", { name: "New session" });
  await dialog.getByLabel("Title").fill("Workshop");
  await dialog.getByLabel("Starts").fill("2027-03-01T09:30");
  await dialog.getByLabel("Ends").fill("2027-03-01T10:30");
  await dialog.getByLabel("Room").selectOption("Hall A");
  await dialog.getByRole("button", { name: "Add session" }).click();
  // 08:00 UTC is 09:00 in Oslo: the warning speaks the venue's time, and nothing is saved yet.
  const warning = dialog.getByTestId("session-conflicts");
  await expect(warning).toHaveText(
    "Hall A is also booked for “Opening keynote” (Mon 1 Mar, 09:00–10:00). Times are the venue's (Europe/Oslo). Save anyway, or change the time, room or speakers.",
  );
  await expect(dialog.getByTestId("save-session")).toHaveText("Save anyway");
  expect(await partnerList(request, key, `/events/${eventId}/sessions`)).toHaveLength(1);
  await expectAxeCleanEverywhere(page, "conflict warning");

  // Moving it to Hall B clears the warning (the next save asks again), and that save is clean.
  await dialog.getByLabel("Room").selectOption("Hall B");
  await expect(dialog.getByTestId("save-session")).toHaveText("Add session");
  await dialog.getByLabel("Room").selectOption("Hall A");
  await dialog.getByTestId("save-session").click();
  await expect(dialog.getByTestId("save-session")).toHaveText("Save anyway");
  await dialog.getByTestId("save-session").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast-region")).toContainText("“Workshop” added to the programme.");
  const sessions = await partnerList(request, key, `/events/${eventId}/sessions`);
  expect(sessions.map((session) => [session.title, session.room])).toEqual([["Opening keynote", "Hall A"], ["Workshop", "Hall A"]]);

  // The grid by room: both in Hall A, marked; a shareable address.
  await page.getByTestId("programme-view-grid").click();
  await expect(page).toHaveURL(/view=grid/);
  const grid = page.getByTestId("programme-grid");
  await expect(grid.getByRole("columnheader", { name: "Hall A" })).toBeVisible();
  await expect(grid.getByTestId("grid-session")).toHaveCount(2);
  await expect(grid.getByText("Double-booked room")).toHaveCount(2);
  await expectAxeCleanEverywhere(page, "programme grid");
  await page.getByTestId("programme-view-list").click();
  await expect(page.getByTestId("session-row")).toHaveCount(2);

  // A track with a colour, then none again.
  await page.getByTestId("new-track").click();
  let trackDialog = page.getByRole("dialog", { name: "New track" });
  await trackDialog.getByLabel("Name").fill("Main stage");
  await trackDialog.getByLabel("Colour", { exact: true }).fill("#1a2b3c");
  await trackDialog.getByRole("button", { name: "Add track" }).click();
  await expect(trackDialog).toBeHidden();
  expect((await partnerList(request, key, `/events/${eventId}/tracks`))[0]).toMatchObject({ name: "Main stage", color: "#1a2b3c" });
  await page.getByTestId("track-row").getByTestId("edit-track").click();
  trackDialog = page.getByRole("dialog", { name: "Edit “Main stage”" });
  await trackDialog.getByLabel("No colour").check();
  await expect(trackDialog.getByLabel("Colour", { exact: true })).toBeDisabled();
  await trackDialog.getByRole("button", { name: "Save track" }).click();
  await expect(trackDialog).toBeHidden();
  expect((await partnerList(request, key, `/events/${eventId}/tracks`))[0]).toMatchObject({ name: "Main stage", color: null });
  // Opened again, it says so.
  await page.getByTestId("track-row").getByTestId("edit-track").click();
  await expect(page.getByRole("dialog", { name: "Edit “Main stage”" }).getByLabel("No colour")).toBeChecked();
});
