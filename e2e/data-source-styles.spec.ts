import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { AXE_TAGS } from "./support/axe";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent, startJsonServer, type JsonServer } from "./support/seed";

// The editor's pagination, authentication and incremental sections: field errors per
// setting, a masked secret that is sent to the partner (checked at the server) and never
// shown again, the live sample on the first page, the "fetch all pages" count, a run that
// reads every page, and axe on the new sections.

const TOKEN = "e2e-styles-token-51d0";

let partner: JsonServer;

test.beforeAll(async () => {
  partner = await startJsonServer({
    "/contacts": (req) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: { error: "unauthorized" } };
      const offset = Number(new URL(req.url ?? "/", "http://x").searchParams.get("offset") ?? "0");
      const all = Array.from({ length: 5 }, (_, i) => ({ email: `styles${i + 1}@example.com`, name: `Styles ${i + 1}` }));
      return { body: { data: all.slice(offset, offset + 2) } };
    },
  });
});
test.afterAll(async () => partner?.close());

test("pagination, authentication and incremental sections: errors per setting, masked secret, all-pages count, a run over every page", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("styles"), orgName: "Styles Org" });
  await unlockBilling(orgId);
  await createEvent(orgId, "Styles Summit");

  await page.goto(`/console/${orgId}/data-sources/new`);
  const editor = page.getByRole("form", { name: "New data source" });
  await editor.getByLabel("Name", { exact: true }).fill("Paged contacts");
  await editor.getByLabel("URL", { exact: true }).fill(partner.url("/contacts"));
  await editor.getByLabel("Records path").fill("data");
  await page.getByLabel("Source path for Email").fill("email");

  // Offset paging with a limit that is not a number: the error sits under the Limit input.
  await editor.getByLabel("Paging style").selectOption({ label: "Offset and limit" });
  const limit = editor.getByLabel("Limit", { exact: true });
  await limit.fill("0");
  await editor.getByLabel("Authentication style").selectOption({ label: "Bearer token" });
  await editor.getByTestId("save-data-source").click();
  await expect(limit).toHaveAttribute("aria-invalid", "true");
  await expect(editor.locator("#ds-pagination-limit-error")).toContainText("The limit must be at least 1.");
  await expect(editor.locator("#ds-auth-token-error")).toContainText("Give the token.");
  await limit.fill("2");

  const token = editor.getByLabel("Token", { exact: true });
  await expect(token).toHaveAttribute("type", "password");
  await token.fill(TOKEN);

  // The sample reads the first page only; the count follows every page.
  await expect(editor.getByTestId("preview-summary")).toContainText("2 records on the first page");
  await editor.getByTestId("count-pages").click();
  await expect(editor.getByTestId("page-count")).toHaveText("5 records on 3 pages.");

  await editor.getByTestId("incremental-enabled").check();
  await editor.getByLabel("Parameter", { exact: true }).fill("updated_since");

  const axe = await new AxeBuilder({ page }).include('[data-testid="section-pagination"]').include('[data-testid="section-auth"]').include('[data-testid="section-incremental"]').include('[data-testid="section-presets"]').withTags(AXE_TAGS).analyze();
  expect(axe.violations).toEqual([]);

  await editor.getByTestId("save-data-source").click();
  await expect(page.getByTestId("toast-region")).toContainText("Data source “Paged contacts” saved");
  await expect(page.locator("body")).not.toContainText(TOKEN);
  await expect(page.getByText("Bearer token")).toBeVisible();

  await page.getByTestId("run-now").click();
  const latest = page.getByTestId("latest-run");
  await expect(latest.getByTestId("count-created")).toHaveText("5");

  // Editing: the saved token is never sent back; blank keeps it.
  await page.getByTestId("edit-data-source").click();
  const edit = page.getByRole("form", { name: "Edit data source" });
  await expect(edit.getByLabel("Token", { exact: true })).toHaveValue("");
  await expect(edit.getByLabel("Token", { exact: true })).toHaveAttribute("placeholder", "Saved: leave blank to keep");
  await expect(edit.getByLabel("Paging style")).toHaveValue("offset");
  expect(await page.content()).not.toContain(TOKEN);
  // The sample is sent with the saved token (server-side, never through the page).
  await edit.getByTestId("fetch-sample").click();
  await expect(edit.getByTestId("preview-summary")).toContainText("2 records on the first page");
  await edit.getByTestId("save-data-source").click();
  await expect(page.getByTestId("toast-region")).toContainText("saved");
});

test("a preset fills the configuration and asks only for ids and the token", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("presets"), orgName: "Presets Org" });
  await unlockBilling(orgId);
  await createEvent(orgId, "Preset Summit");
  await page.goto(`/console/${orgId}/data-sources/new`);
  const editor = page.getByRole("form", { name: "New data source" });
  await editor.getByLabel("Registration system").selectOption("eventbrite");
  await editor.getByTestId("use-preset").click();
  await expect(editor.locator("#ds-preset-event_id-error")).toContainText("Give the eventbrite event id.");
  await editor.getByLabel("Eventbrite event id").fill("123456789012");
  await editor.getByLabel("Private token").fill(TOKEN);
  await editor.getByTestId("use-preset").click();
  await expect(editor.getByLabel("URL", { exact: true })).toHaveValue("https://www.eventbriteapi.com/v3/events/123456789012/attendees/");
  await expect(editor.getByLabel("Paging style")).toHaveValue("cursor");
  await expect(editor.getByLabel("Cursor path")).toHaveValue("pagination.continuation");
  await expect(editor.getByLabel("Token", { exact: true })).toHaveValue(TOKEN);
  await expect(editor.getByLabel("Parameter", { exact: true })).toHaveValue("changed_since");
  await expect(page.getByLabel("Source path for Email")).toHaveValue("profile.email");
  const axe = await new AxeBuilder({ page }).include('[data-testid="section-presets"]').withTags(AXE_TAGS).analyze();
  expect(axe.violations).toEqual([]);
});
