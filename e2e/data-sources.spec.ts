import { expect, test, type Page } from "@playwright/test";
import { createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent, signInAsMember, startJsonServer, type JsonServer } from "./support/seed";
import { sql } from "./support/server";

// Data sources in the console, against a partner JSON API on 127.0.0.1 started here (the
// server runs with OUTBOUND_ALLOW_LOOPBACK=1). Inngest is not configured, so runs happen in
// the server process: short ones answer at once, long ones show live progress.

const TOKEN = "partner-token-5f2c9a";
const RECORDS = [
  { id: 1, contact: { email: " Ada@Example.com " }, name: "Ada Lovelace", org: "Analytical Engines", title: "Countess" },
  { id: 2, contact: { email: "grace@example.com" }, name: "Grace Hopper", org: "US Navy", title: null },
  { id: 3, contact: { email: "alan@example.com" }, name: "Alan Turing", org: null, title: "Mathematician" },
];

let partner: JsonServer;
let delayMs = 0;

test.beforeAll(async () => {
  partner = await startJsonServer({
    "/attendees": (req) =>
      req.headers["x-api-key"] === TOKEN ? { body: { data: RECORDS, next: null }, delayMs } : { status: 401, body: { error: "bad token" } },
  });
});
test.afterAll(async () => partner?.close());

/** `field` is the field's label in the editor ("Display name"). */
async function mapField(page: Page, field: string, path: string, transforms: string[] = []) {
  await page.getByLabel(`Source path for ${field}`).fill(path);
  for (const transform of transforms) {
    await page.getByLabel(`Transform to add to ${field}`).selectOption({ label: transform });
    await page.getByRole("button", { name: `Add transform to ${field}` }).click();
  }
}

test("an admin maps a partner API with a sample preview, saves, runs it and the attendees are in the Partner API", async ({ page, request }) => {
  const orgId = await signUp(page, { email: uniqueEmail("imports"), orgName: "Imports Org" });
  await unlockBilling(orgId);
  const eventId = await createEvent(orgId, "Data Summit");
  const key = await createKey(page, orgId, "Reader", ["attendees:read"]);

  await page.goto(`/console/${orgId}/data-sources`);
  await expect(page.getByText("No data sources yet")).toBeVisible();
  await page.getByTestId("new-data-source").click();
  await expect(page.getByRole("heading", { level: 1, name: "New data source" })).toBeVisible();
  const editor = page.getByRole("form", { name: "New data source" });

  // Browser-side validation with the library's schema: the required email mapping included.
  await editor.getByTestId("save-data-source").click();
  await expect(editor.getByText("Give the data source a name.")).toBeVisible();
  await expect(editor.getByText("Map email: it is required.")).toBeVisible();
  await expect(editor.getByLabel("Name", { exact: true })).toBeFocused();

  await editor.getByLabel("Name", { exact: true }).fill("Registrations");
  await expect(editor.getByLabel("Event", { exact: true })).toHaveValue(eventId);
  await editor.getByLabel("URL", { exact: true }).fill(partner.url("/attendees"));
  await editor.getByTestId("add-header").click();
  await editor.getByLabel("Header 1 name").fill("X-Api-Key");
  await editor.getByLabel("Header 1 value").fill(TOKEN);
  await editor.getByLabel("Records path").fill("data");

  // The sample before any mapping: the partner's values by path.
  await editor.getByTestId("fetch-sample").click();
  await expect(editor.getByTestId("preview-summary")).toContainText("3 records on the first page");
  const byPath = editor.getByRole("region", { name: "Sample records by source path" });
  await expect(byPath).toContainText("contact.email");
  await expect(byPath).toContainText("Grace Hopper");

  // A wrong path: the preview says which records would be skipped and why.
  await mapField(page, "Email", "email");
  await editor.getByTestId("fetch-sample").click();
  await expect(editor.getByTestId("preview-outcome").first()).toContainText('Would be skipped: Email — no value at "email".');

  await mapField(page, "Email", "contact.email", ["Trim spaces", "Lowercase"]);
  await mapField(page, "Display name", "name");
  await mapField(page, "Company", "org");
  await mapField(page, "Job title", "title");
  await editor.getByTestId("fetch-sample").click();
  const mapped = editor.getByRole("region", { name: "Sample records as they would be imported" });
  await expect(mapped).toContainText("ada@example.com");
  await expect(mapped).toContainText("Analytical Engines");
  await expect(editor.getByTestId("preview-outcome").filter({ hasText: "Would be imported" })).toHaveCount(3);
  expect(await sql(`SELECT id FROM "DataSource" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  await editor.getByTestId("save-data-source").click();
  await page.waitForURL(new RegExp(`/console/${orgId}/data-sources/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Registrations" })).toBeVisible();
  await expect(page.getByTestId("toast-region")).toContainText("Data source “Registrations” saved");
  await expect(page.getByTestId("mapping-summary")).toContainText("contact.email");
  const [stored] = await sql<{ id: string; headerNames: string[]; headersCiphertext: string }>(
    `SELECT id, "headerNames", "headersCiphertext" FROM "DataSource" WHERE "orgId" = $1`,
    [orgId],
  );
  expect(stored.headerNames).toEqual(["X-Api-Key"]);
  expect(stored.headersCiphertext).not.toContain(TOKEN);
  expect(await page.content()).not.toContain(TOKEN);

  // Run now: a short run answers with its result.
  await page.getByTestId("run-now").click();
  const latest = page.getByTestId("latest-run");
  await expect(latest).toHaveAttribute("data-status", "succeeded");
  await expect(latest.getByTestId("count-fetched")).toHaveText("3");
  await expect(latest.getByTestId("count-created")).toHaveText("3");
  await expect(page.getByTestId("run-announcement")).toContainText("Run succeeded: 3 created");
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await expect(page.getByTestId("run-row").getByTestId("run-created")).toHaveText("3");

  const listed = await request.get(`/partner/v1/events/${eventId}/attendees`, { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  const attendees = (await listed.json()).data as { email: string; displayName: string; company: string | null; jobTitle: string | null }[];
  expect(attendees.map((a) => a.email).sort()).toEqual(["ada@example.com", "alan@example.com", "grace@example.com"]);
  expect(attendees.find((a) => a.email === "ada@example.com")).toMatchObject({ displayName: "Ada Lovelace", company: "Analytical Engines", jobTitle: "Countess" });

  // Edit: the saved header value is never shown; left blank, it is kept.
  await page.getByTestId("edit-data-source").click();
  const edit = page.getByRole("form", { name: "Edit data source" });
  await expect(edit.getByLabel("Header 1 value")).toHaveValue("");
  await expect(edit.getByLabel("Header 1 value")).toHaveAttribute("placeholder", "Saved: leave blank to keep");
  await expect(edit.getByLabel("Source path for Email")).toHaveValue("contact.email");
  await expect(edit.getByLabel("Event", { exact: true })).toBeDisabled();
  await edit.getByLabel("Name", { exact: true }).fill("Registrations (v2)");
  await edit.getByTestId("save-data-source").click();
  await page.waitForURL(new RegExp(`/console/${orgId}/data-sources/${stored.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Registrations (v2)" })).toBeVisible();

  // A slow partner: the run outlasts the answer and the page shows it live until it ends.
  delayMs = 4000;
  const requestsBefore = partner.requests.length;
  await page.getByTestId("run-now").click();
  await expect(latest).toHaveAttribute("data-status", "running");
  await expect(latest.getByRole("heading", { name: "Run in progress" })).toBeVisible();
  await expect(latest).toHaveAttribute("data-status", "succeeded", { timeout: 20_000 });
  await expect(latest.getByTestId("count-unchanged")).toHaveText("3");
  delayMs = 0;
  expect(partner.requests.slice(requestsBefore).every((r) => r.headers["x-api-key"] === TOKEN)).toBe(true);
  await expect(page.getByTestId("run-row")).toHaveCount(2);

  // While a run holds the source, Run now is refused with 409 run_in_progress.
  await sql(`UPDATE "DataSource" SET "runLeaseUntil" = now() + interval '1 minute' WHERE id = $1`, [stored.id]);
  await page.getByTestId("run-now").click();
  await expect(page.getByTestId("run-panel").getByTestId("form-status")).toContainText("already running");
  await expect(page.getByTestId("run-panel").getByTestId("failure-reason")).toHaveText("(run_in_progress)");
  await sql(`UPDATE "DataSource" SET "runLeaseUntil" = NULL WHERE id = $1`, [stored.id]);

  // The list shows the source with its last run.
  await page.goto(`/console/${orgId}/data-sources`);
  const row = page.getByTestId("data-source-row");
  await expect(row).toContainText("Registrations (v2)");
  await expect(row).toContainText("Data Summit");
  await expect(row).toContainText("Succeeded");
  await expect(row.getByTestId("last-run-counts")).toContainText("3 fetched");

  // Delete (confirmed): what it imported stays.
  await row.getByRole("link", { name: "Registrations (v2)", exact: true }).click();
  await page.getByTestId("delete-data-source").click();
  await page.getByRole("dialog").getByTestId("confirm-delete-data-source").click();
  await page.waitForURL(new RegExp(`/console/${orgId}/data-sources$`));
  await expect(page.getByTestId("data-source-row")).toHaveCount(0);
  const after = await request.get(`/partner/v1/events/${eventId}/attendees`, { headers: { authorization: `Bearer ${key}` } });
  expect((await after.json()).data).toHaveLength(3);
});

test("locked integrations: creating, sampling and running are refused on the server with the lock's reason", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("locked-imports"), orgName: "Locked Imports" });
  const eventId = await createEvent(orgId, "Locked Event");
  await page.goto(`/console/${orgId}/data-sources`);
  await expect(page.getByTestId("lock-banner")).toContainText("payment_required");
  await page.getByTestId("new-data-source").click();
  const editor = page.getByRole("form", { name: "New data source" });
  await expect(editor.getByTestId("save-data-source")).toBeDisabled();
  await expect(editor.getByTestId("create-disabled-reason")).toContainText("Paused while integrations are locked");

  // Forged: the page's controls re-enabled; the server refuses like the API's 402.
  await editor.locator("fieldset").first().evaluate((fieldset) => fieldset.removeAttribute("disabled"));
  await editor.getByTestId("fetch-sample").evaluate((button) => button.removeAttribute("disabled"));
  await editor.getByLabel("Name", { exact: true }).fill("Sneaky import");
  await editor.getByLabel("URL", { exact: true }).fill(partner.url("/attendees"));
  await mapField(page, "Email", "contact.email");
  const before = partner.requests.length;
  await editor.getByTestId("fetch-sample").click();
  await expect(editor.getByTestId("preview-status").getByTestId("failure-reason")).toHaveText("(payment_required)");
  await editor.getByTestId("save-data-source").click();
  await expect(editor.getByTestId("save-status")).toContainText("Integrations need a paid plan");
  await expect(editor.getByTestId("save-status").getByTestId("failure-reason")).toHaveText("(payment_required)");
  expect(partner.requests.length).toBe(before);
  expect(await sql(`SELECT id FROM "DataSource" WHERE "orgId" = $1`, [orgId])).toHaveLength(0);

  // A source saved before the lock stays visible; running it is refused with the same reason.
  const [{ id }] = await sql<{ id: string }>(
    `INSERT INTO "DataSource" ("orgId", "eventId", name, target, url, "headerNames", mapping, "updatedAt")
     VALUES ($1, $2, 'From before the lock', 'attendees', $3, ARRAY[]::text[], '{"fields":{"email":{"path":"contact.email"}}}', now()) RETURNING id`,
    [orgId, eventId, partner.url("/attendees")],
  );
  await page.goto(`/console/${orgId}/data-sources`);
  await expect(page.getByTestId("data-source-row")).toContainText("From before the lock");
  await page.goto(`/console/${orgId}/data-sources/${id}`);
  await expect(page.getByTestId("run-now")).toBeDisabled();
  await expect(page.getByTestId("run-disabled-reason")).toContainText("Runs are paused while integrations are locked");
  await page.getByTestId("run-now").evaluate((button) => button.removeAttribute("disabled"));
  await page.getByTestId("run-now").click();
  await expect(page.getByTestId("run-panel").getByTestId("failure-reason")).toHaveText("(payment_required)");
  expect(await sql(`SELECT id FROM "DataSourceRun" WHERE "dataSourceId" = $1`, [id])).toHaveLength(0);
  expect(partner.requests.length).toBe(before);
});

test("a member sees data sources read-only and the server refuses their changes; another organization's source is a 404", async ({ page, browser }) => {
  const orgId = await signUp(page, { email: uniqueEmail("owner-imports"), orgName: "Owner Imports" });
  await unlockBilling(orgId);
  const eventId = await createEvent(orgId, "Owner Event");
  const [{ id }] = await sql<{ id: string }>(
    `INSERT INTO "DataSource" ("orgId", "eventId", name, target, url, "headerNames", mapping, "updatedAt")
     VALUES ($1, $2, 'Owner source', 'attendees', $3, ARRAY[]::text[], '{"fields":{"email":{"path":"contact.email"}}}', now()) RETURNING id`,
    [orgId, eventId, partner.url("/attendees")],
  );

  const member = await signInAsMember(browser, orgId);
  await member.page.goto(`/console/${orgId}/data-sources`);
  await expect(member.page.getByTestId("read-only-notice")).toBeVisible();
  await expect(member.page.getByTestId("new-data-source")).toHaveCount(0);
  await expect(member.page.getByTestId("data-source-row")).toContainText("Owner source");
  await member.page.goto(`/console/${orgId}/data-sources/${id}`);
  await expect(member.page.getByTestId("edit-data-source")).toHaveCount(0);
  // No disabled buttons a member could never press (the actions refuse them all the same: actions.test.ts).
  await expect(member.page.getByTestId("run-panel")).toBeVisible();
  await expect(member.page.getByTestId("run-now")).toHaveCount(0);
  await expect(member.page.getByTestId("delete-data-source")).toHaveCount(0);

  await member.page.goto(`/console/${orgId}/data-sources/${id}/edit`);
  const editor = member.page.getByRole("form", { name: "Edit data source" });
  await expect(editor.getByTestId("save-data-source")).toBeDisabled();
  await editor.locator("fieldset").first().evaluate((fieldset) => fieldset.removeAttribute("disabled"));
  await editor.getByLabel("Name", { exact: true }).fill("Hijacked");
  await editor.getByTestId("save-data-source").click();
  await expect(editor.getByTestId("save-status").getByTestId("failure-reason")).toHaveText("(admin_required)");
  const [source] = await sql<{ name: string }>(`SELECT name FROM "DataSource" WHERE id = $1`, [id]);
  expect(source.name).toBe("Owner source");
  expect(await sql(`SELECT id FROM "DataSourceRun" WHERE "dataSourceId" = $1`, [id])).toHaveLength(0);
  await member.context.close();

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  const strangerOrg = await signUp(other, { email: uniqueEmail("stranger-imports"), orgName: "Stranger Imports" });
  for (const path of [`/console/${orgId}/data-sources/${id}`, `/console/${orgId}/data-sources/${id}/edit`, `/console/${strangerOrg}/data-sources/${id}`, `/console/${strangerOrg}/data-sources/${id}/edit`]) {
    const response = await other.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(other.getByText("Owner source")).toHaveCount(0);
  }
  await otherContext.close();
});
