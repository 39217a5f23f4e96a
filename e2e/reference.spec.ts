import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// The HTML API reference (/partner/v1/docs) as a partner uses it: axe finds nothing at all
// (heading order and landmarks included) at 1280 and 375 px in light and dark; the search
// filters as you type on a phone; every code block copies; the request samples are tabs a
// keyboard drives; the SDK tarball it links downloads; and without its script the page is
// still complete.

const DOCS = "/partner/v1/docs";
const VARIANTS = [
  { width: 1280, height: 900, colorScheme: "light" },
  { width: 1280, height: 900, colorScheme: "dark" },
  { width: 375, height: 740, colorScheme: "light" },
  { width: 375, height: 740, colorScheme: "dark" },
] as const;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

test("axe finds nothing (heading order, landmarks, contrast) at 1280 and 375 px, light and dark", async ({ browser }) => {
  test.setTimeout(900_000);
  for (const variant of VARIANTS) {
    const context = await browser.newContext({ viewport: { width: variant.width, height: variant.height }, colorScheme: variant.colorScheme });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(DOCS);
    // The script ran under the page's CSP (it marks <html> before the body is parsed).
    await expect(page.locator("html")).toHaveClass(/\bjs\b/);
    const label = `${variant.width} px ${variant.colorScheme}`;
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.slice(0, 3).map((node) => node.html).join(" | ")}`), label).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${label}: sideways scroll`).toBeLessThanOrEqual(0);
    expect(errors, label).toEqual([]);
    await context.close();
  }
});

test("search filters the reference as you type, on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(DOCS);
  const search = page.getByRole("searchbox", { name: "Search the reference" });
  await expect(search).toBeVisible();
  // "/" jumps to the search box from anywhere on the page.
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("/");
  await expect(search).toBeFocused();

  await search.fill("idempotency");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("link", { name: /Create an attendee/ })).toBeVisible();
  await expect(page.locator("#doc-search-status")).toHaveText(/^\d+ match(es)?/);
  // The contents keep only what matches.
  await expect(page.locator('nav.toc-side li:not([hidden]) a[href="#createAttendee"]')).toHaveCount(1);
  await expect(page.locator('nav.toc-side li:not([hidden]) a[href="#listRooms"]')).toHaveCount(0);

  await search.fill("list rooms");
  await expect(results.getByRole("link").first()).toHaveText(/List rooms/);
  await search.press("Enter");
  await expect(page).toHaveURL(/#listRooms$/);
  await expect(page.locator("#listRooms h3")).toBeInViewport();

  await search.fill("zzzz-no-such-thing");
  await expect(page.locator("#doc-search-status")).toHaveText("No matches.");
  await expect(results.getByRole("link")).toHaveCount(0);
  await search.press("Escape");
  await expect(search).toHaveValue("");
  await expect(page.locator("nav.toc-side li[hidden]")).toHaveCount(0);
  await context.close();
});

test("every code block has a Copy button that puts its code on the clipboard", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.goto(DOCS);
  const blocks = await page.locator("pre").count();
  expect(blocks).toBeGreaterThan(40);
  expect(await page.locator("div.code > button.copy").count()).toBe(blocks);

  const curl = page.locator("#createAttendee-sample-curl");
  const button = curl.getByRole("button", { name: "Copy: curl sample: POST /events/{eventId}/attendees" });
  await button.click();
  await expect(button).toHaveText("Copied");
  await expect(page.locator("#copy-status")).toHaveText("Copied to the clipboard.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await curl.locator("pre code").textContent());
  expect(copied).toContain('-H "Idempotency-Key: $(uuidgen)"');
  await expect(button).toHaveText("Copy", { timeout: 5_000 });

  // The example response copies too.
  const example = page.locator("#getMe pre[aria-label='Example response: GET /me']");
  await page.locator("#getMe").getByRole("button", { name: "Copy: Example response: GET /me" }).click();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(JSON.parse((await example.textContent())!));
  await context.close();
});

test("the request samples are tabs the keyboard drives; the language holds across the page", async ({ page }) => {
  await page.goto(DOCS);
  const article = page.locator("#createAttendee");
  const tabs = article.getByRole("tablist");
  await expect(tabs.getByRole("tab")).toHaveText(["curl", "TypeScript", "Python"]);
  const curlTab = tabs.getByRole("tab", { name: "curl" });
  await expect(curlTab).toHaveAttribute("aria-selected", "true");
  await expect(article.getByRole("tabpanel")).toHaveCount(1);

  await curlTab.focus();
  await page.keyboard.press("ArrowRight");
  const typescriptTab = tabs.getByRole("tab", { name: "TypeScript" });
  await expect(typescriptTab).toBeFocused();
  await expect(typescriptTab).toHaveAttribute("aria-selected", "true");
  const panel = article.getByRole("tabpanel");
  await expect(panel).toHaveCount(1);
  await expect(panel).toContainText("client.attendees.create(eventId");
  await expect(panel).toContainText("{ idempotencyKey: randomUUID() }");
  // Tab leaves the tablist for the panel's content (its Copy button), not the next tab.
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: /^Copy: TypeScript sample/ })).toBeFocused();

  await typescriptTab.focus();
  await page.keyboard.press("End");
  await expect(tabs.getByRole("tab", { name: "Python" })).toBeFocused();
  await expect(article.getByRole("tabpanel")).toContainText('"Idempotency-Key": str(uuid.uuid4())');
  // Every other operation now shows Python as well.
  await expect(page.locator("#listEvents").getByRole("tabpanel")).toContainText("import requests");
  await page.keyboard.press("Home");
  await expect(curlTab).toBeFocused();
  await expect(article.getByRole("tabpanel")).toContainText("curl -sS -X POST");
  await page.keyboard.press("ArrowLeft");
  await expect(tabs.getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true");
});

test("the reference links the installable SDK and the console; without its script it is still complete", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(DOCS);
  await expect(page.getByRole("link", { name: "Back to the console" })).toHaveAttribute("href", "/console");
  const sdk = page.locator("#sdk");
  await expect(sdk.getByRole("heading", { level: 2, name: "TypeScript SDK" })).toBeVisible();
  const tarball = (await sdk.locator("a[download]").getAttribute("href"))!;
  expect(tarball).toMatch(/^\/sdk\/service-partner-sdk-\d+\.\d+\.\d+\.tgz$/);
  await expect(sdk.locator("pre").first()).toHaveText(new RegExp(`^npm install http://[^/]+${tarball.replaceAll(".", "\\.")}$`));
  const download = await request.get(tarball);
  expect(download.status()).toBe(200);
  const bytes = await download.body();
  expect([bytes[0], bytes[1]], "a gzip file").toEqual([0x1f, 0x8b]);

  // No script: every sample is shown, labelled, and no button that would do nothing.
  const article = page.locator("#createAttendee");
  await expect(article.locator(".sample-label")).toHaveText(["curl", "TypeScript", "Python"]);
  for (const language of ["curl", "typescript", "python"]) await expect(article.locator(`#createAttendee-sample-${language} pre`)).toBeVisible();
  await expect(page.locator("button.copy").first()).toBeHidden();
  await expect(page.getByRole("tablist").first()).toBeHidden();
  await expect(page.locator("#doc-search")).toBeHidden();
  await context.close();
});
