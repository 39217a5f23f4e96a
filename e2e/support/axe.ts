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
