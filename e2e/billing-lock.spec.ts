import { expect, test } from "@playwright/test";
import { closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { ops, sql } from "./support/server";

test("locked integrations: banner everywhere, key creation refused on the server with the API's reason", async ({ page, request }) => {
  const orgId = await signUp(page, { email: uniqueEmail("locked"), orgName: "Locked Org" });

  for (const section of ["", "/api-keys", "/webhooks", "/data-sources", "/billing"]) {
    await page.goto(`/console/${orgId}${section}`);
    await expect(page.getByTestId("lock-banner"), section || "overview").toContainText("payment_required");
  }

  await page.goto(`/console/${orgId}/api-keys`);
  await expect(page.getByTestId("create-key-button")).toHaveCount(0);
  await expect(page.getByTestId("create-disabled-reason")).toContainText("Key creation is paused");
  await page.goto(`/console/${orgId}/api-keys/new`);
  const form = page.getByRole("form", { name: "Create an API key" });
  await expect(form.getByRole("button", { name: "Create key" })).toBeDisabled();
  await expect(form.getByTestId("create-disabled-reason")).toContainText("Key creation is paused");

  // A forged submission (the disabled fieldset re-enabled in the page) reaches the server,
  // which refuses it exactly like the API's 402.
  await form.locator("fieldset").first().evaluate((fieldset) => fieldset.removeAttribute("disabled"));
  await form.getByLabel("Name").fill("Sneaky key");
  await form.getByRole("checkbox", { name: "events:read" }).check();
  await form.getByRole("button", { name: "Create key" }).click();
  const status = form.getByTestId("form-status");
  await expect(status).toContainText("Integrations need a paid plan");
  await expect(status.getByTestId("failure-reason")).toHaveText("(payment_required)");
  expect(await sql(`SELECT id FROM "ApiKey" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  // With a card on file, creating works; a suspended billing account locks again, existing
  // keys stay listed, and the API answers 402 billing_suspended.
  await unlockBilling(orgId);
  await page.reload();
  await expect(page.getByTestId("lock-banner")).toHaveCount(0);
  const secret = await createKey(page, orgId, "Paid key", ["events:read"]);
  await closeNewKey(page);

  await ops("billing:set", { org: orgId, plan: "card", account: "suspended" });
  await page.reload();
  await expect(page.getByTestId("lock-banner")).toContainText("billing_suspended");
  await expect(page.getByTestId("key-row")).toContainText("Paid key");
  const me = await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(402);
  expect((await me.json()).error.details.reason).toBe("billing_suspended");

  await page.goto(`/console/${orgId}/billing`);
  await expect(page.getByTestId("billing-summary")).toContainText("Card on file");
  await expect(page.getByTestId("billing-summary")).toContainText("Suspended");
  await expect(page.getByTestId("billing-annual")).toBeVisible();
});
