import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * No serious or critical axe finding inside `scope` (by default the page's own content:
 * the console shell around it is checked on every page by accessibility.spec.ts).
 */
export async function expectNoSeriousAxeFindings(page: Page, label: string, scope = "#main-content"): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), label).toEqual([]);
}

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The axe rules whose outcome depends on colours. Dark mode is CSS alone
 * (prefers-color-scheme): the markup is the same in both schemes, so in dark only these
 * can find something light did not.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** axe as a scheme needs it: every WCAG A/AA rule in light, the colour rules in dark. */
export function axeFor(page: Page, colorScheme: "light" | "dark"): AxeBuilder {
  const axe = new AxeBuilder({ page });
  return colorScheme === "light" ? axe.withTags(AXE_TAGS) : axe.withRules(COLOUR_RULES);
}

/** Colours ease between schemes (transition-colors): contrast is measured once they have settled. */
export async function settleColours(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))));
}

// axe over the page's main content (dialogs open in it included) in the four variants the
// console promises: 1280 px and 375 px wide, light and dark. Nothing serious or critical,
// and nothing scrolls sideways at 375 px. The page is left at 1280 px, light.

const VARIANTS = [
  { width: 1280, height: 900, colorScheme: "light" },
  { width: 1280, height: 900, colorScheme: "dark" },
  { width: 375, height: 740, colorScheme: "light" },
  { width: 375, height: 740, colorScheme: "dark" },
] as const;

export async function expectAxeCleanEverywhere(page: Page, label: string) {
  for (const variant of VARIANTS) {
    await page.setViewportSize({ width: variant.width, height: variant.height });
    await page.emulateMedia({ colorScheme: variant.colorScheme });
    await settleColours(page);
    const axe = await axeFor(page, variant.colorScheme).include("main").analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => [v.id, v.nodes.map((n) => n.html)]);
    expect(serious, `${label} at ${variant.width} px, ${variant.colorScheme}`).toEqual([]);
    if (variant.width === 375) {
      const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(overflow.scroll, `${label} scrolls sideways at 375 px`).toBeLessThanOrEqual(overflow.inner);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}
