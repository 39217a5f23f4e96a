import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import type { AppError } from "@/lib/platform/errors/app-error";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { previewSheetImport, runSheetImport } from "./sheet-import";
import { suggestSheetMapping } from "./sheet-suggest";

// The spreadsheet import on the database: preview writes nothing and predicts the run;
// the run has the data-source import's semantics (email match ignoring case, create or
// update, never status or badge codes, webhooks, one bad row refusing only itself) and a
// second import of the same file changes nothing.

let orgId: string;
let otherOrgId: string;
// The 50,000-row case has its own organization, left to the per-run database's drop:
// cascading its guests and outbox rows in afterAll outlasts the query timeout.
let bulkOrgId: string;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  otherOrgId = (await createTestOrg()).id;
  bulkOrgId = (await createTestOrg()).id;
});
afterAll(async () => {
  await getDb().organization.deleteMany({ where: { id: { in: [orgId, otherOrgId] } } });
});

const MAPPING = {
  fields: { email: { path: "E-mail", transform: ["trim"] }, displayName: { path: "Full name" }, company: { path: "Organisation" } },
};

const CSV = Buffer.from(
  [
    "E-mail;Full name;Organisation",
    "ada@example.com;Ada Lovelace;Analytical",
    "GRACE@example.com;Grace Hopper;Navy",
    "not-an-email;Nobody;",
    "ada@EXAMPLE.com;Ada Again;Copy",
    `long@example.com;${"x".repeat(201)};`,
    "alan@example.com;Alan Turing;",
  ].join("\r\n"),
);

const guests = (eventId: string) =>
  getDb().attendee.findMany({ where: { eventId }, orderBy: { email: "asc" }, select: { email: true, displayName: true, company: true, status: true, badgeCode: true } });

describe("spreadsheet import", () => {
  it("suggests a mapping from the header names", () => {
    expect(suggestSheetMapping(["E-mail", "Full name", "Organisation", "Job Title", "Notes"])).toEqual({
      fields: { email: { path: "E-mail", transform: [{ op: "trim" }] }, displayName: { path: "Full name" }, company: { path: "Organisation" }, jobTitle: { path: "Job Title" } },
    });
    expect(suggestSheetMapping(["Email address", "Name", "Company"]).fields).toMatchObject({ email: { path: "Email address" }, displayName: { path: "Name" }, company: { path: "Company" } });
  });

  it("previews without writing, runs as previewed, and a second import changes nothing", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    // Grace is already an active guest with her badge: the import updates her name only.
    await getDb().attendee.create({ data: { eventId, email: "grace@example.com", displayName: "G. Hopper", company: "Navy", status: "active", badgeCode: "PYTUZX", qrToken: "q-grace-0123456789abcdef" } });
    const before = await getDb().webhookEvent.count({ where: { orgId } });

    const preview = await previewSheetImport(orgId, eventId, CSV, MAPPING, { fileName: "guests.csv" });
    expect(preview.counts).toEqual({ created: 2, updated: 1, unchanged: 0, refused: 3, excluded: 0 });
    expect(preview.refused).toEqual([
      { row: 4, field: "email", value: "not-an-email", reason: expect.stringContaining("email") },
      { row: 5, field: "email", value: "ada@EXAMPLE.com", reason: "email: the same address is on row 2 of the file; each guest once." },
      { row: 6, field: "displayName", value: expect.stringMatching(/^x+…$/), reason: expect.stringMatching(/200/) },
    ]);
    expect(await guests(eventId)).toHaveLength(1);
    expect(await getDb().webhookEvent.count({ where: { orgId } })).toBe(before);

    const run = await runSheetImport(orgId, eventId, CSV, MAPPING, { fileName: "guests.csv" });
    expect(run.counts).toEqual(preview.counts);
    expect(run.refused).toEqual(preview.refused);
    const after = await guests(eventId);
    expect(after.map((g) => [g.email, g.displayName, g.company, g.status])).toEqual([
      ["ada@example.com", "Ada Lovelace", "Analytical", "invited"],
      ["alan@example.com", "Alan Turing", null, "invited"],
      ["grace@example.com", "Grace Hopper", "Navy", "active"],
    ]);
    expect(after.find((g) => g.email === "grace@example.com")!.badgeCode).toBe("PYTUZX");
    const events = await getDb().webhookEvent.findMany({ where: { orgId }, orderBy: { createdAt: "asc" }, skip: before });
    expect(events.map((e) => `${e.type}:${(e.data as { email: string }).email}`).sort()).toEqual([
      "attendee.created:ada@example.com",
      "attendee.created:alan@example.com",
      "attendee.updated:grace@example.com",
    ]);

    const again = await runSheetImport(orgId, eventId, CSV, MAPPING, { fileName: "guests.csv" });
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 3, excluded: 0 });
    expect(await getDb().webhookEvent.count({ where: { orgId } })).toBe(before + 3);
    expect(await guests(eventId)).toEqual(after);
  });

  it("an .xlsx with skip rules: a cancelled row is left out, not refused", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Registrations");
    sheet.addRow(["Email", "Name", "Status"]);
    sheet.addRow(["kept@example.com", "Kept", "Attending"]);
    sheet.addRow(["gone@example.com", "Gone", "Cancelled"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const mapping = { skip: [{ path: "Status", in: ["cancelled"] }], fields: { email: { path: "Email" }, displayName: { path: "Name" } } };
    const run = await runSheetImport(orgId, eventId, bytes, mapping, { fileName: "r.xlsx" });
    expect(run.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 0, excluded: 1 });
    expect((await guests(eventId)).map((g) => g.email)).toEqual(["kept@example.com"]);
  });

  it("refuses a bad file or mapping as a whole, writing nothing", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    const refused = async (promise: Promise<unknown>) => (await promise.then(() => null, (e: unknown) => e)) as AppError;
    const mappedTwice = await refused(runSheetImport(orgId, eventId, CSV, { fields: { email: { path: "E-mail" }, displayName: { path: "E-mail" } } }));
    expect(mappedTwice.code).toBe("INVALID_INPUT");
    expect(JSON.stringify(mappedTwice.details)).toContain('The column \\"E-mail\\" is mapped twice (to Email and Display name)');
    const unknownColumn = await refused(runSheetImport(orgId, eventId, CSV, { fields: { email: { path: "Mail" } } }));
    expect(JSON.stringify(unknownColumn.details)).toContain('The file has no column \\"Mail\\"');
    const noEmail = await refused(runSheetImport(orgId, eventId, CSV, { fields: { displayName: { path: "Full name" } } }));
    expect(noEmail.code).toBe("INVALID_INPUT");
    const garbage = await refused(runSheetImport(orgId, eventId, Buffer.from([0, 1, 2, 3, 0, 0, 0]), MAPPING));
    expect(garbage.code).toBe("INVALID_INPUT");
    expect(JSON.stringify(garbage.details)).toContain("not a spreadsheet");
    expect(await guests(eventId)).toEqual([]);
  });

  it("another organization's event is a 404, whatever the file", async () => {
    const foreign = (await createTestEvent(otherOrgId)).id;
    const error = (await previewSheetImport(orgId, foreign, CSV, MAPPING).then(() => null, (e: unknown) => e)) as AppError;
    expect(error.code).toBe("NOT_FOUND");
  });

  it("50,000 rows run within a serverless function's time", async () => {
    const eventId = (await createTestEvent(bulkOrgId)).id;
    const lines = ["Email,Name", ...Array.from({ length: 50_000 }, (_, i) => `bulk${i}@example.com,Guest ${i}`)];
    const bytes = Buffer.from(lines.join("\n"));
    const t0 = performance.now();
    const run = await runSheetImport(bulkOrgId, eventId, bytes, { fields: { email: { path: "Email" }, displayName: { path: "Name" } } });
    const seconds = (performance.now() - t0) / 1000;
    console.log(`spreadsheet import: 50,000 rows created in ${seconds.toFixed(1)} s`);
    expect(run.counts.created).toBe(50_000);
    const t1 = performance.now();
    const again = await previewSheetImport(bulkOrgId, eventId, bytes, { fields: { email: { path: "Email" }, displayName: { path: "Name" } } });
    console.log(`spreadsheet import: preview of 50,000 unchanged rows in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    expect(again.counts.unchanged).toBe(50_000);
    expect(seconds).toBeLessThan(300);
  }, 600_000);
});
