import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./support/axe";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent, signInAsMember } from "./support/seed";

// Authoring everything the Partner API serves, in the browser: tracks, rooms, speakers,
// sponsors, info sections, a session's speakers and capacity, and forms. Each change is
// then read through the Partner API with the expected fields and order. Reordering is
// done from the keyboard (move up/down buttons); every screen, dialogs open, is axe-clean
// at 1280 and 375 px, light and dark; members see the lists without buttons.

type Item = Record<string, unknown>;

async function partner(request: APIRequestContext, key: string, path: string): Promise<Item[]> {
  const response = await request.get(`/partner/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: Item[] }).data;
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByTestId("toast-region")).toContainText(text);
}

/** Opens a panel's "New …" dialog, returns it. */
async function openNew(page: Page, testId: string, title: string): Promise<Locator> {
  await page.getByTestId(testId).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function save(dialog: Locator) {
  await dialog.getByTestId("save-item").click();
  await expect(dialog).toBeHidden();
  // Hidden as soon as its content goes; the <dialog> itself closes in an effect after
  // that, and until then it keeps the rest of the page inert.
  await expect(dialog.page().locator("dialog[open]")).toHaveCount(0);
}

/**
 * Presses a row's move button once from the keyboard: the list refreshes in the new order and
 * focus stays on the moved row's button, so a second press moves it again.
 */
async function moveByKeyboard(page: Page, row: Locator, direction: "up" | "down") {
  const name = (await row.getByTestId(`move-${direction}`).textContent())?.trim() ?? "";
  await row.getByTestId(`move-${direction}`).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast-region")).toContainText(`Moved ${direction}.`);
  const moved = page.getByRole("button", { name: name.replace(/^[↑↓]\s*/, ""), exact: true });
  await expect(moved).toBeFocused();
  // Focus survives the refresh, not just the answer.
  await page.waitForTimeout(500);
  await expect(moved).toBeFocused();
}

test("an admin authors tracks, rooms, speakers, sponsors, info sections and a session's speakers; partners read each change", async ({ page, request }) => {
  test.setTimeout(600_000);
  const orgId = await signUp(page, { email: uniqueEmail("authoring"), orgName: "Authoring Org" });
  await unlockBilling(orgId);
  const key = await createKey(page, orgId, "Partner", ["events:read"]);
  const eventId = await createEvent(orgId, "Authoring Summit");
  const base = `/events/${eventId}`;

  await page.goto(`/console/${orgId}/events/${eventId}/programme`);
  // Empty states name what to do here, not a seed command.
  await expect(page.locator("#tracks")).toContainText("Add the first with “New track” above.");
  await expect(page.locator("#info-sections")).toContainText("Add the first with “New info section” above.");
  await expect(page.locator("main")).not.toContainText("demo:seed");
  await expectAxeCleanEverywhere(page, "empty programme");

  // Tracks: create two (with the colour picker), rename, reorder from the keyboard.
  let dialog = await openNew(page, "new-track", "New track");
  await dialog.getByLabel("Name").fill("Main stage");
  await dialog.getByLabel("Colour", { exact: true }).fill("#1a2b3c");
  await expectAxeCleanEverywhere(page, "track dialog");
  await save(dialog);
  await expectToast(page, "Track “Main stage” added.");
  dialog = await openNew(page, "new-track", "New track");
  await dialog.getByLabel("Name").fill("Workshop");
  await save(dialog);
  const tracks = page.getByTestId("track-row");
  await expect(tracks).toHaveCount(2);
  await tracks.nth(1).getByTestId("edit-track").click();
  dialog = page.getByRole("dialog", { name: "Edit “Workshop”" });
  await dialog.getByLabel("Name").fill("Workshops");
  await save(dialog);
  await expectToast(page, "Track “Workshops” saved.");
  await moveByKeyboard(page, tracks.nth(1), "up");
  await expect(tracks.first()).toContainText("Workshops");
  const servedTracks = await partner(request, key, `${base}/tracks`);
  expect(servedTracks.map(({ name, color, sortOrder }) => ({ name, color, sortOrder }))).toEqual([
    { name: "Workshops", color: "#2563eb", sortOrder: 0 },
    { name: "Main stage", color: "#1a2b3c", sortOrder: 1 },
  ]);
  const mainTrackId = servedTracks[1].id as string;

  // Rooms: create two, reorder, delete one.
  for (const name of ["Hall A", "Loft"]) {
    dialog = await openNew(page, "new-room", "New room");
    await dialog.getByLabel("Name").fill(name);
    await save(dialog);
  }
  const rooms = page.getByTestId("room-row");
  await expect(rooms).toHaveCount(2);
  await moveByKeyboard(page, rooms.first(), "down");
  await expect(rooms.first()).toContainText("Loft");
  expect((await partner(request, key, `${base}/rooms`)).map(({ name, sortOrder }) => [name, sortOrder])).toEqual([["Loft", 0], ["Hall A", 1]]);
  await rooms.first().getByTestId("delete-room").click();
  await page.getByRole("dialog").getByTestId("confirm-delete-room").click();
  await expectToast(page, "Room “Loft” deleted.");
  expect((await partner(request, key, `${base}/rooms`)).map(({ name }) => name)).toEqual(["Hall A"]);

  // Speakers: a bad photo link is a field error; https is accepted; the list pages by name.
  dialog = await openNew(page, "new-speaker", "New speaker");
  await dialog.getByLabel("Name").fill("Zoe Zhang");
  await dialog.getByLabel("Job title").fill("CTO");
  await dialog.getByLabel("Photo link").fill("http://img.example.com/zoe.jpg");
  await dialog.getByTestId("save-item").click();
  await expect(dialog.locator("#new-speaker-photoUrl-error")).toContainText("https://");
  await expectAxeCleanEverywhere(page, "speaker dialog with an error");
  await dialog.getByLabel("Photo link").fill("https://img.example.com/zoe.jpg");
  await save(dialog);
  for (const name of ["Ada Lovelace", "Grace Hopper"]) {
    dialog = await openNew(page, "new-speaker", "New speaker");
    await dialog.getByLabel("Name").fill(name);
    await save(dialog);
  }
  await page.getByTestId("speaker-row").filter({ hasText: "Grace Hopper" }).getByTestId("edit-speaker").click();
  dialog = page.getByRole("dialog", { name: "Edit “Grace Hopper”" });
  await dialog.getByLabel("Company").fill("US Navy");
  await save(dialog);
  await expectToast(page, "Speaker “Grace Hopper” saved.");
  const servedSpeakers = await partner(request, key, `${base}/speakers`);
  expect(servedSpeakers.map(({ name, title, company, photoUrl }) => [name, title, company, photoUrl])).toEqual([
    ["Ada Lovelace", null, null, null],
    ["Grace Hopper", null, "US Navy", null],
    ["Zoe Zhang", "CTO", null, "https://img.example.com/zoe.jpg"],
  ]);
  const speakerId = (name: string) => servedSpeakers.find((s) => s.name === name)!.id as string;

  // Sponsors: the tier is suggested from existing ones; featuring another clears the first.
  dialog = await openNew(page, "new-sponsor", "New sponsor");
  await dialog.getByLabel("Name").fill("Acme");
  await dialog.getByLabel("Tier").fill("Gold");
  await dialog.getByLabel("Website").fill("https://acme.example");
  await dialog.getByLabel("Featured on cards").check();
  await save(dialog);
  dialog = await openNew(page, "new-sponsor", "New sponsor");
  await expect(dialog.locator("datalist option[value='Gold']")).toHaveCount(1);
  await dialog.getByLabel("Name").fill("Globex");
  await dialog.getByLabel("Tier").fill("Silver");
  await expect(dialog).toContainText("Ticking this replaces “Acme”.");
  await dialog.getByLabel("Featured on cards").check();
  await expectAxeCleanEverywhere(page, "sponsor dialog");
  await save(dialog);
  const sponsors = page.getByTestId("sponsor-row");
  await expect(sponsors.nth(1)).toContainText("Featured");
  await expect(sponsors.first()).not.toContainText("Featured");
  await moveByKeyboard(page, sponsors.nth(1), "up");
  await expect(sponsors.first()).toContainText("Globex");
  expect((await partner(request, key, `${base}/sponsors`)).map(({ name, tier, featuredOnCards, sortOrder }) => [name, tier, featuredOnCards, sortOrder])).toEqual([
    ["Globex", "Silver", true, 0],
    ["Acme", "Gold", false, 1],
  ]);
  await sponsors.nth(1).getByTestId("edit-sponsor").click();
  dialog = page.getByRole("dialog", { name: "Edit “Acme”" });
  await dialog.getByLabel("Tier").fill("Platinum");
  await save(dialog);
  await expect(sponsors.nth(1)).toContainText("Platinum");
  expect((await partner(request, key, `${base}/sponsors`)).map(({ name, tier }) => [name, tier])).toEqual([["Globex", "Silver"], ["Acme", "Platinum"]]);
  await sponsors.nth(1).getByTestId("delete-sponsor").click();
  await page.getByRole("dialog", { name: "Delete “Acme”?" }).getByTestId("confirm-delete-sponsor").click();
  await expectToast(page, "Sponsor “Acme” deleted.");
  expect((await partner(request, key, `${base}/sponsors`)).map(({ name, featuredOnCards }) => [name, featuredOnCards])).toEqual([["Globex", true]]);

  // Info sections: a published one with detail rows, a draft and a hidden one that partners never see.
  dialog = await openNew(page, "new-info-section", "New info section");
  await dialog.getByLabel("Title").fill("Venue");
  await dialog.getByLabel("Summary").fill("How to get there");
  await dialog.getByText("Location", { exact: true }).click();
  for (const [label, value] of [["Address", "1 Main St"], ["Parking", "P3"]]) {
    await dialog.getByTestId("detail-rows-add").click();
    const row = dialog.getByTestId("detail-rows-row").last();
    await row.getByLabel("Label").fill(label);
    await row.getByLabel("Value").fill(value);
  }
  await dialog.getByRole("button", { name: "Move Parking up" }).click();
  await dialog.getByLabel("Visibility").selectOption("published");
  await expectAxeCleanEverywhere(page, "info section dialog");
  await save(dialog);
  for (const [title, visibility] of [["Wifi", "draft"], ["Old map", "hidden"]]) {
    dialog = await openNew(page, "new-info-section", "New info section");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Visibility").selectOption(visibility);
    await save(dialog);
  }
  await expect(page.getByTestId("info-section-row")).toHaveCount(3);
  let served = await partner(request, key, `${base}/info-sections`);
  expect(served.map(({ title, summary, icon, details }) => ({ title, summary, icon, details }))).toEqual([
    { title: "Venue", summary: "How to get there", icon: "map-pin", details: [{ label: "Parking", value: "P3" }, { label: "Address", value: "1 Main St" }] },
  ]);
  // Publishing the draft and moving it first; hiding the venue.
  const wifiRow = page.getByTestId("info-section-row").filter({ hasText: "Wifi" });
  await wifiRow.getByTestId("edit-info-section").click();
  dialog = page.getByRole("dialog", { name: "Edit “Wifi”" });
  await dialog.getByLabel("Visibility").selectOption("published");
  await save(dialog);
  await moveByKeyboard(page, wifiRow, "up");
  await expect(page.getByTestId("info-section-row").first()).toContainText("Wifi");
  served = await partner(request, key, `${base}/info-sections`);
  expect(served.map(({ title }) => title)).toEqual(["Wifi", "Venue"]);
  await page.getByTestId("info-section-row").filter({ hasText: "Venue" }).getByTestId("edit-info-section").click();
  dialog = page.getByRole("dialog", { name: "Edit “Venue”" });
  await expect(dialog.getByTestId("detail-rows-row")).toHaveCount(2);
  await dialog.getByLabel("Visibility").selectOption("hidden");
  await save(dialog);
  expect((await partner(request, key, `${base}/info-sections`)).map(({ title }) => title)).toEqual(["Wifi"]);
  await page.getByTestId("info-section-row").filter({ hasText: "Wifi" }).getByTestId("delete-info-section").click();
  await page.getByRole("dialog", { name: "Delete “Wifi”?" }).getByTestId("confirm-delete-info-section").click();
  await expectToast(page, "Info section “Wifi” deleted.");
  await expect(page.getByTestId("info-section-row")).toHaveCount(2);
  expect(await partner(request, key, `${base}/info-sections`)).toEqual([]);

  // A session with speakers in billing order and a capacity, in a track.
  dialog = await openNew(page, "new-session", "New session");
  await dialog.getByLabel("Title").fill("Pioneers panel");
  await dialog.getByLabel("Starts").fill("2027-03-01T09:00");
  await dialog.getByLabel("Ends").fill("2027-03-01T10:00");
  await dialog.getByLabel("Track").selectOption({ label: "Main stage" });
  await dialog.getByLabel("Capacity").fill("120");
  for (const name of ["Zoe Zhang", "Ada Lovelace", "Grace Hopper"]) {
    await dialog.getByLabel("Speaker to add").selectOption({ label: name });
    await dialog.getByTestId("add-speaker-to-session").click();
  }
  await dialog.getByRole("button", { name: "Move Ada Lovelace up" }).click();
  await expect(dialog.getByTestId("chosen-speaker").first()).toContainText("Ada Lovelace");
  await expectAxeCleanEverywhere(page, "session dialog with speakers");
  await dialog.getByRole("button", { name: "Add session" }).click();
  await expect(dialog).toBeHidden();
  let [session] = await partner(request, key, `${base}/sessions`);
  expect(session).toMatchObject({ title: "Pioneers panel", capacity: 120, trackId: mainTrackId, speakerIds: [speakerId("Ada Lovelace"), speakerId("Zoe Zhang"), speakerId("Grace Hopper")] });

  // Editing: capacity cleared (uncapped), a speaker removed.
  await page.getByTestId("session-row").getByTestId("edit-session").click();
  dialog = page.getByRole("dialog", { name: "Edit “Pioneers panel”" });
  await expect(dialog.getByLabel("Capacity")).toHaveValue("120");
  await dialog.getByLabel("Capacity").fill("");
  await dialog.getByRole("button", { name: "Remove Zoe Zhang" }).click();
  await dialog.getByRole("button", { name: "Save session" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "Subscribed endpoints receive session.updated.");
  [session] = await partner(request, key, `${base}/sessions`);
  expect(session).toMatchObject({ capacity: null, speakerIds: [speakerId("Ada Lovelace"), speakerId("Grace Hopper")] });

  // A track in use is not deleted: the dialog says how many sessions use it.
  await page.getByTestId("track-row").filter({ hasText: "Main stage" }).getByTestId("delete-track").click();
  const confirm = page.getByRole("dialog", { name: "Delete “Main stage”?" });
  await expect(confirm).toContainText("1 session uses this track");
  await confirm.getByTestId("confirm-delete-track").click();
  await expect(confirm.getByTestId("form-status")).toContainText("1 session uses this track.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect(await partner(request, key, `${base}/tracks`)).toHaveLength(2);
  await page.getByTestId("track-row").filter({ hasText: "Workshops" }).getByTestId("delete-track").click();
  await page.getByRole("dialog", { name: "Delete “Workshops”?" }).getByTestId("confirm-delete-track").click();
  await expectToast(page, "Track “Workshops” deleted.");
  expect((await partner(request, key, `${base}/tracks`)).map(({ name }) => name)).toEqual(["Main stage"]);

  // Deleting a billed speaker detaches them (confirmed), the others keep their order.
  await page.getByTestId("speaker-row").filter({ hasText: "Ada Lovelace" }).getByTestId("delete-speaker").click();
  const confirmSpeaker = page.getByRole("dialog", { name: "Delete “Ada Lovelace”?" });
  await expect(confirmSpeaker).toContainText("billed on 1 session");
  await confirmSpeaker.getByTestId("confirm-delete-speaker").click();
  await expectToast(page, "removed from 1 session");
  [session] = await partner(request, key, `${base}/sessions`);
  expect(session.speakerIds).toEqual([speakerId("Grace Hopper")]);
  await expectAxeCleanEverywhere(page, "populated programme");
});

test("an admin defines, reorders and opens a form; keys are fixed once opened; members see read-only lists", async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  const orgId = await signUp(page, { email: uniqueEmail("forms"), orgName: "Forms Org" });
  await unlockBilling(orgId);
  const key = await createKey(page, orgId, "Partner", ["events:read", "engagement:read"]);
  const eventId = await createEvent(orgId, "Forms Summit");

  await page.goto(`/console/${orgId}/events/${eventId}/engagement`);
  await expect(page.locator("#forms")).toContainText("Define the first with “New form” above");
  await expect(page.locator("main")).not.toContainText("demo:seed --org");

  const dialog = await openNew(page, "new-form", "New form");
  await dialog.getByLabel("Name").fill("Feedback survey");
  for (const [label, type, required] of [["Your email", "email", true], ["How was it?", "rating", false]] as const) {
    await dialog.getByTestId("form-fields-add").click();
    const row = dialog.getByTestId("form-fields-row").last();
    await row.getByLabel("Label").fill(label);
    await row.getByLabel("Type").selectOption(type);
    if (required) await row.getByLabel("Required").check();
  }
  // The key follows the label until typed; a clash is a field error on the row.
  const second = dialog.getByTestId("form-fields-row").nth(1);
  await expect(second.getByLabel("Key")).toHaveValue("how_was_it");
  await second.getByLabel("Key").fill("your_email");
  await dialog.getByTestId("save-item").click();
  await expect(second).toContainText("Another field already uses the key “your_email”.");
  await second.getByLabel("Key").fill("score");
  await expectAxeCleanEverywhere(page, "form dialog");
  await save(dialog);
  await expectToast(page, "Form “Feedback survey” added as a draft.");
  let [form] = await partner(request, key, `/events/${eventId}/forms`);
  expect(form).toMatchObject({
    name: "Feedback survey",
    status: "draft",
    fields: [
      { key: "your_email", label: "Your email", type: "email", required: true },
      { key: "score", label: "How was it?", type: "rating", required: false },
    ],
  });

  // Open it: from now on the keys and types are read-only, and stored fields cannot be removed.
  const row = page.getByTestId("form-row");
  await row.getByTestId("open-form").click();
  await page.getByRole("dialog").getByTestId("confirm-open-form").click();
  await expect(row).toContainText("open");
  await row.getByTestId("edit-form").click();
  const edit = page.getByRole("dialog", { name: "Edit “Feedback survey”" });
  const fields = edit.getByTestId("form-fields-row");
  await expect(fields.first().getByLabel("Key")).toHaveAttribute("readonly", "");
  await expect(fields.first().getByLabel("Type")).toBeDisabled();
  await expect(edit.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await fields.nth(1).getByLabel("Label").fill("Rate the day");
  await edit.getByRole("button", { name: "Move Rate the day up" }).focus();
  await page.keyboard.press("Enter");
  await edit.getByTestId("form-fields-add").click();
  await fields.last().getByLabel("Label").fill("Anything else");
  await fields.last().getByLabel("Type").selectOption("long_text");
  await expectAxeCleanEverywhere(page, "opened form dialog");
  await save(edit);
  [form] = await partner(request, key, `/events/${eventId}/forms`);
  expect(form.fields).toEqual([
    { key: "score", label: "Rate the day", type: "rating", required: false },
    { key: "your_email", label: "Your email", type: "email", required: true },
    { key: "anything_else", label: "Anything else", type: "long_text", required: false },
  ]);
  // A second draft, deleted (only drafts offer Delete).
  const scratch = await openNew(page, "new-form", "New form");
  await scratch.getByLabel("Name").fill("Scratch");
  await save(scratch);
  await expect(page.getByTestId("form-row")).toHaveCount(2);
  expect(await partner(request, key, `/events/${eventId}/forms`)).toHaveLength(2);
  await expect(page.getByTestId("form-row").filter({ hasText: "Feedback survey" }).getByTestId("delete-form")).toHaveCount(0);
  await page.getByTestId("form-row").filter({ hasText: "Scratch" }).getByTestId("delete-form").click();
  await page.getByRole("dialog", { name: "Delete “Scratch”?" }).getByTestId("confirm-delete-form").click();
  await expectToast(page, "Draft form “Scratch” deleted.");
  expect((await partner(request, key, `/events/${eventId}/forms`)).map(({ name }) => name)).toEqual(["Feedback survey"]);
  await expectAxeCleanEverywhere(page, "engagement with a form");

  // A member sees the forms and the programme lists with no authoring buttons.
  await page.goto(`/console/${orgId}/events/${eventId}/programme`);
  await page.getByTestId("new-track").click();
  const trackDialog = page.getByRole("dialog", { name: "New track" });
  await trackDialog.getByLabel("Name").fill("Main");
  await save(trackDialog);
  const member = await signInAsMember(browser, orgId);
  await member.page.goto(`/console/${orgId}/events/${eventId}/programme`);
  await expect(member.page.getByTestId("track-row")).toContainText("Main");
  await expect(member.page.locator("#speakers")).toContainText("Admins of this organization add them on this page.");
  for (const testId of ["new-track", "edit-track", "delete-track", "move-up", "move-down", "new-speaker", "new-sponsor", "new-info-section", "new-room"]) {
    await expect(member.page.getByTestId(testId)).toHaveCount(0);
  }
  await expectAxeCleanEverywhere(member.page, "member's programme");
  await member.page.goto(`/console/${orgId}/events/${eventId}/engagement`);
  await expect(member.page.getByTestId("form-row")).toContainText("Feedback survey");
  for (const testId of ["new-form", "edit-form", "open-form", "close-form", "delete-form"]) {
    await expect(member.page.getByTestId(testId)).toHaveCount(0);
  }
  await member.context.close();
});
