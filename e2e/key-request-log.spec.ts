import { expect, test } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./support/axe";
import { closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent } from "./support/seed";

test("a key's page lists its Partner API requests, filters 4xx and finds one request by id", async ({ page, request }) => {
  // A sign-up, five calls and axe in eight variants: minutes on a busy 2-core machine.
  test.setTimeout(420_000);
  const orgId = await signUp(page, { email: uniqueEmail("reqlog"), orgName: "Request Log Org" });
  await unlockBilling(orgId);
  const eventId = await createEvent(orgId, "Log Summit");
  const secret = await createKey(page, orgId, "Sync job", ["events:read"]);
  await closeNewKey(page);

  const call = async (path: string, status: number) => {
    const response = await request.get(`/partner/v1${path}`, { headers: { authorization: `Bearer ${secret}`, "user-agent": "e2e-sync/1.0" } });
    expect(response.status(), path).toBe(status);
    return response.headers()["x-request-id"];
  };
  const ok = [await call("/me", 200), await call("/events", 200), await call(`/events/${eventId}?fields=secret-value`, 200)];
  const notFound = await call("/events/00000000-0000-4000-8000-000000000000", 404);
  // attendees:read is not among the key's scopes.
  const forbidden = await call(`/events/${eventId}/attendees`, 403);

  // From the keys list to the key's page.
  await page.goto(`/console/${orgId}/api-keys`);
  await page.getByTestId("key-link").filter({ hasText: "Sync job" }).click();
  await expect(page).toHaveURL(new RegExp(`/console/${orgId}/api-keys/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sync job");
  await expect(page.getByTestId("key-state")).toContainText("Active");

  // The rows are written in a batch shortly after the responses: reload until all are there.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("request-row")).toHaveCount(5, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const rows = page.getByTestId("request-row");
  // Newest first, with the route pattern: no id or query value of the path is shown.
  await expect(rows.first()).toContainText("GET /events/{eventId}/attendees");
  await expect(rows.first()).toContainText("403");
  await expect(rows.first()).toContainText("FORBIDDEN");
  await expect(page.getByTestId("request-id")).toHaveText([forbidden, notFound, ...[...ok].reverse()]);
  const html = await page.content();
  for (const absent of [secret, "secret-value", "00000000-0000-4000-8000-000000000000"]) expect(html).not.toContain(absent);
  await expect(page.getByText("e2e-sync/1.0").first()).toBeVisible();
  // The same records drive the key's usage charts; the key has no IP ranges.
  const usage = page.getByRole("region", { name: "Usage" });
  await expect(usage.getByRole("figure", { name: "Requests per hour, last 24 hours (UTC hours)" })).toContainText(/5 requests in the last 24 hours: 3 2xx, 2 4xx/);
  await expect(page.getByTestId("allowed-ips")).toHaveText("Any address");

  await expectAxeCleanEverywhere(page, "key page with requests");

  // 4xx only.
  await page.getByTestId("request-status-filter").selectOption("4xx");
  await page.getByTestId("request-filter-submit").click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("request-id")).toHaveText([forbidden, notFound]);

  // One request by its id, whatever the other filters said before.
  await page.getByTestId("request-status-filter").selectOption("");
  await page.getByTestId("request-id-search").fill(notFound);
  await page.getByTestId("request-filter-submit").click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("404");
  await expect(rows.first()).toContainText("NOT_FOUND");

  // A route filter offers the routes the key used.
  await page.getByTestId("request-id-search").fill("");
  await page.getByTestId("request-route-filter").selectOption("/events");
  await page.getByTestId("request-filter-submit").click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("request-id")).toHaveText([ok[1]]);

  // An id nobody has: the empty state says why.
  await page.goto(`/console/${orgId}/api-keys/${page.url().split("/api-keys/")[1].split("?")[0]}?requestId=req_nope`);
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("No request matches")).toBeVisible();
  await expectAxeCleanEverywhere(page, "key page, no match");
});
