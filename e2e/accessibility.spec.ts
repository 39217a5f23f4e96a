import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { axeFor } from "./support/axe";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { emptyWorkspace, populatedWorkspace } from "./support/page-fixtures";
import { PAGES, pageFiles, SIGNED_OUT_PAGES, type PageIds } from "./support/pages";

// The console's quality bar, checked on every page (e2e/support/pages.ts,
// which fails when a page file has no row) and the API reference, in four variants: desktop and 375 px phones,
// light and dark. On each: axe (WCAG 2.0/2.1 A and AA) finds nothing serious or critical,
// loading does not shift the layout, and on phones the page does not scroll sideways
// (tables become lists). Dark mode is CSS alone (prefers-color-scheme), so each page is
// loaded once per width: checked in light, then switched to dark and checked with the
// rules that depend on colours (e2e/support/axe.ts). Pages are checked populated (the demo
// seed, keys, deliveries, a run, members, an invitation) and, on desktop, empty. Keyboard
// focus is visible on every element Tab reaches on sample pages.

process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
// Secrets the CLI stores encrypted must open on the server (playwright.config.ts's default).
process.env.APP_SECRET ??= process.env.E2E_APP_SECRET ?? "e2e-app-secret-0123456789abcdefghijklmnopqrstuvwxyz";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Width = { name: string; viewport: { width: number; height: number }; alsoEmpty: boolean };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
const WIDTHS: Width[] = [
  { name: "desktop", viewport: DESKTOP, alsoEmpty: true },
  { name: "375 px", viewport: PHONE, alsoEmpty: false },
];
// Google's "good" cumulative layout shift.
const MAX_LAYOUT_SHIFT = 0.1;

type Workspace = { state: StorageState; ids: PageIds };
let populated: Workspace;
let empty: Workspace;

async function signedUpWorkspace(browser: Browser, tag: string, fill: (orgId: string) => Promise<PageIds>): Promise<Workspace> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const orgId = await signUp(page, { email: uniqueEmail(tag), orgName: `${tag} Org` });
  await unlockBilling(orgId);
  const ids = await fill(orgId);
  const state = await context.storageState();
  await context.close();
  return { state, ids };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  populated = await signedUpWorkspace(browser, "a11y-full", (orgId) => populatedWorkspace(orgId, browser));
  empty = await signedUpWorkspace(browser, "a11y-empty", emptyWorkspace);
});

/** Sums layout shifts not caused by input, from the first paint on (buffered). */
async function watchLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // React pages hydrate; the API reference is plain HTML.
  await expect
    .poll(() =>
      page.evaluate(
        () => !document.querySelector('script[src*="/_next/"]') || Object.keys(document.body).some((key) => key.startsWith("__reactFiber") || key.startsWith("__reactContainer")),
      ),
    )
    .toBe(true);
  // Let effects that run after hydration (live panels, the nav scrolling to its section) land.
  await page.waitForTimeout(300);
}

async function axeProblems(page: Page, label: string, colorScheme: "light" | "dark"): Promise<string[]> {
  const problems: string[] = [];
  const results = await axeFor(page, colorScheme).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== "serious" && violation.impact !== "critical") continue;
    for (const node of violation.nodes) {
      problems.push(`${label}: ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${violation.help}`);
    }
  }
  return problems;
}

/** Everything wrong with the page as it loaded, in light then in dark, one readable line each. */
async function pageProblems(page: Page, label: string, width: Width): Promise<string[]> {
  const light = `${label} [${width.name} light]`;
  const problems = await axeProblems(page, light, "light");
  const shift = await page.evaluate(() => (window as unknown as { __cls?: number }).__cls ?? 0);
  if (shift > MAX_LAYOUT_SHIFT) problems.push(`${light}: layout shift ${shift.toFixed(3)} while loading (max ${MAX_LAYOUT_SHIFT})`);
  if (width.viewport === PHONE) {
    const overflow = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
    if (overflow.scroll > overflow.inner) problems.push(`${light}: scrolls sideways at 375 px (${overflow.scroll} px wide)`);
  }
  await page.emulateMedia({ colorScheme: "dark" });
  // Colours ease between schemes (transition-colors): measure contrast once they have settled.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))));
  problems.push(...(await axeProblems(page, `${label} [${width.name} dark]`, "dark")));
  await page.emulateMedia({ colorScheme: "light" });
  return problems;
}

async function checkPages(browser: Browser, width: Width, state: StorageState | undefined, addresses: [label: string, url: string][]): Promise<string[]> {
  const context = await browser.newContext({ viewport: width.viewport, colorScheme: "light", storageState: state });
  await watchLayoutShift(context);
  const page = await context.newPage();
  const problems: string[] = [];
  for (const [label, url] of addresses) {
    const response = await page.goto(url);
    expect(response?.status(), `${label} (${url})`).toBeLessThan(500);
    await settle(page);
    const found = await pageProblems(page, label, width);
    // Printed as found, so a slow machine's timeout still says what was wrong.
    for (const problem of found) process.stdout.write(`  ${problem}\n`);
    problems.push(...found);
  }
  await context.close();
  return problems;
}

const consoleFiles = () => Object.keys(PAGES).filter((file) => file.startsWith("app/console/"));

test("every page file has an address to check", () => {
  expect(pageFiles().sort(), "a page without a row in e2e/support/pages.ts").toEqual(Object.keys(PAGES).sort());
});

for (const width of WIDTHS) {
  test(`no serious or critical axe violation, layout shift or sideways scroll: ${width.name}, light and dark`, async ({ browser }) => {
    test.setTimeout(900_000);
    const signedOut: [string, string][] = [
      ...SIGNED_OUT_PAGES.map((file): [string, string] => [file, PAGES[file](populated.ids)]),
      ["app/invite/[token]/page.tsx (unknown link)", PAGES["app/invite/[token]/page.tsx"]({ ...populated.ids, inviteToken: undefined })],
    ];
    const problems = await checkPages(browser, width, undefined, signedOut);
    problems.push(...(await checkPages(browser, width, populated.state, consoleFiles().map((file) => [file, PAGES[file](populated.ids)]))));
    if (width.alsoEmpty) {
      problems.push(...(await checkPages(browser, width, empty.state, consoleFiles().map((file) => [`${file} (empty)`, PAGES[file](empty.ids)]))));
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

// The HTML API reference is a route handler (lib/partner-api/openapi/docs-page.ts), not a
// page file, so it is listed here by hand.
test("the API reference: no serious or critical axe violation or sideways scroll, in all four variants", async ({ browser }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const width of WIDTHS) problems.push(...(await checkPages(browser, width, undefined, [["/partner/v1/docs", "/partner/v1/docs"]])));
  expect(problems, problems.join("\n")).toEqual([]);
});

/** Describes the focused element for a failure message. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
    // Tab wrapped round to an element it already reached.
    const again = element.hasAttribute("data-tab-reached");
    element.setAttribute("data-tab-reached", "");
    return { ring, again, what: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> "${name}"` };
  });
}

test("every element Tab reaches shows a focus ring, light and dark", async ({ browser }) => {
  test.setTimeout(480_000);
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme, storageState: populated.state });
    const page = await context.newPage();
    const { orgId, eventId, endpointId } = populated.ids;
    for (const url of [`/console/${orgId}/events/${eventId}/guests`, `/console/${orgId}/webhooks/${endpointId}`]) {
      await page.goto(url);
      await settle(page);
      const unringed: string[] = [];
      let reached = 0;
      for (let step = 0; step < 60; step++) {
        await page.keyboard.press("Tab");
        const focus = await describeFocus(page);
        if (!focus || focus.again) break;
        reached += 1;
        if (!focus.ring) unringed.push(focus.what);
      }
      expect(reached, `${url}: Tab reaches the page's controls`).toBeGreaterThan(10);
      expect(unringed, `${url} (${colorScheme}): focused without a visible ring`).toEqual([]);
    }
    await context.close();
  }
});
