import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { createConsoleUser } from "@/lib/testing/console-session";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { GET } from "./[list]/route";

// The export endpoints over HTTP (the route handler served by a real node:http server):
// who may export, tenancy, the filters, both formats read back (CSV by an RFC 4180 reader
// here, .xlsx by exceljs), the classic formula-injection payloads, and the audit entry.
// Real database; only the session is stubbed.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));

/** RFC 4180: quoted fields may hold commas, CRLF and doubled quotes; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") { record.push(field); field = ""; }
    else if (char === "\r" && text[i + 1] === "\n") { record.push(field); records.push(record); record = []; field = ""; i++; }
    else if (char === "\n" || char === "\r") throw new Error(`bare line break at ${i}`);
    else field += char;
  }
  if (field || record.length) throw new Error("last record not ended by CRLF");
  return records;
}

/** The body as CSV records, after checking it starts with the UTF-8 byte-order mark. */
async function csvOf(response: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1));
}

async function readXlsx(bytes: ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook.worksheets[0];
}

function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const PAYLOADS = ["=1+1", "+SUM(A1:A2)", "-2+3", "@SUM(1,2)", "\tTAB", "\rCR", '=HYPERLINK("http://evil.example","Click")', "=cmd|' /C calc'!A0"];

let server: RouteServer;
let orgId: string;
let event: { id: string; slug: string; name: string };
let formId: string;
let admin: SessionUser, member: SessionUser, doorStaff: SessionUser, outsider: SessionUser;
let otherEventId: string;
let otherFormId: string;

const path = (list: string, query: string) => `${server.baseUrl}/console/${orgId}/events/${event.id}/exports/${list}?${query}`;
async function get(user: SessionUser | null, url: string) {
  session.user = user;
  return fetch(url);
}

beforeAll(async () => {
  server = await startRouteServer("/console");
  orgId = (await createTestOrg()).id;
  event = await createTestEvent(orgId, { timezone: "Europe/Berlin" });
  [admin, member, outsider] = await Promise.all([createConsoleUser(orgId, "admin"), createConsoleUser(orgId, "member"), createConsoleUser(null)]);
  const door = await getDb().user.create({ data: { email: `d-${randomBytes(4).toString("hex")}@example.com` } });
  await getDb().membership.create({ data: { orgId, userId: door.id, role: "door_staff" } });
  doorStaff = { id: door.id, email: door.email, name: door.name };

  const attendees = await createTestAttendees(event.id, 5);
  const db = getDb();
  await db.attendee.update({ where: { id: attendees[0].id }, data: { displayName: "Zoë \"Zed\" Müller", company: "Acme, Inc.\r\nBerlin", status: "active", visibleInList: true, invitedAt: new Date("2026-11-20T10:00:00Z") } });
  for (const [i, payload] of PAYLOADS.slice(0, 4).entries()) await db.attendee.update({ where: { id: attendees[i + 1].id }, data: { company: payload, jobTitle: PAYLOADS[i + 4] } });
  await db.checkIn.create({ data: { attendeeId: attendees[0].id, eventId: event.id, checkedInAt: new Date("2027-03-01T08:05:00Z") } });
  await db.attendee.update({ where: { id: attendees[0].id }, data: { checkedInAt: new Date("2027-03-01T08:05:00Z") } });
  const sessionRow = await db.session.create({ data: { eventId: event.id, title: "=Keynote", type: "talk", startAt: new Date("2027-03-01T09:00:00Z"), endAt: new Date("2027-03-01T10:00:00Z") } });
  await db.sessionAttendance.create({ data: { eventId: event.id, sessionId: sessionRow.id, attendeeId: attendees[1].id, scannedAt: new Date("2027-03-01T09:01:00Z") } });
  await db.feedback.create({ data: { eventId: event.id, attendeeId: attendees[2].id, sessionId: sessionRow.id, kind: "rating", rating: 4, comment: "x".repeat(400), createdAt: new Date("2027-03-01T11:00:00Z") } });
  formId = (await db.form.create({
    data: {
      eventId: event.id, name: "Dietary & access", status: "open",
      fields: [
        { key: "diet", label: "Dietary needs", type: "multi_select", required: false },
        { key: "access", label: "Accessibility", type: "long_text", required: false },
        { key: "arrival", label: "Arrival date", type: "date", required: false },
        { key: "consent", label: "Photo consent", type: "checkbox", required: false },
        { key: "guests", label: "Plus ones", type: "number", required: false },
      ],
    },
  })).id;
  await db.formSubmission.create({ data: { formId, attendeeId: attendees[0].id, answers: { diet: ["vegan", "no nuts"], access: "=1+1\nwheelchair", arrival: "2027-03-01", consent: true, guests: 2 }, revision: 2, submittedAt: new Date("2027-02-01T10:00:00Z"), updatedAt: new Date("2027-02-03T10:00:00Z") } });
  await db.formSubmission.create({ data: { formId, attendeeId: attendees[1].id, answers: { consent: false }, submittedAt: new Date("2027-02-02T10:00:00Z"), updatedAt: new Date("2027-02-02T10:00:00Z") } });

  const otherOrg = await createTestOrg();
  const otherEvent = await createTestEvent(otherOrg.id);
  otherEventId = otherEvent.id;
  otherFormId = (await db.form.create({ data: { eventId: otherEvent.id, name: "Theirs", status: "open" } })).id;
});

afterAll(() => server?.close());

describe("who may export", () => {
  it.each([
    ["an admin", 200, () => admin],
    ["a member (read-only)", 200, () => member],
    ["door staff", 403, () => doorStaff],
    ["someone of no organization", 404, () => outsider],
    ["nobody signed in", 401, () => null],
  ])("%s gets %i", async (_who, status, user) => {
    const response = await get(user(), path("guests", "format=csv"));
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("another organization's event or form is a 404, and so is an unknown list", async () => {
    expect((await get(admin, `${server.baseUrl}/console/${orgId}/events/${otherEventId}/exports/guests?format=csv`)).status).toBe(404);
    expect((await get(admin, path("answers", `format=csv&form=${otherFormId}`))).status).toBe(404);
    expect((await get(admin, path("speakers", "format=csv"))).status).toBe(404);
  });

  it("a bad format, status or form id is a 400 naming the parameter", async () => {
    for (const [query, field] of [["format=pdf", "format"], ["", "format"], ["format=csv&status=gone", "status"]] as const) {
      const response = await get(admin, path("guests", query));
      expect(response.status).toBe(400);
      expect((await response.json()).error.field).toBe(field);
    }
    const response = await get(admin, path("answers", "format=csv&form=nope"));
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe("form");
  });
});

describe("guest list", () => {
  it("CSV: UTF-8 with BOM, CRLF, RFC 4180 quoting, the issue's columns, a safe file name", async () => {
    const response = await get(member, path("guests", "format=csv"));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${event.slug}-guests-${today}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      "Name", "Email", "Company", "Job title", "Status", "Badge code", "Invited (UTC)", "Checked in (venue time, Europe/Berlin)",
      "Checked in (UTC, ISO 8601)", "Created (UTC)", "Updated (UTC)", "Listed in the attendee directory",
    ]);
    expect(rows).toHaveLength(5);
    const zoe = rows[0];
    expect(zoe[0]).toBe('Zoë "Zed" Müller');
    expect(zoe[2]).toBe("Acme, Inc.\r\nBerlin");
    expect(zoe[4]).toBe("active");
    expect(zoe[5]).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
    expect(zoe[6]).toBe("2026-11-20T10:00:00.000Z");
    expect(zoe[7]).toBe("2027-03-01 09:05:00");
    expect(zoe[8]).toBe("2027-03-01T08:05:00.000Z");
    expect(zoe[11]).toBe("yes");
    expect(rows[1][11]).toBe("no");
  });

  it("neutralises the classic formula payloads in CSV: each starts with a quote and is otherwise unchanged", async () => {
    const [, ...rows] = await csvOf(await get(admin, path("guests", "format=csv")));
    const written = rows.slice(1).flatMap((row) => [row[2], row[3]]);
    expect(written.sort()).toEqual(PAYLOADS.slice(0, 4).flatMap((payload, i) => [`'${payload}`, `'${PAYLOADS[i + 4]}`]).sort());
  });

  it("honours the status filter and the search, as the list does", async () => {
    const active = await csvOf(await get(admin, path("guests", "format=csv&status=active")));
    expect(active.slice(1).map((row) => row[0])).toEqual(['Zoë "Zed" Müller']);
    const searched = await csvOf(await get(admin, path("guests", `format=csv&q=${encodeURIComponent("acme")}`)));
    expect(searched.slice(1).map((row) => row[0])).toEqual(['Zoë "Zed" Müller']);
    const none = await csvOf(await get(admin, path("guests", "format=csv&status=revoked")));
    expect(none).toHaveLength(1);
  });

  it("xlsx: read back by exceljs, dates as dates, formulas neutralised, nothing evaluated", async () => {
    const response = await get(admin, path("guests", "format=xlsx&status="));
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toMatch(new RegExp(`filename="${event.slug}-guests-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`));
    const sheet = await readXlsx(await response.arrayBuffer());
    const [header, ...rows] = sheetRows(sheet);
    expect(header[0]).toBe("Name");
    expect(rows).toHaveLength(5);
    expect(rows[0][0]).toBe('Zoë "Zed" Müller');
    expect(rows[0][7]).toEqual(new Date("2027-03-01T09:05:00.000Z"));
    expect(sheet.getCell("H2").numFmt).toBe("yyyy-mm-dd hh:mm:ss");
    expect(rows[0][8]).toBe("2027-03-01T08:05:00.000Z");
    let formulas = 0;
    sheet.eachRow((row) => row.eachCell((cell) => { if (cell.type === ExcelJS.ValueType.Formula) formulas++; }));
    expect(formulas).toBe(0);
    // The same quote; a CR is written as Excel's in-cell line break (XML would read it as one anyway).
    const written = rows.slice(1).flatMap((row) => [row[2], row[3]]);
    expect(written.sort()).toEqual(PAYLOADS.slice(0, 4).flatMap((payload, i) => [`'${payload}`, `'${PAYLOADS[i + 4]}`.replace("\r", "\n")]).sort());
  });
});

describe("form answers", () => {
  it("CSV: a row per submission, a column per field in the form's order headed by its label, keys beneath", async () => {
    const response = await get(admin, path("answers", `format=csv&form=${formId}`));
    expect(response.headers.get("content-disposition")).toMatch(new RegExp(`filename="${event.slug}-answers-dietary-access-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const [labels, keys, ...rows] = await csvOf(response);
    expect(labels).toEqual(["Name", "Email", "Dietary needs", "Accessibility", "Arrival date", "Photo consent", "Plus ones", "Revision", "Submitted (UTC)", "Last changed (UTC)"]);
    expect(keys).toEqual(["", "", "diet", "access", "arrival", "consent", "guests", "", "", ""]);
    expect(rows).toHaveLength(2);
    const [second, first] = rows;
    expect(first.slice(2)).toEqual(["vegan; no nuts", "'=1+1\nwheelchair", "2027-03-01", "yes", "2", "2", "2027-02-01T10:00:00.000Z", "2027-02-03T10:00:00.000Z"]);
    expect(second.slice(2, 8)).toEqual(["", "", "", "no", "", "1"]);
  });

  it("xlsx: the date answer is a date cell, numbers are numbers", async () => {
    const sheet = await readXlsx(await (await get(member, path("answers", `format=xlsx&form=${formId}`))).arrayBuffer());
    const [labels, keys, , first] = sheetRows(sheet);
    expect(labels.slice(2, 7)).toEqual(["Dietary needs", "Accessibility", "Arrival date", "Photo consent", "Plus ones"]);
    expect(keys[2]).toBe("diet");
    expect(first.slice(2, 8)).toEqual(["vegan; no nuts", "'=1+1\nwheelchair", new Date("2027-03-01T00:00:00.000Z"), "yes", 2, 2]);
    expect(sheet.getCell("E4").numFmt).toBe("yyyy-mm-dd");
  });

  it("needs a form id", async () => {
    expect((await get(admin, path("answers", "format=csv"))).status).toBe(400);
  });
});

describe("engagement lists and the audit log", () => {
  it("check-ins, session attendance and feedback export their rows (the whole comment, payloads neutralised)", async () => {
    const checkIns = await csvOf(await get(admin, path("check-ins", "format=csv")));
    expect(checkIns[1].slice(3)).toEqual(["2027-03-01 09:05:00", "2027-03-01T08:05:00.000Z"]);
    const scans = await csvOf(await get(admin, path("session-attendance", "format=csv")));
    expect(scans[1][2]).toBe("'=Keynote");
    const feedback = sheetRows(await readXlsx(await (await get(admin, path("feedback", "format=xlsx"))).arrayBuffer()));
    expect(feedback[1][2]).toBe("rating");
    expect(feedback[1][4]).toBe(4);
    expect(feedback[1][5]).toBe("x".repeat(400));
  });

  it("every export is an audit entry: who, which list, the format, the filters and how many rows", async () => {
    const before = new Date();
    await (await get(member, path("guests", "format=csv&status=active&q=acme"))).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entry = await getDb().auditEntry.findFirst({ where: { orgId, action: "event.exported", at: { gte: before } }, orderBy: { at: "desc" } });
    expect(entry).toMatchObject({ actorId: member.id, actorLabel: member.email, targetType: "event", targetId: event.id });
    expect(entry?.summary).toEqual({ list: "guests", format: "csv", rows: 1, q: "acme", status: "active" });
  });

  it("a download cut short is recorded with the rows sent so far and complete: false", async () => {
    const before = new Date();
    session.user = admin;
    const response = await GET(new Request(path("guests", "format=csv")), { params: Promise.resolve({ orgId, eventId: event.id, list: "guests" }) });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("Name,Email");
    await reader.cancel();
    const entry = await getDb().auditEntry.findFirst({ where: { orgId, action: "event.exported", at: { gte: before } } });
    expect(entry?.summary).toEqual({ list: "guests", format: "csv", rows: 0, complete: false });
  });

  it("a refused export writes no audit entry", async () => {
    const before = new Date();
    await get(doorStaff, path("guests", "format=csv"));
    await get(admin, path("guests", "format=pdf"));
    expect(await getDb().auditEntry.count({ where: { orgId, action: "event.exported", at: { gte: before } } })).toBe(0);
  });
});
