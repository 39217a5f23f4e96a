import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { AXE_TAGS, settleColours } from "./support/axe";
import { signUp, uniqueEmail } from "./support/console";
import { createEvent } from "./support/seed";
import { sql } from "./support/server";

// Door staff at a real door: the guest list only, a badge code typed any way finds the
// guest, check in and undo, "Checked in at …"; axe-clean at 1280 and 375 px, light and dark.

async function confirm(page: Page, testId: string, toast: string | RegExp) {
  await page.getByTestId(testId).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId(`confirm-${testId}`).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast-region")).toContainText(toast);
}

async function expectAxeClean(page: Page) {
  await settleColours(page);
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => [v.id, v.nodes.map((n) => n.html)])).toEqual([]);
}

test("door staff find a guest by badge code in any form, check in, undo, and see nothing else", async ({ page, browser }) => {
  const orgId = await signUp(page, { email: uniqueEmail("door-admin"), orgName: "Door Org" });
  const eventId = await createEvent(orgId, "Door Night");
  const code = generateBadgeCode();
  await sql(
    `INSERT INTO "Attendee" ("eventId", "displayName", email, "badgeCode", "qrToken", "updatedAt") VALUES ($1, 'Grace Hopper', 'grace@example.com', $2, $3, now()), ($1, 'Alan Turing', 'alan@example.com', $4, $5, now())`,
    [eventId, code, `qr-door-${code}`, generateBadgeCode(), `qr-door-2-${code}`],
  );

  // The admin's guest list on a phone: search and list before the add form.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/console/${orgId}/events/${eventId}/guests`);
  const searchBox = await page.getByRole("search", { name: "Search the guest list" }).boundingBox();
  const addForm = await page.getByRole("form", { name: "Add an attendee" }).boundingBox();
  expect(searchBox!.y).toBeLessThan(addForm!.y);
  await page.setViewportSize({ width: 1280, height: 800 });

  const context = await browser.newContext();
  const door = await context.newPage();
  const email = uniqueEmail("door");
  await signUp(door, { email, orgName: "Door person's own org" });
  await sql(`INSERT INTO "Membership" ("orgId", "userId", role) SELECT $1, id, 'door_staff' FROM "User" WHERE email = $2`, [orgId, email]);

  // Everything else sends door staff to the events list, which leads to guest lists.
  for (const section of ["", "/api-keys", "/webhooks", "/members", "/billing", `/events/${eventId}/programme`]) {
    await door.goto(`/console/${orgId}${section}`);
    await expect(door, section || "overview").toHaveURL(new RegExp(`/console/${orgId}/events$`));
  }
  await expect(door.getByRole("navigation").getByRole("link", { name: "API keys" })).toHaveCount(0);
  await door.getByRole("link", { name: "Door Night" }).click();
  await expect(door).toHaveURL(new RegExp(`/events/${eventId}/guests$`));
  await expect(door.getByRole("form", { name: "Add an attendee" })).toHaveCount(0);

  for (const typed of [`${code.slice(0, 3)}-${code.slice(3)}`, code.toLowerCase(), `${code.slice(0, 3)} ${code.slice(3)}`, "GRACE@example.com"]) {
    await door.getByLabel("Name, email, company or badge code").fill(typed);
    await door.getByRole("button", { name: "Search" }).click();
    await expect(door.getByTestId("guest-row"), typed).toHaveCount(1);
    await expect(door.getByTestId("guest-row")).toContainText("Grace Hopper");
  }
  const row = door.getByTestId("guest-row");
  await expect(row.getByTestId("revoke-attendee")).toHaveCount(0);
  await expect(row.getByTestId("remove-attendee")).toHaveCount(0);

  await confirm(door, "check-in", "checked in");
  await expect(row.getByTestId("checked-in-at")).toContainText(/Checked in at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} \S+/);
  // Focus stays with the guest (on their undo), not on the page heading.
  await expect(row.getByTestId("undo-check-in")).toBeFocused();
  for (const [width, colorScheme] of [[1280, "light"], [1280, "dark"], [375, "light"], [375, "dark"]] as const) {
    await door.setViewportSize({ width, height: 800 });
    await door.emulateMedia({ colorScheme });
    await expectAxeClean(door);
  }
  await confirm(door, "undo-check-in", "undone");
  await expect(row).toContainText("Not yet");
  await expect(row.getByTestId("check-in")).toBeVisible();
  const [attendee] = await sql<{ checkedInAt: Date | null }>(`SELECT "checkedInAt" FROM "Attendee" WHERE "badgeCode" = $1 AND "eventId" = $2`, [code, eventId]);
  expect(attendee.checkedInAt).toBeNull();
  await context.close();
});
