import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { ops } from "./server";

export const PASSWORD = "e2e-password-long-enough";

export function uniqueEmail(tag: string): string {
  return `${tag}-${randomBytes(4).toString("hex")}@example.com`;
}

const CONSOLE_URL = /\/console\/([0-9a-f-]{36})$/;

/**
 * Fills and sends the sign-up form, then waits for the sign-in page it always leads to
 * (the same one whether or not the address already had an account).
 */
/** What the sign-up form's server action answered: its status, where it redirects, whether it set a session. */
export type SignUpAnswer = { status: number; redirect: string | null; setsSession: boolean };

export async function submitSignUp(page: Page, { email, orgName, name = "", password = PASSWORD }: { email: string; orgName: string; name?: string; password?: string }): Promise<SignUpAnswer> {
  await page.goto("/sign-up");
  await page.getByLabel("Organization name").fill(orgName);
  if (name) await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  const response = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/sign-up");
  await page.getByRole("button", { name: "Create account" }).click();
  const answer = await response;
  const headers = await answer.allHeaders();
  return { status: answer.status(), redirect: headers["x-action-redirect"] ?? null, setsSession: /next-auth\.session-token=/.test(headers["set-cookie"] ?? "") };
}

/** Signs up (a new address is signed in by it) and returns the new organization's id (from the console URL). */
export async function signUp(page: Page, { email, orgName, name = "" }: { email: string; orgName: string; name?: string }): Promise<string> {
  await submitSignUp(page, { email, orgName, name });
  await page.waitForURL(CONSOLE_URL);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return CONSOLE_URL.exec(new URL(page.url()).pathname)![1];
}

/** After "Create account and join": the sign-in page it always leads to, then sign in (back through the link). */
export async function signInAfterInviteSignUp(page: Page, password = PASSWORD): Promise<void> {
  await page.waitForURL((url) => url.pathname === "/sign-in" && url.searchParams.get("signedUp") === "invite");
  await expect(page.getByTestId("sign-up-notice")).toBeVisible();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/console\//);
}

/** An organization on a card plan (integrations unlocked), as the operator CLI sets it. */
export async function unlockBilling(orgId: string): Promise<void> {
  await ops("billing:set", { org: orgId, plan: "card", account: "active" });
}

/**
 * Creates a key through the form on the "Create key" page and returns the secret, left on
 * screen; its Done button goes back to the list.
 */
export async function createKey(
  page: Page,
  orgId: string,
  name: string,
  scopes: string[],
  options: { expiresOn?: string; allowedIps?: string } = {},
): Promise<string> {
  if (!page.url().endsWith(`/console/${orgId}/api-keys/new`)) await page.goto(`/console/${orgId}/api-keys/new`);
  const form = page.getByRole("form", { name: "Create an API key" });
  await form.getByLabel("Name").fill(name);
  for (const scope of scopes) await form.getByRole("checkbox", { name: scope }).check();
  if (options.expiresOn) await form.getByLabel("Expires").fill(options.expiresOn);
  if (options.allowedIps) await form.getByLabel("Allowed IP ranges").fill(options.allowedIps);
  await form.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByTestId("new-key");
  await expect(reveal).toBeVisible();
  await expect(reveal.getByRole("heading")).toContainText(name);
  const secret = await reveal.getByLabel("New API key").inputValue();
  expect(secret).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
  return secret;
}

/** Done on the one-time key display: back to the keys list. */
export async function closeNewKey(page: Page): Promise<void> {
  await page.getByTestId("new-key").getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
}

/**
 * Adds an endpoint through the form on the "Add endpoint" page and returns its signing
 * secret and id, the secret left on screen (Done goes back to the list).
 */
export async function addEndpoint(page: Page, orgId: string, url: string, eventTypes: RegExp[] | "all", description = ""): Promise<{ secret: string; id: string }> {
  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill(url);
  if (description) await form.getByLabel("Description").fill(description);
  if (eventTypes === "all") await form.getByRole("checkbox", { name: "All event types" }).check();
  else for (const type of eventTypes) await form.getByRole("checkbox", { name: type }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const reveal = page.getByTestId("new-endpoint-secret");
  await expect(reveal).toBeVisible();
  const secret = await reveal.getByLabel("Signing secret").inputValue();
  const href = await reveal.getByRole("link", { name: "Open the endpoint" }).getAttribute("href");
  return { secret, id: href!.split("/").pop()! };
}
