import { expect, test } from "@playwright/test";
import { expectAxeCleanEverywhere } from "./support/axe";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { ops, sql } from "./support/server";

// The organization overview's API usage charts from request-log rows inserted here (the
// recording of real requests is tested with the request log): stacked bars per hour and
// per day, their text summaries and data tables; axe-clean at 1280 and 375 px, light and
// dark, with nothing scrolling sideways.

// Sign-up, server renders and four axe passes: several minutes on a loaded machine.
test.setTimeout(360_000);

test("the overview charts the organization's requests per hour and per day by status, with an accessible summary and table", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("usage"), orgName: "Usage Events" });
  await unlockBilling(orgId);
  const { key } = (await ops("key:create", { org: orgId, name: "Usage key", scopes: "events:read" })) as { key: { id: string } };
  // 60 requests over the last 20 hours, by status: 30 2xx, 10 4xx, 10 429, 10 5xx; and 5
  // more ten days ago (daily chart only).
  await sql(
    `INSERT INTO "ApiRequest" ("orgId", "keyId", "at", method, route, status, "durationMs", "requestId")
     SELECT $1::uuid, $2::uuid, now() - (g % 20) * interval '1 hour', 'GET', '/events',
            (ARRAY[200, 201, 204, 404, 429, 500])[1 + g % 6], 5, 'req_usage_e2e_' || $1 || '_' || g
     FROM generate_series(0, 59) AS g
     UNION ALL
     SELECT $1::uuid, $2::uuid, now() - interval '10 days', 'GET', '/events', 200, 5, 'req_usage_e2e_old_' || $1 || '_' || g
     FROM generate_series(0, 4) AS g`,
    [orgId, key.id],
  );

  await page.goto(`/console/${orgId}`);
  const usage = page.getByRole("region", { name: "API usage" });
  await expect(usage).toBeVisible();
  const hourly = usage.getByRole("figure", { name: "Requests per hour, last 24 hours (UTC hours)" });
  const daily = usage.getByRole("figure", { name: "Requests per day, last 30 days (UTC days)" });
  await expect(hourly).toContainText("60 requests in the last 24 hours: 30 2xx, 10 4xx, 10 429, 10 5xx.");
  await expect(daily).toContainText("65 requests in the last 30 days: 35 2xx, 10 4xx, 10 429, 10 5xx.");
  await expect(usage.locator(".recharts-surface")).toHaveCount(2);
  // Four stacked bands, each drawn in the hourly chart.
  await expect(hourly.locator(".recharts-bar")).toHaveCount(4);

  await hourly.getByText("Show data").click();
  const table = hourly.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(25);
  await expect(table.getByRole("columnheader")).toHaveText(["Hour (UTC)", "2xx", "4xx", "429", "5xx"]);
  await daily.getByText("Show data").click();
  await expect(daily.getByRole("table").getByRole("row")).toHaveCount(31);

  await expectAxeCleanEverywhere(page, "overview with usage charts");

  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(usage.locator(".recharts-surface")).toHaveCount(2);
  const widths = await usage.getByRole("figure").evaluateAll((figures) => figures.map((figure) => figure.getBoundingClientRect().width));
  expect(widths.every((width) => width > 200 && width <= 375)).toBe(true);
});

test("an organization without traffic sees empty charts that say so", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("usage-empty"), orgName: "Quiet Events" });
  await page.goto(`/console/${orgId}`);
  const usage = page.getByRole("region", { name: "API usage" });
  await expect(usage.getByRole("figure", { name: "Requests per hour, last 24 hours (UTC hours)" })).toContainText("No requests in the last 24 hours.");
  await expect(usage.getByRole("figure", { name: "Requests per day, last 30 days (UTC days)" })).toContainText("No requests in the last 30 days.");
});
