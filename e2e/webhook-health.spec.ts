import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { sql } from "./support/server";
import { addReceiverEndpoint, runDueWebhooks } from "./support/webhooks";

// Endpoint health in the browser: real attempts against a receiver on 127.0.0.1, the
// charts and their data tables on the endpoint page, the badge in the list; axe-clean in
// light and dark mode and at 375 px.

let receiver: WebhookReceiver;
let calls = 0;

test.beforeAll(async () => {
  // Every third answer fails: a degraded endpoint.
  receiver = await startWebhookReceiver({ reply: () => (++calls % 3 === 0 ? { status: 500, body: "no" } : { status: 200, body: "ok" }) });
});
test.afterAll(async () => receiver?.close());
// One long walk with several operator-CLI runs (each a tsx process) and axe passes: more
// than the default minute on a loaded machine.
test.setTimeout(240_000);

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include("#main-content").analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), what).toEqual([]);
}

test("the endpoint page charts success rate and response time with a failure streak; the list shows a health badge", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("health"), orgName: "Health Events" });
  await unlockBilling(orgId);
  await addReceiverEndpoint(page, orgId, receiver);
  const [{ id: endpointId }] = await sql<{ id: string }>(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId]);
  for (let i = 0; i < 6; i++) {
    await sql(`INSERT INTO "WebhookEvent" ("orgId", type, data) VALUES ($1, 'event.updated', $2::jsonb)`, [orgId, JSON.stringify({ id: `e${i}` })]);
  }
  await runDueWebhooks(orgId);
  await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(6);

  await page.goto(`/console/${orgId}/webhooks`);
  const badge = page.getByTestId("endpoint-row").getByTestId("health-badge");
  await expect(badge).toHaveText("Degraded");
  await expectNoSeriousAxeViolations(page, "endpoints list with health");

  await page.goto(`/console/${orgId}/webhooks/${endpointId}`);
  const health = page.getByTestId("endpoint-health");
  await expect(health.getByRole("figure")).toHaveCount(4);
  await expect(health.getByRole("figure", { name: "Success rate, last 24 hours (per hour)" })).toContainText("6 attempts, 66.7 % succeeded.");
  await expect(health.locator(".recharts-surface")).toHaveCount(4);
  await expect(page.getByTestId("failure-streak")).toHaveText(/^[0-9]+$/);
  const rate = health.getByRole("figure", { name: "Success rate, last 24 hours (per hour)" });
  await rate.getByText("Show data").click();
  await expect(rate.getByRole("table")).toContainText("66.7 %");
  await expectNoSeriousAxeViolations(page, "health, light");

  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(health.locator(".recharts-surface")).toHaveCount(4);
  await expectNoSeriousAxeViolations(page, "health, dark");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(health.locator(".recharts-surface")).toHaveCount(4);
  const widths = await health.getByRole("figure").evaluateAll((figures) => figures.map((figure) => figure.getBoundingClientRect().width));
  expect(widths.every((width) => width > 200 && width <= 375)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousAxeViolations(page, "health, 375 px dark");
});
