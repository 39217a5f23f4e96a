import { expect, test, type Locator, type Page } from "@playwright/test";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { expectAxeCleanEverywhere } from "./support/axe";
import { addEndpoint, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent } from "./support/seed";
import { sql } from "./support/server";
import { startWebhookReceiver, type WebhookReceiver } from "../lib/testing/webhook-receiver";

// The console with real data: long names, many rows, long headers. Measured at 1280 px
// (nothing wraps mid-code, row actions stay side by side, an attempt's request and response
// get the width, the delivery log is near the top of its endpoint's page) and axe-clean at
// 1280 and 375 px, light and dark. Also the small things of the organizer's forms: one
// date-time format with the zone named, the slug suggested from the name, an event's
// description, sentences instead of validator text.

const LONG = "Maximiliana Alexandrova-Featherstonehaugh of Wolfeschlegelsteinhausenbergerdorff";
const DATE_TIME = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} (UTC|GMT[+-]\d+|[A-Z]{3,4})/;

async function lineHeight(locator: Locator): Promise<number> {
  return locator.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
}

async function seedGuests(eventId: string, count: number) {
  const values: string[] = [];
  const params: unknown[] = [eventId];
  for (let i = 0; i < count; i += 1) {
    const code = generateBadgeCode();
    params.push(`${LONG} ${i}`, `guest.with.a.rather.long.address.${i}@subsidiary.example-conglomerate.com`, `${LONG} Holdings ${i}`, code, `qr-layout-${code}-${i}`);
    const at = params.length - 4;
    values.push(`($1, $${at}, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, now() + ${i} * interval '1 millisecond', now())`);
  }
  await sql(`INSERT INTO "Attendee" ("eventId", "displayName", email, company, "badgeCode", "qrToken", "createdAt", "updatedAt") VALUES ${values.join(", ")}`, params);
}

async function sameLine(locators: Locator): Promise<boolean> {
  const boxes = await locators.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
  return boxes.length > 0 && boxes.every((top) => Math.abs(top - boxes[0]) < 2);
}

test("guest list with long names and many rows: codes on one line, actions side by side, focus stays in the list", async ({ page }) => {
  test.setTimeout(300_000);
  const orgId = await signUp(page, { email: uniqueEmail("layout-guests"), orgName: "Layout Org" });
  const eventId = await createEvent(orgId, "Layout Night");
  await seedGuests(eventId, 60);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/console/${orgId}/events/${eventId}/guests`);
  const rows = page.getByTestId("guest-row");
  await expect(rows).toHaveCount(50);
  await expect(page.getByTestId("guests-next")).toBeVisible();
  for (const index of [0, 1, 49]) {
    const row = rows.nth(index);
    const badge = row.getByTestId("badge-code");
    const box = (await badge.boundingBox())!;
    expect(box.height, `badge code of row ${index} on one line`).toBeLessThan((await lineHeight(badge)) * 1.5);
    expect(await sameLine(row.locator("[data-attendee-actions] button")), `actions of row ${index} side by side`).toBe(true);
  }

  // A check-in from the list: the row reads "Checked in at …" (one format, zone named) and
  // focus stays on that guest's row, ready for its undo, rather than jumping to the heading.
  const first = rows.first();
  await first.getByTestId("check-in").click();
  await page.getByRole("dialog").getByTestId("confirm-check-in").click();
  await expect(page.getByTestId("toast-region")).toContainText("checked in");
  await expect(first.getByTestId("checked-in-at")).toContainText(new RegExp(`Checked in at ${DATE_TIME.source}`));
  await expect(first.getByTestId("undo-check-in")).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").getByTestId("confirm-undo-check-in").click();
  await expect(page.getByTestId("toast-region")).toContainText("undone");
  await expect(first.getByTestId("check-in")).toBeFocused();

  // axe over a shorter page of the same long rows (50 rows in four variants outlasts the test on a busy machine).
  await page.goto(`/console/${orgId}/events/${eventId}/guests?q=${encodeURIComponent(`${LONG} 1`)}`);
  await expect(rows).toHaveCount(11);
  await expectAxeCleanEverywhere(page, "guest list with long rows");
});

async function seedDeliveries(orgId: string, endpointId: string) {
  const headers = Object.fromEntries([
    ["Content-Type", "application/json"],
    ["User-Agent", "ServiceWebhooks/1.0"],
    ["X-Service-Signature", `t=1795000000,v1=${"a1b2c3d4".repeat(8)},v1=${"e5f6a7b8".repeat(8)}`],
    ["webhook-signature", `v1,${"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo".repeat(2)}= v1,${"MDEyMzQ1Njc4OWFiY2RlZg".repeat(3)}=`],
    ...Array.from({ length: 8 }, (_, i) => [`X-Service-Extra-Header-${i}`, `value-${i}-${"x".repeat(60)}`]),
  ]);
  const [event] = await sql<{ id: string }>(
    `INSERT INTO "WebhookEvent" ("orgId", type, data, "dispatchedAt") VALUES ($1, 'attendee.created', $2, now()) RETURNING id`,
    [orgId, JSON.stringify({ id: "7b0c", displayName: LONG, company: `${LONG} Holdings`, email: "guest@example.com" })],
  );
  const [delivery] = await sql<{ id: string }>(
    `INSERT INTO "WebhookDelivery" ("eventId", "endpointId", state, "attemptCount", "completedAt", "updatedAt") VALUES ($1, $2, 'exhausted', 3, now(), now()) RETURNING id`,
    [event.id, endpointId],
  );
  for (const n of [1, 2, 3]) {
    await sql(
      `INSERT INTO "WebhookAttempt" ("deliveryId", "attemptNumber", "startedAt", "durationMs", "statusCode", "responseSnippet", "requestHeaders", "responseHeaders", succeeded)
       VALUES ($1, $2::int, now() - make_interval(mins => $2::int), 120, 502, $3, $4, $5, false)`,
      [delivery.id, n, `<html><body>${"Bad gateway from the upstream load balancer. ".repeat(12)}</body></html>`, JSON.stringify(headers), Array.from({ length: 10 }, (_, i) => `x-upstream-header-${i}: ${"y".repeat(50)}`).join("\n")],
    );
  }
  // A failed test (never "Exhausted") and a retry due in a few seconds (never "just now").
  const [testEvent] = await sql<{ id: string }>(`INSERT INTO "WebhookEvent" ("orgId", type, data, "dispatchedAt", test) VALUES ($1, 'ping', '{}', now(), true) RETURNING id`, [orgId]);
  await sql(`INSERT INTO "WebhookDelivery" ("eventId", "endpointId", state, "attemptCount", "completedAt", "updatedAt") VALUES ($1, $2, 'exhausted', 1, now(), now())`, [testEvent.id, endpointId]);
  const [retryEvent] = await sql<{ id: string }>(`INSERT INTO "WebhookEvent" ("orgId", type, data, "dispatchedAt") VALUES ($1, 'attendee.updated', '{}', now()) RETURNING id`, [orgId]);
  await sql(`INSERT INTO "WebhookDelivery" ("eventId", "endpointId", state, "attemptCount", "nextAttemptAt", "updatedAt") VALUES ($1, $2, 'pending', 1, now() + interval '40 seconds', now())`, [retryEvent.id, endpointId]);
}

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver({ reply: () => ({ status: 200, body: "ok" }) });
});
test.afterAll(async () => receiver?.close());

test("endpoint page with every event type and long headers: the log near the top, an attempt at full width", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("layout-hooks"), orgName: "Layout Hooks" });
  await unlockBilling(orgId);
  const { id: endpointId } = await addEndpoint(page, orgId, `${receiver.url}/${"segment/".repeat(12)}end`, "all", "Receiver of every event type");
  await seedDeliveries(orgId, endpointId);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/console/${orgId}/webhooks/${endpointId}`);
  const log = page.locator("#deliveries");
  const logTop = (await log.boundingBox())!.y;
  const settingsTop = (await page.locator("#settings").boundingBox())!.y;
  expect(logTop, "the delivery log comes before the settings").toBeLessThan(settingsTop);
  expect(logTop, "the delivery log is reached without scrolling past the settings").toBeLessThan(1_200);

  const rows = page.getByTestId("delivery-row");
  await expect(rows).toHaveCount(3);
  const failedTest = rows.filter({ has: page.getByTestId("test-badge") });
  await expect(failedTest).toContainText("Failed");
  await expect(failedTest).not.toContainText("Exhausted");
  const retry = page.locator('[data-testid="delivery-row"][data-state="pending"]');
  await expect(retry.getByTestId("next-attempt")).toContainText(/next attempt in/);
  await expect(retry.getByTestId("next-attempt")).not.toContainText("just now");

  const exhausted = rows.filter({ hasText: "3 attempts" });
  await exhausted.getByText("3 attempts").click();
  await exhausted.getByText("Request and response").first().click();
  const requestHeaders = exhausted.getByTestId("request-headers").first();
  await expect(requestHeaders).toContainText("X-Service-Signature: t=1795000000");
  expect((await requestHeaders.boundingBox())!.width, "request headers get the width").toBeGreaterThanOrEqual(600);
  const responseBody = exhausted.getByTestId("response-body").first();
  expect((await responseBody.boundingBox())!.width, "response body gets the width").toBeGreaterThanOrEqual(600);
  await expect(exhausted.getByTestId("delivery-attempt").first()).toContainText(DATE_TIME);

  await expectAxeCleanEverywhere(page, "endpoint page with an attempt open");
});

async function fieldError(page: Page, form: Locator, label: string): Promise<string> {
  const id = await form.getByLabel(label, { exact: true }).getAttribute("aria-describedby");
  const errorId = id?.split(" ").find((part) => part.endsWith("-error"));
  return errorId ? ((await page.locator(`#${errorId}`).textContent()) ?? "") : "";
}

test("new event: a sentence for a blank name, the slug from the name, the description kept, dates in the one format", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("layout-event"), orgName: "Layout Events" });
  await page.goto(`/console/${orgId}/events`);
  const form = page.getByRole("form", { name: "Create an event" });

  await form.getByRole("button", { name: "Create draft event" }).click();
  await expect(form.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
  expect(await fieldError(page, form, "Slug")).toBe("Enter a slug.");
  expect(await fieldError(page, form, "Name")).toBe("Give the event a name.");
  expect(await form.textContent()).not.toMatch(/Too small|Invalid input|expected string/);

  await form.getByLabel("Name", { exact: true }).fill("Café Décor Summit 2027");
  await expect(form.getByLabel("Slug")).toHaveValue("cafe-decor-summit-2027");
  await form.getByLabel("Starts").fill("2027-03-01T09:00");
  await form.getByLabel("Ends").fill("2027-03-02T17:00");
  await form.getByLabel("Description").fill("Two days of talks.\nBring a laptop.");
  await form.getByRole("button", { name: "Create draft event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Café Décor Summit 2027" })).toBeVisible();
  const eventId = page.url().split("/").at(-1)!;
  const [stored] = await sql<{ slug: string; description: string }>(`SELECT slug, description FROM "Event" WHERE id = $1`, [eventId]);
  expect(stored).toEqual({ slug: "cafe-decor-summit-2027", description: "Two days of talks.\nBring a laptop." });
  await expect(page.getByRole("form", { name: "Edit the event" }).getByLabel("Description")).toHaveValue("Two days of talks.\nBring a laptop.");
  await expect(page.getByRole("main")).toContainText("Mar 1, 2027, 09:00 GMT+1 – Mar 2, 2027, 17:00 GMT+1");

  // A session outside the event's dates is warned about (saving stays allowed).
  await page.goto(`/console/${orgId}/events/${eventId}/programme`);
  await page.getByTestId("new-session").click();
  const dialog = page.getByRole("dialog", { name: "New session" });
  await dialog.getByLabel("Title").fill("Pre-event dinner");
  await dialog.getByLabel("Starts").fill("2027-02-28T19:00");
  await dialog.getByLabel("Ends").fill("2027-02-28T21:00");
  await expect(dialog.getByTestId("session-outside-event")).toContainText("outside the event's dates");
  await dialog.getByLabel("Starts").fill("2027-03-01T10:00");
  await dialog.getByLabel("Ends").fill("2027-03-01T11:00");
  await expect(dialog.getByTestId("session-outside-event")).toBeEmpty();
  await dialog.getByLabel("Starts").fill("2027-02-28T19:00");
  await dialog.getByLabel("Ends").fill("2027-02-28T21:00");
  await dialog.getByTestId("save-session").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("session-row").filter({ hasText: "Pre-event dinner" }).getByTestId("outside-event-dates")).toBeVisible();
  await expectAxeCleanEverywhere(page, "programme with a session outside the event");
});
