import { expect, test } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./support/axe";
import { addEndpoint, closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";

// The audit log page: changes made in the console appear with who made them and what
// changed, the filters narrow the list, and the page passes axe at 1280 and 375 px.

test("the audit log shows the admin's changes, filters by action, and never a secret", async ({ page }) => {
  // A sign-up, two forms and axe in eight variants; the default minute is short on a busy machine.
  test.setTimeout(300_000);
  const email = uniqueEmail("auditor");
  const orgId = await signUp(page, { email, orgName: "Audit Org" });
  await unlockBilling(orgId);
  const keySecret = await createKey(page, orgId, "Reporting key", ["events:read"]);
  await closeNewKey(page);
  const { secret: signingSecret } = await addEndpoint(page, orgId, "http://127.0.0.1:9/audit-hook", [/^attendee\.created/], "CRM");

  await page.goto(`/console/${orgId}`);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");

  const rows = page.getByTestId("audit-row");
  // The operator's billing change comes first (oldest); the admin's two changes are newest.
  await expect(rows.filter({ hasText: "Webhook endpoint created" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "API key created" })).toHaveCount(1);
  const endpointRow = rows.filter({ hasText: "Webhook endpoint created" });
  await expect(endpointRow).toContainText(email);
  await expect(endpointRow).toContainText("http://127.0.0.1:9/audit-hook");
  await expect(endpointRow).toContainText("event types: attendee.created");
  const keyRow = rows.filter({ hasText: "API key created" });
  await expect(keyRow).toContainText("Reporting key");
  await expect(keyRow).toContainText("scopes: events:read");
  await expect(rows.filter({ hasText: "Billing changed" })).toContainText("Operator (CLI)");
  const text = await page.locator("main").innerText();
  expect(text).not.toContain(keySecret);
  expect(text).not.toContain(signingSecret);

  await expectAxeCleanEverywhere(page, "audit log");

  // Filter by action: only the key's entry is left, and the filter is in the address.
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption({ label: "API key created" });
  await filters.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/action=api_key\.created/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Reporting key");
  await expectAxeCleanEverywhere(page, "audit log, filtered");

  // A filter that matches nothing says so, and clearing it brings every entry back.
  await filters.getByLabel("Target name or id").fill("no such target");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No entry matches")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(3);
});

test("a member sees that the audit log is for admins, and no entries", async ({ page, browser }) => {
  const orgId = await signUp(page, { email: uniqueEmail("owner"), orgName: "Audit Member Org" });
  await unlockBilling(orgId);
  await createKey(page, orgId, "Private key name", ["events:read"]);
  await closeNewKey(page);
  const memberEmail = uniqueEmail("viewer");
  await page.goto(`/console/${orgId}/members`);
  const inviteForm = page.getByRole("form", { name: "Invite a member" });
  await inviteForm.getByLabel("Email address").fill(memberEmail);
  await inviteForm.getByRole("radio", { name: /^Member/ }).check();
  await inviteForm.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByTestId("invite-link").getByLabel("Invitation link").inputValue();

  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(link);
  await member.getByLabel("Choose a password").fill("e2e-password-long-enough");
  await member.getByRole("button", { name: "Create account and join" }).click();
  await member.waitForURL((url) => url.pathname === "/sign-in");
  await member.getByLabel("Password").fill("e2e-password-long-enough");
  await member.getByRole("button", { name: "Sign in" }).click();
  await member.waitForURL(new RegExp(`/console/${orgId}$`));
  await expect(member.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await member.goto(`/console/${orgId}/audit`);
  await expect(member.getByTestId("admin-only-notice")).toBeVisible();
  await expect(member.getByTestId("audit-row")).toHaveCount(0);
  await expect(member.getByText("Private key name")).toHaveCount(0);
  await context.close();
});
