import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createConsoleUser } from "@/lib/testing/console-session";

// The spreadsheet-import endpoint as the browser calls it: a multipart POST to the route
// handler with a real Request, the real database; only the session is stubbed. Roles,
// tenancy, the size limit, and the three steps.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));

const { POST } = await import("./route");

let orgId: string;
let otherOrgId: string;
let eventId: string;
let foreignEventId: string;
let admin: SessionUser;
let member: SessionUser;
let outsider: SessionUser;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  otherOrgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  foreignEventId = (await createTestEvent(otherOrgId)).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
  outsider = await createConsoleUser(otherOrgId, "admin");
});
afterAll(async () => {
  await getDb().organization.deleteMany({ where: { id: { in: [orgId, otherOrgId] } } });
});

const CSV = "Email address;Full name;Organisation\nada@example.com;Ada Lovelace;Analytical\nnope;Bad Row;\n";

async function post(user: SessionUser | null, fields: Record<string, string | Blob>, target = { orgId, eventId }, headers: Record<string, string> = {}) {
  session.user = user;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value as string);
  const request = new Request(`http://localhost/console/${target.orgId}/events/${target.eventId}/guests/import/file`, { method: "POST", body: form, headers });
  const response = await POST(request, { params: Promise.resolve(target) });
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get("cache-control") };
}

const csvFile = (text = CSV, name = "guests.csv") => new File([text], name, { type: "text/csv" });

describe("spreadsheet import endpoint", () => {
  it("columns: the file's columns and a suggested mapping", async () => {
    const answer = await post(admin, { step: "columns", file: csvFile() });
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe("private, no-store");
    expect(answer.body.data).toMatchObject({
      columns: ["Email address", "Full name", "Organisation"],
      rows: 2,
      suggestion: { fields: { email: { path: "Email address" }, displayName: { path: "Full name" }, company: { path: "Organisation" } } },
    });
  });

  it("preview writes nothing and names the refused row; run imports; a second run changes nothing", async () => {
    const columns = await post(admin, { step: "columns", file: csvFile() });
    const mapping = JSON.stringify(columns.body.data.suggestion);
    const preview = await post(admin, { step: "preview", file: csvFile(), mapping });
    expect(preview.status).toBe(200);
    expect(preview.body.data.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 1, excluded: 0 });
    expect(preview.body.data.refused).toEqual([{ row: 3, field: "email", value: "nope", reason: expect.stringContaining("email") }]);
    expect(await getDb().attendee.count({ where: { eventId } })).toBe(0);

    const run = await post(admin, { step: "run", file: csvFile(), mapping });
    expect(run.body.data.counts.created).toBe(1);
    expect(await getDb().attendee.findMany({ where: { eventId }, select: { email: true, displayName: true, company: true } })).toEqual([
      { email: "ada@example.com", displayName: "Ada Lovelace", company: "Analytical" },
    ]);
    const again = await post(admin, { step: "run", file: csvFile(), mapping });
    expect(again.body.data.counts).toMatchObject({ created: 0, unchanged: 1 });
  });

  it("an .xlsx upload, first sheet", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Guests").addRows([["E-mail", "Name"], ["xl@example.com", "Excel"]]);
    const file = new File([Buffer.from(await workbook.xlsx.writeBuffer())], "guests.xlsx");
    const answer = await post(admin, { step: "columns", file });
    expect(answer.body.data).toMatchObject({ sheetNames: ["Guests"], sheet: "Guests", columns: ["E-mail", "Name"] });
  });

  it.each([
    ["no session", () => null, 401, "UNAUTHORIZED"],
    ["a member who is not an admin", () => member, 403, "FORBIDDEN"],
    ["an admin of another organization", () => outsider, 404, "NOT_FOUND"],
  ])("refuses %s", async (_who, user, status, code) => {
    const answer = await post(user(), { step: "preview", file: csvFile(), mapping: JSON.stringify({ fields: { email: { path: "Email address" } } }) });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ ok: false, code });
    expect(await getDb().attendee.count({ where: { email: "nope" } })).toBe(0);
  });

  it("another organization's event is a 404 for an admin, at every step", async () => {
    for (const step of ["columns", "preview", "run"]) {
      const answer = await post(admin, { step, file: csvFile(), mapping: "{}" }, { orgId, eventId: foreignEventId });
      expect(answer.status).toBe(404);
    }
  });

  it("refuses a body over the limit from its Content-Length, and bad files and mappings with the field named", async () => {
    const big = await post(admin, { step: "columns", file: csvFile() }, { orgId, eventId }, { "content-length": String(11 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(big.body.message).toContain("10 MB");
    const garbage = await post(admin, { step: "columns", file: new File([new Uint8Array([0, 1, 2, 0, 0, 9, 8])], "x.csv") });
    expect(garbage.status).toBe(400);
    expect(garbage.body.fields.file).toContain("not a spreadsheet");
    const twice = await post(admin, { step: "preview", file: csvFile(), mapping: JSON.stringify({ fields: { email: { path: "Email address" }, company: { path: "Email address" } } }) });
    expect(twice.status).toBe(400);
    expect(twice.body.fields["mapping.fields.company.path"]).toContain("mapped twice");
    const noFile = await post(admin, { step: "columns" });
    expect(noFile.body.fields.file).toBe("Choose a CSV or .xlsx file.");
  });
});
