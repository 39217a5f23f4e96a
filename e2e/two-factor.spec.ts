import { Secret, TOTP } from "otpauth";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./support/axe";
import { PASSWORD, signUp, uniqueEmail } from "./support/console";
import { sql } from "./support/server";

// Two-factor sign-in through the production build, as a person uses it: set up from the
// displayed key (the code computed the way an authenticator app does), sign in with
// password then code, with a recovery code, with a remembered device; the password alone,
// posted straight to next-auth's credentials callback, gets no session; an organization
// that requires two-factor sends a member without it to the setup page. The new pages are
// checked with axe at 1280 and 375 px, light and dark.

/** The code an authenticator app shows `stepsAhead` 30-second steps from now (a used step is refused). */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Sets up two-factor on the signed-in account; returns the secret and the recovery codes shown. */
async function turnOnTwoFactor(page: Page, { checkAxe = false, path = "/console/account/two-factor" } = {}): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(path);
  if (checkAxe) await expectAxeCleanEverywhere(page, "two-factor setup, off");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  if (checkAxe) await expectAxeCleanEverywhere(page, "two-factor setup, QR code");
  const form = page.getByRole("form", { name: "Confirm two-factor sign-in" });
  await form.getByLabel("Code from your authenticator app").fill("000000" === codeFor(secret) ? "111111" : "000000");
  await form.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(form.getByText("That code is not valid")).toBeVisible();
  await form.getByLabel("Code from your authenticator app").fill(codeFor(secret));
  await form.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  const recoveryCodes = await page.getByTestId("recovery-code").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  if (checkAxe) await expectAxeCleanEverywhere(page, "two-factor setup, recovery codes");
  return { secret, recoveryCodes };
}

async function signOut(page: Page): Promise<void> {
  await page.goto("/console/account/two-factor");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");
}

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function codeStep(page: Page, code: string, { remember = false } = {}): Promise<void> {
  await page.waitForURL((url) => url.pathname === "/sign-in/two-factor");
  await page.getByLabel("Code from your authenticator app, or a recovery code").fill(code);
  if (remember) await page.getByLabel(/Remember this device for 30 days/).check();
  await page.getByRole("button", { name: "Verify" }).click();
}

async function passwordOnlyPost(request: APIRequestContext, email: string) {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return request.post("/api/auth/callback/credentials", { form: { email, password: PASSWORD, csrfToken, json: "true", callbackUrl: "/console" } });
}

test("two-factor: set up from the shown key, then password + code, a recovery code, a remembered device; the password alone gets no session", async ({ page, playwright, baseURL }) => {
  // Four axe passes per state, several real password hashes: minutes on a busy machine.
  test.setTimeout(900_000);
  const email = uniqueEmail("two-factor");
  const orgId = await signUp(page, { email, orgName: "Two Factor Org" });
  const { secret, recoveryCodes } = await turnOnTwoFactor(page, { checkAxe: true });
  await page.goto("/console/account/two-factor");
  await expect(page.getByTestId("two-factor-on")).toContainText("10 of 10 recovery codes left");
  await expectAxeCleanEverywhere(page, "two-factor settings, on");
  await signOut(page);

  // The right password, posted straight to the credentials callback: no session cookie, no session.
  const api = await playwright.request.newContext({ baseURL });
  const direct = await passwordOnlyPost(api, email);
  expect(direct.status()).toBe(401);
  expect(direct.headers()["set-cookie"] ?? "").not.toContain("session-token");
  expect(((await direct.json()) as { url: string }).url).toContain("error=TwoFactorRequired");
  expect(await (await api.get("/api/auth/session")).json()).toEqual({});
  await api.dispose();

  // Password, then a wrong code, then the right one (a later step than the one that confirmed setup).
  await passwordStep(page, email);
  await page.waitForURL((url) => url.pathname === "/sign-in/two-factor");
  await expectAxeCleanEverywhere(page, "two-factor sign-in step");
  await expect(page.context().cookies()).resolves.not.toContainEqual(expect.objectContaining({ name: expect.stringContaining("session-token") }));
  await codeStep(page, "000000" === codeFor(secret, 1) ? "111111" : "000000");
  await expect(page.getByTestId("form-status")).toContainText("That code is not valid");
  await codeStep(page, codeFor(secret, 1));
  await page.waitForURL(`**/console/${orgId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await signOut(page);

  // A recovery code, once; and this time the device is remembered.
  await passwordStep(page, email);
  await codeStep(page, recoveryCodes[0], { remember: true });
  await page.waitForURL(`**/console/${orgId}`);
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith("two-factor-device") && cookie.httpOnly)).toBe(true);
  await signOut(page);
  // On the remembered device the password is enough.
  await passwordStep(page, email);
  await page.waitForURL(`**/console/${orgId}`);
  await page.goto("/console/account/two-factor");
  await expect(page.getByTestId("two-factor-on")).toContainText("9 of 10 recovery codes left");

  // The used recovery code does not work again (from a browser that is not remembered).
  await signOut(page);
  await page.context().clearCookies();
  await passwordStep(page, email);
  await codeStep(page, recoveryCodes[0]);
  await expect(page.getByTestId("form-status")).toContainText("That code is not valid");
  await codeStep(page, recoveryCodes[1]);
  await page.waitForURL(`**/console/${orgId}`);

  // Turning off takes the password and a code; remembered devices go with it.
  await page.goto("/console/account/two-factor");
  const off = page.getByRole("form", { name: "Turn off two-factor sign-in" });
  await off.getByLabel("Password").fill("not the password at all");
  await off.getByLabel("Code from your authenticator app, or a recovery code").fill(recoveryCodes[2]);
  await off.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(off.getByText("That is not your password.")).toBeVisible();
  await off.getByLabel("Password").fill(PASSWORD);
  await off.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await page.waitForURL((url) => url.searchParams.get("turnedOff") === "1");
  const [{ devices }] = await sql<{ devices: number }>(`SELECT count(*)::int AS devices FROM "TrustedDevice" td JOIN "User" u ON u.id = td."userId" WHERE u.email = $1`, [email]);
  expect(devices).toBe(0);
  await signOut(page);
  await passwordStep(page, email);
  await page.waitForURL(`**/console/${orgId}`);
});

test("an organization that requires two-factor sends a member without it to set it up, and opens once it is on", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const adminEmail = uniqueEmail("tf-admin");
  const orgId = await signUp(page, { email: adminEmail, orgName: "Strict Org" });
  await page.goto(`/console/${orgId}/members`);
  const panel = page.getByRole("form", { name: "Two-factor requirement" });
  await panel.getByRole("button", { name: "Require two-factor sign-in" }).click();
  await expect(panel.getByTestId("form-status")).toContainText("Turn on two-factor sign-in for your own account first");

  await turnOnTwoFactor(page);
  await page.goto(`/console/${orgId}/members`);
  await panel.getByRole("button", { name: "Require two-factor sign-in" }).click();
  await expect(panel.getByTestId("form-status")).toContainText("Two-factor sign-in is now required");
  await page.reload();
  await expect(page.getByTestId("two-factor-coverage")).toContainText("1 of 1 member has two-factor sign-in on");

  // A member without two-factor (signed up elsewhere, then added here).
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberEmail = uniqueEmail("tf-member");
  const ownOrgId = await signUp(member, { email: memberEmail, orgName: "Member's Own Org" });
  await sql(`INSERT INTO "Membership" ("orgId", "userId", role) SELECT $1::uuid, id, 'admin' FROM "User" WHERE email = $2`, [orgId, memberEmail]);
  for (const path of [`/console/${orgId}`, `/console/${orgId}/api-keys`, `/console/${orgId}/members`]) {
    await member.goto(path);
    await member.waitForURL((url) => url.pathname === "/console/account/two-factor" && url.searchParams.get("required") === orgId);
  }
  await expect(member.getByTestId("two-factor-required")).toContainText("Strict Org requires two-factor sign-in");
  await expectAxeCleanEverywhere(member, "two-factor setup, required by an organization");
  // Their own organization, which requires nothing, still opens.
  await member.goto(`/console/${ownOrgId}`);
  await expect(member.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  await turnOnTwoFactor(member, { path: `/console/account/two-factor?required=${orgId}` });
  await member.getByRole("link", { name: /I have saved my recovery codes/ }).click();
  await member.waitForURL(`**/console/${orgId}`);
  await expect(member.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await memberContext.close();
});
