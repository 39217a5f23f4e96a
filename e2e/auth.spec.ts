import { expect, test } from "@playwright/test";
import { PASSWORD, signIn, signUp, uniqueEmail } from "./support/console";

test("sign-up creates the organization and lands in its console; sign-out and sign-in work", async ({ page }) => {
  const email = uniqueEmail("founder");
  const orgId = await signUp(page, { email, orgName: "Northwind Events", name: "Nora North" });
  await expect(page.getByTestId("org-switcher")).toContainText("Northwind Events");
  // A new organization is on the free plan: integrations are locked, and the page says why.
  await expect(page.getByTestId("lock-banner")).toContainText("payment_required");

  await page.getByTestId("user-menu").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/sign-in$/);
  await page.goto(`/console/${orgId}/api-keys`);
  await page.waitForURL(/\/sign-in\?callbackUrl=/);

  await signIn(page, email);
  expect(new URL(page.url()).pathname).toBe(`/console/${orgId}`);
});

test("/console sends a signed-out visitor to sign in", async ({ page }) => {
  await page.goto("/console");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fconsole$/);
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
});

test("sign-up validates in the browser and reports a taken email under the field", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Organization name")).toBeFocused();
  await expect(page.getByLabel("Organization name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Give your organization a name.")).toBeVisible();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();

  const email = uniqueEmail("taken");
  await signUp(page, { email, orgName: "First" });
  await page.context().clearCookies();
  await page.goto("/sign-up");
  await page.getByLabel("Organization name").fill("Second");
  await page.getByLabel("Work email").fill(email.toUpperCase());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#sign-up-email-error")).toHaveText("An account with this email already exists. Sign in instead.");
  await expect(page.getByLabel("Work email")).toBeFocused();
});

test("a wrong password is refused without saying which part was wrong", async ({ page }) => {
  const email = uniqueEmail("wrongpw");
  await signUp(page, { email, orgName: "Pw Org" });
  await page.context().clearCookies();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("form-status")).toHaveText("Email or password is incorrect.");
  await expect(page).toHaveURL(/\/sign-in$/);
});
