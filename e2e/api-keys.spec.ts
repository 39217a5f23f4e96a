import { expect, test } from "@playwright/test";
import { closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";

const SCOPE_SETS = [
  ["events:read"],
  ["attendees:read"],
  ["attendees:write"],
  ["engagement:read"],
  ["events:read", "attendees:read", "attendees:write", "engagement:read"],
];

test("keys of every scope set work against /partner/v1/me; a revoked key gets 401 revoked_key", async ({ page, request }) => {
  // Five keys, each created on its own page and back to the list: ten page loads.
  test.slow();
  const orgId = await signUp(page, { email: uniqueEmail("keys"), orgName: "Keys Org" });
  await unlockBilling(orgId);
  await page.goto(`/console/${orgId}/api-keys`);
  await expect(page.getByTestId("lock-banner")).toHaveCount(0);
  await expect(page.getByText("No API keys yet")).toBeVisible();

  const secrets: string[] = [];
  for (const scopes of SCOPE_SETS) {
    const name = `Key ${scopes.join(" + ")}`;
    const secret = await createKey(page, orgId, name, scopes);
    secrets.push(secret);
    const me = await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status()).toBe(200);
    const body = await me.json();
    expect(body.data.org.id).toBe(orgId);
    expect(body.data.key).toMatchObject({ name, scopes, prefix: secret.slice(0, 13), expiresAt: null });
    await page.getByTestId("new-key").getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("new-key")).toHaveCount(0);
  }

  // The list shows prefixes only: no secret is anywhere in the page after a reload.
  await page.reload();
  await expect(page.getByTestId("key-row")).toHaveCount(SCOPE_SETS.length);
  const html = await page.content();
  for (const secret of secrets) expect(html).not.toContain(secret);
  await expect(page.getByTestId("key-prefix").first()).toHaveText(/^svc_live_\w{4}…$/);

  // Revoke the first key through the confirmation dialog.
  const row = page.getByTestId("key-row").filter({ hasText: "Key events:read" }).filter({ hasNotText: "attendees" });
  await row.getByTestId("revoke-key").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByTestId("confirm-revoke").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast-region")).toContainText("is revoked");
  // A revoked key leaves the list; the toggle shows it again, marked revoked.
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("key-row")).toHaveCount(SCOPE_SETS.length - 1);
  await page.getByTestId("revoked-toggle").click();
  await expect(row.getByText("Revoked")).toBeVisible();
  await expect(row.getByTestId("revoked-at")).toBeVisible();

  const revoked = await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secrets[0]}` } });
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).error.details.reason).toBe("revoked_key");
  // The other keys are untouched.
  expect((await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secrets[1]}` } })).status()).toBe(200);
  // After the call above, "Last used" of that key is filled in.
  await page.reload();
  await expect(page.getByTestId("key-row").filter({ hasText: "Key attendees:read" }).filter({ hasNotText: "write" })).toContainText(/just now|minute/);
});

test("the create form validates inline, and Escape closes the revoke dialog returning focus", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("validate"), orgName: "Validation Org" });
  await unlockBilling(orgId);
  await page.goto(`/console/${orgId}/api-keys/new`);
  const form = page.getByRole("form", { name: "Create an API key" });
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByText("Give the key a name.")).toBeVisible();
  await expect(form.getByText("Choose at least one scope.")).toBeVisible();
  await expect(page.getByTestId("form-status").first()).toContainText("Some fields need attention");

  await createKey(page, orgId, "Dialog key", ["events:read"]);
  await closeNewKey(page);
  const trigger = page.getByTestId("revoke-key");
  await trigger.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page.getByTestId("key-row")).toContainText("Active");
});

test("tables paginate 25 keys per page", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("pages"), orgName: "Paging Org" });
  await unlockBilling(orgId);
  const { sql } = await import("./support/server");
  await sql(
    `INSERT INTO "ApiKey" ("orgId", name, prefix, "secretHash", scopes)
     SELECT $1::uuid, 'Bulk key ' || n, 'svc_live_blk' || (n % 10), md5(random()::text || n), ARRAY['events:read']::"ApiScope"[]
     FROM generate_series(1, 30) AS n`,
    [orgId],
  );
  await page.goto(`/console/${orgId}/api-keys`);
  await expect(page.getByTestId("key-row")).toHaveCount(25);
  await expect(page.getByRole("navigation", { name: "API key pages" })).toContainText("Showing 1–25 of 30");
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByTestId("key-row")).toHaveCount(5);
  await page.goto(`/console/${orgId}/api-keys?page=99`);
  await expect(page.getByTestId("key-row")).toHaveCount(5);
});
