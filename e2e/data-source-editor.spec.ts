import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent, startJsonServer, type JsonServer } from "./support/seed";

// The data-source editor's live sample, how skipped records are numbered in the sample and
// the run history, and the API reference on a phone. The partner's API is a JSON server on
// 127.0.0.1 started here (the app runs with OUTBOUND_ALLOW_LOOPBACK=1).

const PEOPLE = [
  { contact: { email: "ada@example.com" }, name: "Ada Lovelace" },
  { contact: { email: "not an address" }, name: "Bad Address" },
  { contact: { email: "grace@example.com" }, name: "Grace Hopper" },
];

let partner: JsonServer;
let closedUrl: string;

test.beforeAll(async () => {
  partner = await startJsonServer({
    "/people": () => ({ body: { items: PEOPLE } }),
    "/slow": () => ({ body: { items: [{ contact: { email: "slow@example.com" }, name: "Slow Sam" }] }, delayMs: 3000 }),
    "/fast": () => ({ body: { items: [{ contact: { email: "fast@example.com" }, name: "Fast Fay" }] } }),
  });
  // A port nothing listens on: a server started and closed again.
  const gone = await startJsonServer({});
  closedUrl = gone.url("/people");
  await gone.close();
});
test.afterAll(async () => partner?.close());

test("the sample follows the draft without a button; stale answers and errors give way to the current URL; skipped records are numbered as in the run history", async ({ page, request }) => {
  const orgId = await signUp(page, { email: uniqueEmail("live-sample"), orgName: "Live Sample Org" });
  await unlockBilling(orgId);
  const eventId = await createEvent(orgId, "Live Summit");
  const key = await createKey(page, orgId, "Reader", ["attendees:read"]);

  await page.goto(`/console/${orgId}/data-sources/new`);
  const editor = page.getByRole("form", { name: "New data source" });
  const url = editor.getByLabel("URL", { exact: true });
  const urlError = editor.locator("#ds-url-error");
  const preview = editor.getByTestId("preview");

  await editor.getByLabel("Records path").fill("items");

  // An unreachable URL: the URL field itself is marked, in words (no error code).
  await url.fill(closedUrl);
  await expect(url).toHaveAttribute("aria-invalid", "true");
  await expect(urlError).toContainText("could not be reached: the connection was refused");
  await expect(urlError).toContainText("tunnel such as ngrok or cloudflared");
  await expect(urlError).not.toContainText("ECONNREFUSED");
  await expect(url).toHaveAttribute("aria-describedby", /ds-url-error/);
  await expect(editor.getByTestId("preview-status")).toHaveText("The sample could not be fetched: see the message under the URL.");

  // Another URL: the old error goes at once, and the sample arrives by itself.
  const requestsBefore = partner.requests.length;
  await url.fill(partner.url("/people"));
  await expect(urlError).toHaveCount(0);
  await expect(url).not.toHaveAttribute("aria-invalid", "true");
  await expect(editor.getByTestId("preview-summary")).toContainText("3 records on the first page");
  await expect(editor.getByRole("region", { name: "Sample records by source path" })).toContainText("Grace Hopper");
  expect(partner.requests.slice(requestsBefore).every((r) => r.path === "/people")).toBe(true);

  // A slow answer for an older URL never replaces the newer one's.
  await url.fill(partner.url("/slow"));
  await expect.poll(() => partner.requests.some((r) => r.path === "/slow")).toBe(true);
  await url.fill(partner.url("/fast"));
  await expect(preview).toContainText("Fast Fay");
  await page.waitForTimeout(3500); // the slow answer has arrived by now
  await expect(preview).toContainText("Fast Fay");
  await expect(preview).not.toContainText("Slow Sam");

  // Mapping changes re-preview too: the second record would be skipped, named by its number,
  // its field's label and its value.
  await url.fill(partner.url("/people"));
  await expect(preview).toContainText("Grace Hopper");
  await editor.getByLabel("Source path for Email").fill("contact.email");
  await editor.getByLabel("Source path for Display name").fill("name");
  const outcomes = editor.getByTestId("preview-outcome");
  await expect(outcomes).toHaveCount(3);
  await expect(outcomes.nth(0)).toContainText("Record 1");
  await expect(outcomes.nth(0)).toContainText("Would be imported");
  const skippedInSample = outcomes.nth(1).getByTestId("skipped-record");
  await expect(skippedInSample).toHaveAttribute("data-record", "2");
  await expect(outcomes.nth(1)).toContainText("Record 2");
  await expect(skippedInSample.getByTestId("skipped-field")).toHaveText("Email");
  await expect(skippedInSample.getByTestId("skipped-value")).toHaveText("not an address");
  await expect(editor.getByRole("region", { name: "Sample records as they would be imported" })).toContainText("Display name");

  // Saved and run: the run history names the same record the same way.
  await editor.getByLabel("Name", { exact: true }).fill("People feed");
  await editor.getByTestId("save-data-source").click();
  await page.waitForURL(new RegExp(`/console/${orgId}/data-sources/[0-9a-f-]{36}$`));
  await page.getByTestId("run-now").click();
  await expect(page.getByTestId("latest-run")).toHaveAttribute("data-status", "partial");
  const history = page.getByTestId("run-row").getByTestId("run-record-errors");
  await history.locator("summary").click();
  const skippedInHistory = history.getByTestId("skipped-record");
  await expect(skippedInHistory).toHaveCount(1);
  await expect(skippedInHistory).toHaveAttribute("data-record", "2");
  await expect(skippedInHistory).toContainText("Record 2:");
  await expect(skippedInHistory.getByTestId("skipped-field")).toHaveText("Email");
  await expect(skippedInHistory.getByTestId("skipped-value")).toHaveText("not an address");

  // The Partner API sees the two imported attendees.
  const listed = await request.get(`/partner/v1/events/${eventId}/attendees`, { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  expect(((await listed.json()).data as { email: string }[]).map((a) => a.email).sort()).toEqual(["ada@example.com", "grace@example.com"]);
});

test("the API reference opens on content on a phone, its contents folded, and its scrolling blocks take keyboard focus", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto("/partner/v1/docs");
  const firstHeading = page.locator("main h2").first();
  await expect(firstHeading).toBeVisible();
  const box = await firstHeading.boundingBox();
  expect(box, "the first content heading is laid out").not.toBeNull();
  expect(box!.y + box!.height).toBeLessThan(667);
  const folded = page.locator("details.toc-fold");
  await expect(folded).not.toHaveAttribute("open");
  await expect(folded.locator("nav")).toBeHidden();
  await expect(page.locator("nav.toc-side")).toBeHidden();
  await folded.locator("summary").click();
  await expect(folded.locator("nav")).toBeVisible();
  await page.screenshot({ path: "e2e/.output/docs-375.png" });

  const phone = await new AxeBuilder({ page }).withRules(["scrollable-region-focusable", "aria-allowed-attr", "aria-prohibited-attr"]).analyze();
  expect(phone.violations).toEqual([]);

  // Wide: the contents are a sidebar, open.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator("nav.toc-side")).toBeVisible();
  await expect(page.locator("details.toc-fold")).toBeHidden();
  const wide = await new AxeBuilder({ page }).withRules(["scrollable-region-focusable"]).analyze();
  expect(wide.violations).toEqual([]);
});
