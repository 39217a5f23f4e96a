import { expect, test } from "@playwright/test";
import { PASSWORD, signIn, signUp, submitSignUp, uniqueEmail } from "./support/console";

test("sign-up creates the organization and lands in its console; sign-out and sign-in work", async ({ page }) => {
  const email = uniqueEmail("founder");
  const orgId = await signUp(page, { email, orgName: "Northwind Events", name: "Nora North" });
  await expect(page.getByTestId("org-switcher")).toContainText("Northwind Events");
  // A new organization is on the free plan: integrations are locked, and the page says why.
  await expect(page.getByTestId("lock-banner")).toContainText("payment_required");

  await page.getByTestId("user-menu").click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL(/\/sign-in$/);
  await page.goto(`/console/${orgId}/api-keys`);
  await page.waitForURL(/\/sign-in\?callbackUrl=/);

  await signIn(page, email);
  expect(new URL(page.url()).pathname).toBe(`/console/${orgId}`);
});

test("a session cookie copied before signing out no longer opens the console", async ({ page, browser }) => {
  const orgId = await signUp(page, { email: uniqueEmail("copied-cookie"), orgName: "Copied Cookie Org" });
  const copied = await page.context().cookies();
  await page.getByTestId("user-menu").click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL(/\/sign-in$/);

  const replay = await browser.newContext();
  await replay.addCookies(copied);
  const replayPage = await replay.newPage();
  await replayPage.goto(`/console/${orgId}`);
  await replayPage.waitForURL(/\/sign-in\?callbackUrl=/);
  await replay.close();
});

test("sign out everywhere ends the account's sessions in every browser; signing in again works", async ({ page, browser }) => {
  const email = uniqueEmail("everywhere");
  const orgId = await signUp(page, { email, orgName: "Everywhere Org" });
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, email);

  await page.getByTestId("user-menu").click();
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL(/\/sign-in$/);
  await laptopPage.goto(`/console/${orgId}`);
  await laptopPage.waitForURL(/\/sign-in\?callbackUrl=/);

  await signIn(laptopPage, email);
  expect(new URL(laptopPage.url()).pathname).toBe(`/console/${orgId}`);
  await laptop.close();
});

test("/console sends a signed-out visitor to sign in", async ({ page }) => {
  await page.goto("/console");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fconsole$/);
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
});

test("sign-up validates in the browser", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Organization name")).toBeFocused();
  await expect(page.getByLabel("Organization name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Give your organization a name.")).toBeVisible();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
});

test("sign-up signs a new organizer in; a taken email gets the same answer without a session, and nothing changes", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const taken = uniqueEmail("taken");
  const first = await submitSignUp(page, { email: taken, orgName: "First", password: PASSWORD });
  // The new organizer goes straight to the new organization's console.
  await page.waitForURL(/\/console\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("org-switcher")).toContainText("First");

  // A prober, in a browser of their own, signs up with the same address.
  const prober = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const proberPage = await prober.newPage();
  const again = await submitSignUp(proberPage, { email: taken, orgName: "Second", password: "the prober's own password" });
  expect({ status: again.status, redirect: again.redirect }).toEqual({ status: first.status, redirect: first.redirect });
  expect(first.setsSession).toBe(true);
  expect(again.setsSession).toBe(false);
  await proberPage.waitForURL((url) => url.pathname === "/sign-in" && url.searchParams.get("signedUp") === "1");
  await expect(proberPage.getByTestId("sign-up-notice")).toContainText("nothing was changed and we sent it an email");
  expect((await prober.cookies()).some((cookie) => cookie.name.includes("next-auth.session-token"))).toBe(false);
  await proberPage.goto("/console");
  await proberPage.waitForURL(/\/sign-in\?callbackUrl=/);

  // The prober's password does not open the account; the owner's still does, with only the first organization.
  await proberPage.getByLabel("Email").fill(taken);
  await proberPage.getByLabel("Password").fill("the prober's own password");
  await proberPage.getByRole("button", { name: "Sign in" }).click();
  await expect(proberPage.getByTestId("form-status")).toHaveText("Email or password is incorrect.");
  await prober.close();
  await page.getByTestId("org-switcher").click();
  await expect(page.getByText("Second")).toHaveCount(0);
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
