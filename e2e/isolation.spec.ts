import { expect, test } from "@playwright/test";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent } from "./support/integrations";
import { sql } from "./support/server";

test("another organization's ids in URLs and forms are not found", async ({ page, browser, request }) => {
  // Organization A with a key.
  const orgA = await signUp(page, { email: uniqueEmail("alice"), orgName: "Org A" });
  await unlockBilling(orgA);
  const secretA = await createKey(page, orgA, "A's key", ["events:read"]);
  const [{ id: keyA }] = await sql<{ id: string }>(`SELECT id FROM "ApiKey" WHERE "orgId" = $1`, [orgA]);

  // User B, admin of organization B only.
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  const orgB = await signUp(pageB, { email: uniqueEmail("bob"), orgName: "Org B" });
  await unlockBilling(orgB);

  const eventA = await createEvent(orgA, "A's summit");
  for (const section of ["", "/api-keys", "/webhooks", "/data-sources", "/members", "/billing", "/events", `/events/${eventA}`, `/events/${eventA}?tab=guests`]) {
    const response = await pageB.goto(`/console/${orgA}${section}`);
    expect(response?.status(), section || "overview").toBe(404);
    await expect(pageB.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(pageB.getByText("A's key")).toHaveCount(0);
    await expect(pageB.getByText("Org A")).toHaveCount(0);
  }
  expect((await pageB.goto(`/console/not-a-uuid/api-keys`))?.status()).toBe(404);
  // A's event under B's own organization: not found, nothing of it shown.
  for (const tab of ["", "?tab=guests", "?tab=programme", "?tab=engagement"]) {
    expect((await pageB.goto(`/console/${orgB}/events/${eventA}${tab}`))?.status(), tab || "overview").toBe(404);
    await expect(pageB.getByText("A's summit")).toHaveCount(0);
  }
  expect((await pageB.goto(`/console/${orgB}/events/not-a-uuid`))?.status()).toBe(404);
  expect((await pageB.goto(`/console/${orgA}/no-such-section`))?.status()).toBe(404);
  await expect(pageB.getByText("Org A")).toHaveCount(0);
  // Inside their own organization, a wrong address is a 404 within the console shell.
  expect((await pageB.goto(`/console/${orgB}/no-such-section`))?.status()).toBe(404);
  await expect(pageB.getByRole("navigation", { name: "Console" })).toBeVisible();

  // Forged: B opens the revoke dialog of their own key and points it at A's key, or at A's org.
  await createKey(pageB, orgB, "B's key", ["events:read"]);
  await pageB.getByTestId("new-key").getByRole("button", { name: "Done" }).click();
  for (const [field, value, message] of [
    ["keyId", keyA, "No such API key."],
    ["orgId", orgA, "Not found"],
  ] as const) {
    await pageB.getByTestId("revoke-key").click();
    const dialog = pageB.getByRole("dialog");
    await dialog.locator(`input[name="${field}"]`).evaluate((input, v) => ((input as HTMLInputElement).value = v), value);
    await dialog.getByTestId("confirm-revoke").click();
    await expect(dialog.getByTestId("form-status")).toContainText(message);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  }
  expect((await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secretA}` } })).status()).toBe(200);
  await contextB.close();
});
