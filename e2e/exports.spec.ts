import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { expectAxeCleanEverywhere } from "./support/axe";
import { signUp, uniqueEmail } from "./support/console";
import { createEvent } from "./support/seed";
import { sql } from "./support/server";

// Exports and form answers in the production build: the Export menus download files whose
// content is read back (the guest list with its status filter as CSV, a form's answers as
// .xlsx), door staff have no Export and are refused the route, and the answers themselves
// show on the engagement page and the attendee's page, axe-clean at 1280 and 375 px.

async function insertGuest(eventId: string, name: string, email: string, extra: { company?: string; status?: string } = {}): Promise<string> {
  const code = generateBadgeCode();
  const [row] = await sql<{ id: string }>(
    `INSERT INTO "Attendee" ("eventId", "displayName", email, company, status, "badgeCode", "qrToken", "updatedAt")
     VALUES ($1, $2, $3, $4, $5::"AttendeeStatus", $6, $7, now()) RETURNING id`,
    [eventId, name, email, extra.company ?? null, extra.status ?? "invited", code, `qr-export-${code}-${email}`],
  );
  return row.id;
}

async function download(page: Page, menu: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId(menu).click();
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(`${menu}-${menu === "export-answers" ? "xlsx" : "csv"}`).click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

test("exports download what the list shows, and answers read in the console", async ({ page }) => {
  test.setTimeout(600_000);
  const orgId = await signUp(page, { email: uniqueEmail("export-admin"), orgName: "Export Org" });
  const eventId = await createEvent(orgId, "Export Fest");
  const [{ slug }] = await sql<{ slug: string }>(`SELECT slug FROM "Event" WHERE id = $1`, [eventId]);
  const ada = await insertGuest(eventId, "Ada Lovelace", "ada@example.com", { company: "=HYPERLINK(\"http://evil.example\")", status: "active" });
  await insertGuest(eventId, "Brian Kernighan", "brian@example.com");
  const [form] = await sql<{ id: string }>(
    `INSERT INTO "Form" ("eventId", name, status, fields) VALUES ($1, 'Dietary needs', 'open', $2::jsonb) RETURNING id`,
    [eventId, JSON.stringify([
      { key: "diet", label: "Diet", type: "multi_select", required: false },
      { key: "notes", label: "Access notes", type: "long_text", required: false },
      { key: "arrival", label: "Arrival", type: "date", required: false },
      { key: "photos", label: "Photos OK", type: "checkbox", required: false },
    ])],
  );
  const longNote = `Step-free entrance please; ${"the quick brown fox jumps over the lazy dog ".repeat(6)}`.trim();
  await sql(
    `INSERT INTO "FormSubmission" ("formId", "attendeeId", answers, "submittedAt", "updatedAt") VALUES ($1, $2, $3::jsonb, now(), now())`,
    [form.id, ada, JSON.stringify({ diet: ["vegan", "gluten free"], notes: longNote, arrival: "2027-03-01", photos: true })],
  );

  // The guest list filtered to active guests: the CSV holds exactly what the list shows.
  await page.goto(`/console/${orgId}/events/${eventId}/guests?status=active`);
  await expect(page.getByTestId("guest-row")).toHaveCount(1);
  const guests = await download(page, "export-guests");
  expect(guests.name).toMatch(new RegExp(`^${slug}-guests-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  expect([...guests.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = guests.bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toMatch(/^Name,Email,Company,Job title,Status,Badge code,/);
  expect(lines.slice(1).filter(Boolean)).toHaveLength(1);
  expect(lines[1]).toContain(`Ada Lovelace,ada@example.com,"'=HYPERLINK(""http://evil.example"")",,active,`);

  // The form's answers as .xlsx, read back with exceljs.
  await page.goto(`/console/${orgId}/events/${eventId}/engagement`);
  const answers = await download(page, "export-answers");
  expect(answers.name).toMatch(new RegExp(`^${slug}-answers-dietary-needs-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(answers.bytes).buffer);
  const sheet = workbook.worksheets[0];
  expect((sheet.getRow(1).values as unknown[]).slice(1, 7)).toEqual(["Name", "Email", "Diet", "Access notes", "Arrival", "Photos OK"]);
  expect((sheet.getRow(2).values as unknown[]).slice(3, 7)).toEqual(["diet", "notes", "arrival", "photos"]);
  expect((sheet.getRow(3).values as unknown[]).slice(1, 7)).toEqual(["Ada Lovelace", "ada@example.com", "vegan; gluten free", longNote, new Date("2027-03-01T00:00:00.000Z"), "yes"]);

  // The answers themselves on the engagement page and the attendee's page.
  for (const path of [`/console/${orgId}/events/${eventId}/engagement`, `/console/${orgId}/events/${eventId}/guests/${ada}`]) {
    await page.goto(path);
    const row = page.getByTestId("submission-row");
    await expect(row.getByTestId("answer")).toHaveCount(4);
    await expect(row.getByTestId("answer").first()).toContainText("Diet");
    await expect(row.getByTestId("answer-chip")).toHaveText(["vegan", "gluten free"]);
    await expect(row.getByTestId("answer-value").nth(1)).toHaveText(longNote);
    await expect(row.getByTestId("answer-value").nth(3)).toHaveText("Yes");
    // Long text wraps inside the page at a phone's width instead of widening it.
    await page.setViewportSize({ width: 375, height: 740 });
    const box = await row.getByTestId("answer-value").nth(1).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAxeCleanEverywhere(page, path.includes("/guests/") ? "attendee page with answers" : "engagement page with answers");
  }
  // The Export menu open, in every width and scheme.
  await page.goto(`/console/${orgId}/events/${eventId}/guests`);
  await page.getByTestId("export-guests").click();
  await expect(page.getByTestId("export-guests-xlsx")).toBeVisible();
  await expectAxeCleanEverywhere(page, "guest list with the Export menu open");

  // Each download above is in the audit log, with its row count.
  const audit = await sql<{ summary: { list: string; rows: number } }>(`SELECT summary FROM "AuditEntry" WHERE "orgId" = $1 AND action = 'event.exported' ORDER BY at`, [orgId]);
  expect(audit.map((entry) => [entry.summary.list, entry.summary.rows])).toEqual([["guests", 1], ["answers", 1]]);
});

test("door staff have no Export on the guest list, and the export route refuses them", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const orgId = await signUp(page, { email: uniqueEmail("export-admin2"), orgName: "Export Door Org" });
  const eventId = await createEvent(orgId, "Door Export");
  await insertGuest(eventId, "Ada Lovelace", "ada@example.com");
  await insertGuest(eventId, "Brian Kernighan", "brian@example.com");
  await page.goto(`/console/${orgId}/events/${eventId}/guests`);
  await expect(page.getByTestId("export-guests")).toBeVisible();
  // Door staff: no Export on the guest list, and the route refuses them.
  const context = await browser.newContext();
  const door = await context.newPage();
  const email = uniqueEmail("export-door");
  await signUp(door, { email, orgName: "Door person's org" });
  await sql(`INSERT INTO "Membership" ("orgId", "userId", role) SELECT $1, id, 'door_staff' FROM "User" WHERE email = $2`, [orgId, email]);
  await door.goto(`/console/${orgId}/events/${eventId}/guests`);
  await expect(door.getByTestId("guest-row")).toHaveCount(2);
  await expect(door.getByTestId("export-guests")).toHaveCount(0);
  const refused = await door.request.get(`/console/${orgId}/events/${eventId}/exports/guests?format=csv`);
  expect(refused.status()).toBe(403);
  await context.close();
});
