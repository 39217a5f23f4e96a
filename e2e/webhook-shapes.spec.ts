import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { sql } from "./support/server";
import { runDueWebhooks } from "./support/webhooks";

// The endpoint form's limits in a real browser (production build): events of the
// organization, a filter, a chat format, the live preview against the organization's last
// events, the refusal of an expression that does not parse, the limits in words on the
// endpoint's page and a test event in the chosen format reaching a local receiver. Axe-clean
// at 1280 and 375 px.

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => receiver?.close());
test.setTimeout(240_000);

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include("#main-content").analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), what).toEqual([]);
}

async function seedEvents(orgId: string) {
  const [summit] = await sql<{ id: string }>(
    `INSERT INTO "Event" ("orgId", slug, name, status, "startAt", "endAt", timezone, "updatedAt")
     VALUES ($1, 'nordic-dev-summit', 'Nordic Dev Summit', 'published', now(), now() + interval '1 day', 'Europe/Oslo', now()) RETURNING id`,
    [orgId],
  );
  const [other] = await sql<{ id: string }>(
    `INSERT INTO "Event" ("orgId", slug, name, status, "startAt", "endAt", timezone, "updatedAt")
     VALUES ($1, 'other-meetup', 'Other Meetup', 'published', now(), now() + interval '1 day', 'Europe/Oslo', now()) RETURNING id`,
    [orgId],
  );
  const guests: [string, string, string | null][] = [
    [summit.id, "Ada Lovelace", "Acme"],
    [summit.id, "Bob Builder", null],
    [other.id, "Grace Hopper", "Acme"],
  ];
  for (const [eventId, displayName, company] of guests) {
    const data = { id: crypto.randomUUID(), eventId, displayName, email: null, company, jobTitle: null, status: "active", invitedAt: null, checkedInAt: null };
    await sql(`INSERT INTO "WebhookEvent" ("orgId", type, data, "dispatchedAt") VALUES ($1, 'attendee.created', $2::jsonb, now())`, [orgId, JSON.stringify(data)]);
  }
  return { summit, other };
}

test("endpoint form: events, filter, chat format and a live preview; limits in words; a test event in the format", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("shapes"), orgName: "Shapes Events" });
  await unlockBilling(orgId);
  await seedEvents(orgId);

  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill(receiver.url);
  await form.getByRole("checkbox", { name: /attendee\.created/ }).check();
  await form.getByRole("checkbox", { name: /Only some events/ }).check();
  await form.getByRole("checkbox", { name: "Nordic Dev Summit" }).check();

  // An expression that does not parse is refused under its field, and nothing is stored.
  await form.getByLabel("Filter (JSONata)").fill("data.company = ");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.locator("#endpoint-filter-error")).toContainText("The expression does not parse");
  expect(await sql(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  await form.getByLabel("Filter (JSONata)").fill(`data.company = "Acme"`);
  await form.getByLabel("Format").selectOption("slack");
  const preview = page.getByTestId("shape-preview");
  await preview.getByRole("button", { name: "Preview" }).click();
  const items = preview.getByTestId("preview-item");
  await expect(items).toHaveCount(2);
  await expect(preview.getByTestId("preview-summary")).toHaveText("1 of the last 2 matching events would be sent.");
  await expect(items.and(page.locator('[data-outcome="send"]'))).toContainText('"text":"Ada Lovelace was added to the guest list of Nordic Dev Summit."');
  await expect(items.and(page.locator('[data-outcome="filtered"]'))).toContainText("Filtered out");
  await expectNoSeriousAxeViolations(page, "new endpoint with preview, 1280 px");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(items).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousAxeViolations(page, "new endpoint with preview, 375 px");
  await page.setViewportSize({ width: 1280, height: 900 });

  await form.getByRole("button", { name: "Add endpoint" }).click();
  const reveal = page.getByTestId("new-endpoint-secret");
  receiver.secrets = [await reveal.getByLabel("Signing secret").inputValue()];
  const href = await reveal.getByRole("link", { name: "Open the endpoint" }).getAttribute("href");
  await page.goto(href!);

  const limits = page.getByTestId("endpoint-limits");
  await expect(limits).toContainText("Only Nordic Dev Summit (1 event type); test pings still arrive.");
  await expect(limits).toContainText(`Sent only when “data.company = "Acme"” is true; other events are logged as filtered out.`);
  await expect(limits).toContainText("A Slack message.");
  await expectNoSeriousAxeViolations(page, "endpoint page, 1280 px");

  await page.getByTestId("test-event-type").selectOption("ping");
  await page.getByTestId("send-test-ping").click();
  await runDueWebhooks(orgId);
  await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(1);
  const [ping] = receiver.received;
  expect(ping.verifiedWith).toEqual([true]);
  expect(JSON.parse(ping.rawBody)).toEqual({
    text: "Test ping: this endpoint is receiving webhooks.",
    blocks: [{ type: "section", text: { type: "mrkdwn", text: "Test ping: this endpoint is receiving webhooks." } }],
  });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(limits).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousAxeViolations(page, "endpoint page, 375 px");
});
