import { expect, test, type Request } from "@playwright/test";
import { PASSWORD, closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { sql } from "./support/server";

test("an invited member joins through the link, sees everything, and cannot change anything", async ({ page, browser, request, baseURL }) => {
  // Two browsers, an invitation, a forged replay and a single-use check: 60 s is too tight on shared cores.
  const orgId = await signUp(page, { email: uniqueEmail("admin"), orgName: "Invite Org" });
  await unlockBilling(orgId);
  const secret = await createKey(page, orgId, "Admin's key", ["events:read"]);
  await closeNewKey(page);

  // The admin invites a member and gets the one-time link.
  const memberEmail = uniqueEmail("member");
  await page.goto(`/console/${orgId}/members`);
  const inviteForm = page.getByRole("form", { name: "Invite a member" });
  await inviteForm.getByLabel("Email address").fill(memberEmail);
  await inviteForm.getByRole("radio", { name: /^Member/ }).check();
  await inviteForm.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByTestId("invite-link").getByLabel("Invitation link").inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByTestId("invite-row")).toContainText(memberEmail);
  const token = link.split("/").pop()!;
  const [stored] = await sql<{ tokenHash: string }>(`SELECT "tokenHash" FROM "Invite" WHERE "orgId" = $1`, [orgId]);
  expect(stored.tokenHash).not.toContain(token);

  // Capture the admin's revoke POST (a server action) to replay it as the member later.
  await page.goto(`/console/${orgId}/api-keys`);
  let revokePost: Request | null = null;
  page.on("request", (req) => {
    if (req.method() === "POST" && req.headers()["next-action"] && req.postData()?.includes("keyId")) revokePost = req;
  });
  await page.getByTestId("revoke-key").click();
  await page.route(`**/console/${orgId}/api-keys`, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  await page.getByTestId("confirm-revoke").click();
  await expect.poll(() => revokePost !== null).toBe(true);
  await page.unroute(`**/console/${orgId}/api-keys`);
  expect((await sql(`SELECT "revokedAt" FROM "ApiKey" WHERE "orgId" = $1`, [orgId]))[0].revokedAt).toBeNull();

  // The member accepts in a fresh browser, creating their account on the invitation page.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Join Invite Org");
  await member.getByLabel("Choose a password").fill(PASSWORD);
  await member.getByRole("button", { name: "Create account and join" }).click();
  // The same answer as for an address that already has an account: sign in, then back to the link.
  await member.waitForURL((url) => url.pathname === "/sign-in" && url.searchParams.get("signedUp") === "invite");
  await expect(member.getByTestId("sign-up-notice")).toContainText("If this address had no account, it is ready and you have joined");
  await expect(member.getByLabel("Email")).toHaveValue(memberEmail);
  await member.getByLabel("Password").fill(PASSWORD);
  await member.getByRole("button", { name: "Sign in" }).click();
  await member.waitForURL(new RegExp(`/console/${orgId}$`));

  // Pages open read-only: no action buttons, no greyed-out forms.
  await member.goto(`/console/${orgId}/api-keys`);
  await expect(member.getByTestId("read-only-notice")).toBeVisible();
  await expect(member.getByTestId("key-row")).toContainText("Admin's key");
  await expect(member.getByTestId("create-key-button")).toHaveCount(0);
  await expect(member.getByTestId("revoke-key")).toHaveCount(0);
  await expect(member.locator("main button:disabled, main fieldset:disabled")).toHaveCount(0);
  await member.goto(`/console/${orgId}/api-keys/new`);
  await expect(member.getByTestId("read-only-notice")).toBeVisible();
  await expect(member.getByRole("form", { name: "Create an API key" })).toHaveCount(0);
  await member.goto(`/console/${orgId}/members`);
  await expect(member.getByRole("form", { name: "Invite a member" })).toHaveCount(0);
  await expect(member.getByTestId("member-row")).toHaveCount(2);
  await expect(member.getByTestId("invite-row")).toHaveCount(0);
  await expect(member.locator("main button, main fieldset:disabled")).toHaveCount(0);
  // The overview's checklist is progress to read, not a list of links to things they cannot do.
  await member.goto(`/console/${orgId}`);
  await expect(member.getByRole("heading", { name: "Setup progress" })).toBeVisible();
  await expect(member.getByTestId("checklist-step").getByRole("link")).toHaveCount(0);
  await expect(member.getByTestId("checklist-step").filter({ hasText: "Receive webhooks" })).toContainText("An admin of this organization can do it.");

  // Forged: the admin's captured revoke request replayed with the member's session cookie.
  const captured = revokePost as Request | null;
  expect(captured).not.toBeNull();
  const headers: Record<string, string> = {
    ...captured!.headers(),
    cookie: (await memberContext.cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
  };
  delete headers["content-length"];
  const replay = await request.post(captured!.url(), { headers, data: captured!.postDataBuffer()! });
  expect(await replay.text()).toContain("admin_required");
  expect((await sql(`SELECT "revokedAt" FROM "ApiKey" WHERE "orgId" = $1`, [orgId]))[0].revokedAt).toBeNull();
  expect((await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);

  // The link was single use: the member is sent to the organization, anyone else is told.
  await member.goto(link);
  await member.waitForURL(new RegExp(`/console/${orgId}$`));
  await memberContext.close();
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("This invitation has been used");
  await strangerContext.close();
});

test("an invitation refuses a user signed in with another address", async ({ page, browser }) => {
  const orgId = await signUp(page, { email: uniqueEmail("admin2"), orgName: "Mismatch Org" });
  await page.goto(`/console/${orgId}/members`);
  const form = page.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email address").fill(uniqueEmail("intended"));
  await form.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByTestId("invite-link").getByLabel("Invitation link").inputValue();

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUp(other, { email: uniqueEmail("someone-else"), orgName: "Elsewhere" });
  await other.goto(link);
  await expect(other.getByTestId("invite-mismatch")).toContainText("Signed in with another address");
  await expect(other.getByRole("button", { name: /^Join/ })).toHaveCount(0);
  await otherContext.close();
});

test("'create account and join' for an address that already has an account answers like a new one and changes nothing", async ({ page, browser }) => {
  const orgId = await signUp(page, { email: uniqueEmail("admin3"), orgName: "Existing Invitee Org" });
  const existing = uniqueEmail("existing");
  const other = await browser.newContext();
  const owner = await other.newPage();
  await signUp(owner, { email: existing, orgName: "Own Org" });
  await other.clearCookies();

  await page.goto(`/console/${orgId}/members`);
  const form = page.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email address").fill(existing);
  await form.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByTestId("invite-link").getByLabel("Invitation link").inputValue();

  // Whoever holds the link tries to create the account: the same page as for a free address.
  await owner.goto(link);
  await owner.getByLabel("Choose a password").fill("a password of the link holder");
  await owner.getByRole("button", { name: "Create account and join" }).click();
  await owner.waitForURL((url) => url.pathname === "/sign-in" && url.searchParams.get("signedUp") === "invite");
  expect(new URL(owner.url()).searchParams.get("callbackUrl")).toBe(new URL(link).pathname);
  await expect(owner.getByTestId("sign-up-notice")).toContainText("If it already had an account, nothing was changed");
  await expect(owner.getByTestId("form-status")).toHaveText("");

  // The new password opens nothing; the owner's own password does, and the invitation is still there to accept.
  await owner.getByLabel("Password").fill("a password of the link holder");
  await owner.getByRole("button", { name: "Sign in" }).click();
  await expect(owner.getByTestId("form-status")).toHaveText("Email or password is incorrect.");
  await owner.getByLabel("Password").fill(PASSWORD);
  await owner.getByRole("button", { name: "Sign in" }).click();
  await owner.waitForURL((url) => url.pathname === new URL(link).pathname);
  await owner.getByRole("button", { name: /^Join/ }).click();
  await owner.waitForURL(new RegExp(`/console/${orgId}$`));
  await other.close();
});
