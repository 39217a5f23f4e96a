import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { emptyWorkspace } from "./support/page-fixtures";
import { PAGES } from "./support/pages";

// Customers never see the operator CLI: every console page of an empty workspace says what
// produces its data and links to the right place instead. Only the billing page of a
// deployment without Stripe asks the customer to contact support.

process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
process.env.APP_SECRET ??= process.env.E2E_APP_SECRET ?? "e2e-app-secret-0123456789abcdefghijklmnopqrstuvwxyz";

test("no operator command on any customer screen; empty states link to where the data comes from", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("no-cli"), orgName: "No CLI Org" });
  await unlockBilling(orgId);
  const ids = await emptyWorkspace(orgId);

  for (const [file, address] of Object.entries(PAGES)) {
    if (!file.startsWith("app/console/")) continue;
    await page.goto(address(ids));
    const text = await page.locator("main").innerText();
    expect(text, file).not.toMatch(/npm run ops|operator CLI|demo:seed|--org /);
  }

  const event = `/console/${orgId}/events/${ids.eventId}`;
  await page.goto(`${event}/programme`);
  // Tracks and the other programme lists are authored here: the empty state names the button.
  await expect(page.locator("#tracks")).toContainText("“New track”");

  await page.goto(`${event}/engagement`);
  await expect(page.locator("#check-ins").getByRole("link", { name: "guest list" })).toHaveAttribute("href", `${event}/guests`);
  await expect(page.locator("#session-attendance")).toContainText("attendee app");
  await expect(page.locator("#forms")).toContainText("“New form”");

  await page.goto(`${event}/guests/${ids.attendeeId}`);
  await expect(page.locator("#form-answers")).toContainText("attendee app");
  await expect(page.locator("#feedback")).toContainText("attendee app");
});
