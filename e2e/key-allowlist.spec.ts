import { expect, test } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./support/axe";
import { closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { sql } from "./support/server";

// IP allowlists in the console: ranges typed on the create page are normalised, shown
// with the new key and in the keys table; an invalid range is a field error that writes
// nothing; over real HTTP the socket's address decides. Every case of the enforcement is
// tested through the route handlers in lib/partner-api/ip-allowlist.test.ts.

// Sign-up, server renders and four axe passes: several minutes on a loaded machine.
test.setTimeout(360_000);

test("a key created with IP ranges lists them; an invalid range is refused with a field error", async ({ page, request }) => {
  const orgId = await signUp(page, { email: uniqueEmail("allowlist"), orgName: "Allowlist Events" });
  await unlockBilling(orgId);

  // An invalid range: the field says which, and no key is created.
  await page.goto(`/console/${orgId}/api-keys/new`);
  const form = page.getByRole("form", { name: "Create an API key" });
  await form.getByLabel("Name").fill("Bad ranges");
  await form.getByRole("checkbox", { name: "events:read" }).check();
  const ranges = form.getByLabel("Allowed IP ranges");
  await ranges.fill("203.0.113.0/24\n10.0.0.300");
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(ranges).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#key-allowedIps-error")).toContainText("“10.0.0.300”");
  await expect(ranges).toBeFocused();
  await expectAxeCleanEverywhere(page, "create key with a range error");
  expect(await sql(`SELECT id FROM "ApiKey" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  // Typing clears the error; valid ranges are stored normalised and shown with the key.
  await ranges.fill("");
  await expect(page.locator("#key-allowedIps-error")).toHaveCount(0);
  const secret = await createKey(page, orgId, "Office only", ["events:read"], { allowedIps: "203.0.113.77/24, 2001:DB8::/32\n198.51.100.7" });
  const shown = page.getByTestId("new-key").getByTestId("allowed-ips");
  await expect(shown.getByRole("listitem")).toHaveText(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7/32"]);
  await closeNewKey(page);

  const row = page.getByTestId("key-row").filter({ hasText: "Office only" });
  await expect(row.getByTestId("allowed-ips").getByRole("listitem")).toHaveText(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7/32"]);
  await expectAxeCleanEverywhere(page, "keys table with allowed ranges");

  // The e2e server is npm start's (scripts/next-server.mjs) and trusts no proxy: the
  // address is the socket's (127.0.0.1 here). Neither a forwarded-for header nor a forged
  // socket-address header gets a fenced key past its ranges; a range holding the socket's
  // address admits it.
  for (const forged of [{ "x-forwarded-for": "203.0.113.5" }, { "x-svc-socket-address": "203.0.113.5" }] as Record<string, string>[]) {
    const refused = await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secret}`, ...forged } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.details.reason).toBe("ip_not_allowed");
  }
  const local = await createKey(page, orgId, "This machine", ["events:read"], { allowedIps: "127.0.0.0/8, ::1" });
  await closeNewKey(page);
  const admitted = await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${local}` } });
  expect(admitted.status()).toBe(200);
  expect((await admitted.json()).data.key.allowedIps).toEqual(["127.0.0.0/8", "::1/128"]);

  // A key without ranges shows that any address may use it.
  await createKey(page, orgId, "Anywhere", ["events:read"]);
  await expect(page.getByTestId("new-key").getByTestId("allowed-ips")).toHaveText("Any address");
  await closeNewKey(page);
  await expect(page.getByTestId("key-row").filter({ hasText: "Anywhere" }).getByTestId("allowed-ips")).toHaveText("Any address");
});
