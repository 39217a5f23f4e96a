import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { COMMENT_PREVIEW, engagementCursors, engagementRecord, listCheckIns, listFeedback, listFormSubmissions, listSessionScans } from "./engagement-lists";
import { attendeePageData, findEventAttendee } from "./event-attendee";
import { PAGE_SIZE } from "./pagination";

// The engagement lists on a real database: newest first, keyset pages without gap or
// repeat (also when many rows share one timestamp), one attendee's share, and nothing of
// an event read through another organization or of an attendee through another event.

const COUNT = PAGE_SIZE + 5;
const T0 = Date.parse("2027-03-01T09:00:00.000Z");
let orgId: string;
let eventId: string;
let otherOrgId: string;
let otherEventId: string;
let attendees: { id: string; displayName: string }[];
let otherAttendeeId: string;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  attendees = await createTestAttendees(eventId, COUNT);
  otherOrgId = (await createTestOrg()).id;
  otherEventId = (await createTestEvent(otherOrgId)).id;
  [{ id: otherAttendeeId }] = await createTestAttendees(otherEventId, 1);

  const db = getDb();
  const session = await db.session.create({ data: { eventId, title: "Keynote", type: "talk", startAt: new Date(T0), endAt: new Date(T0 + 3_600_000) } });
  const [survey, poll] = await Promise.all(
    ["Survey", "Poll"].map((name) => db.form.create({ data: { eventId, name, status: "open" } })),
  );
  // Check-ins a minute apart (attendee i at minute i); every scan at the same instant, so
  // only the id orders them; answers to two forms; feedback, one long and one unattributed.
  await db.checkIn.createMany({ data: attendees.map((a, i) => ({ attendeeId: a.id, eventId, checkedInAt: new Date(T0 + i * 60_000) })) });
  await db.sessionAttendance.createMany({ data: attendees.map((a) => ({ eventId, sessionId: session.id, attendeeId: a.id, scannedAt: new Date(T0) })) });
  await db.formSubmission.createMany({
    data: attendees.map((a, i) => ({ formId: i % 2 ? poll.id : survey.id, attendeeId: a.id, answers: {}, revision: 1 + (i % 3), submittedAt: new Date(T0 + i * 1000), updatedAt: new Date(T0 + i * 1000) })),
  });
  await db.feedback.createMany({
    data: [
      { eventId, attendeeId: attendees[0].id, sessionId: session.id, kind: "review", rating: 4, comment: "x".repeat(COMMENT_PREVIEW + 50), createdAt: new Date(T0) },
      { eventId, attendeeId: null, kind: "suggestion", comment: "<script>alert(1)</script>", createdAt: new Date(T0 + 1000) },
    ],
  });
  // The other organization's event has engagement of its own, which must never show.
  await db.checkIn.create({ data: { attendeeId: otherAttendeeId, eventId: otherEventId, checkedInAt: new Date(T0) } });
  await db.feedback.create({ data: { eventId: otherEventId, attendeeId: otherAttendeeId, kind: "feedback", comment: "other org" } });
});

/** Every row of a list, page by page, checking each page's size. */
async function walk<T>(list: (after?: string) => Promise<{ rows: T[]; next: string | null }>): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 10; pages += 1) {
    const { rows, next } = await list(after);
    expect(rows.length).toBeLessThanOrEqual(PAGE_SIZE);
    all.push(...rows);
    if (!next) return all;
    expect(rows).toHaveLength(PAGE_SIZE);
    after = next;
  }
  throw new Error("more pages than rows");
}

describe("engagement lists", () => {
  it("pages check-ins newest first without gap or repeat", async () => {
    const first = await listCheckIns(orgId, eventId);
    expect(first.rows[0]).toMatchObject({ attendeeId: attendees[COUNT - 1].id, displayName: attendees[COUNT - 1].displayName });
    expect(first.next).not.toBeNull();
    const all = await walk((after) => listCheckIns(orgId, eventId, { after }));
    expect(all.map((row) => row.attendeeId)).toEqual(attendees.map((a) => a.id).reverse());
  });

  it("pages door scans that share one timestamp by id, each once", async () => {
    const all = await walk((after) => listSessionScans(orgId, eventId, { after }));
    expect(all).toHaveLength(COUNT);
    expect(new Set(all.map((row) => row.id)).size).toBe(COUNT);
    expect(all.map((row) => row.id)).toEqual([...all.map((row) => row.id)].sort().reverse());
    expect(all[0]).toMatchObject({ sessionTitle: "Keynote" });
  });

  it("lists answers of every form of the event with their revision", async () => {
    const all = await walk((after) => listFormSubmissions(orgId, eventId, { after }));
    expect(all).toHaveLength(COUNT);
    expect(all[0]).toMatchObject({ attendeeId: attendees[COUNT - 1].id, revision: 1 + ((COUNT - 1) % 3) });
    expect(new Set(all.map((row) => row.formName))).toEqual(new Set(["Survey", "Poll"]));
  });

  it("reads each submission's answers against its form: label and value in the form's order, unanswered fields kept", async () => {
    const event = await createTestEvent(orgId);
    const [ada] = await createTestAttendees(event.id, 1);
    const form = await getDb().form.create({
      data: {
        eventId: event.id, name: "Needs", status: "open",
        fields: [
          { key: "diet", label: "Dietary needs", type: "multi_select", required: false },
          { key: "notes", label: "Anything else", type: "long_text", required: false },
          { key: "consent", label: "Photo consent", type: "checkbox", required: false },
          { key: "arrival", label: "", type: "date", required: false },
          { key: "size", label: "T-shirt", type: "single_select", required: false },
        ],
      },
    });
    await getDb().formSubmission.create({
      data: { formId: form.id, attendeeId: ada.id, answers: { consent: false, notes: "Line one\nline two", diet: ["vegan", "no nuts"], arrival: "2027-03-01" }, submittedAt: new Date(T0), updatedAt: new Date(T0) },
    });
    const { rows } = await listFormSubmissions(orgId, event.id);
    expect(rows[0].answers).toEqual([
      { key: "diet", label: "Dietary needs", value: { type: "choices", items: ["vegan", "no nuts"] } },
      { key: "notes", label: "Anything else", value: { type: "text", text: "Line one\nline two" } },
      { key: "consent", label: "Photo consent", value: { type: "yes_no", value: false } },
      { key: "arrival", label: "arrival", value: { type: "date", value: "2027-03-01" } },
      { key: "size", label: "T-shirt", value: null },
    ]);
  });

  it("cuts long comments and keeps unattributed feedback, text as stored", async () => {
    const { rows, next } = await listFeedback(orgId, eventId);
    expect(next).toBeNull();
    expect(rows.map((row) => row.kind)).toEqual(["suggestion", "review"]);
    expect(rows[0]).toMatchObject({ attendeeId: null, displayName: null, comment: "<script>alert(1)</script>", commentTruncated: false });
    expect(rows[1]).toMatchObject({ rating: 4, sessionTitle: "Keynote", commentTruncated: true });
    expect(rows[1].comment).toHaveLength(COMMENT_PREVIEW);
  });

  it("narrows every list to one attendee", async () => {
    const record = await engagementRecord(orgId, eventId, {}, attendees[0].id);
    expect(record.checkIns).toBeNull();
    expect(record.scans.rows.map((row) => row.attendeeId)).toEqual([attendees[0].id]);
    expect(record.submissions.rows.map((row) => row.attendeeId)).toEqual([attendees[0].id]);
    expect(record.feedback.rows.map((row) => row.kind)).toEqual(["review"]);
  });

  it("finds nothing through another organization, another event or malformed ids", async () => {
    for (const [org, event, attendeeId] of [
      [otherOrgId, eventId, undefined],
      [orgId, otherEventId, undefined],
      [orgId, eventId, otherAttendeeId],
      [orgId, "not-a-uuid", undefined],
      [orgId, eventId, "not-a-uuid"],
    ] as const) {
      for (const list of [listCheckIns, listSessionScans, listFormSubmissions, listFeedback]) {
        expect(await list(org, event, { attendeeId }), `${list.name} ${org} ${event} ${attendeeId}`).toEqual({ rows: [], next: null });
      }
    }
    // The other organization reads its own event normally.
    expect((await listCheckIns(otherOrgId, otherEventId)).rows).toHaveLength(1);
  });

  it("treats a malformed cursor as the first page", async () => {
    const first = await listCheckIns(orgId, eventId);
    for (const after of ["junk", "2027-01-01T00:00:00Z|not-a-uuid", `nonsense|${attendees[0].id}`]) {
      expect(await listCheckIns(orgId, eventId, { after })).toEqual(first);
    }
  });

  it("reads each list's cursor from its own query parameter", () => {
    expect(engagementCursors({ checkins: "a", scans: ["b", "c"], answers: "", feedback: undefined, other: "x" })).toEqual({ checkIns: "a", scans: "b" });
  });
});

describe("the attendee page's record", () => {
  it("is the organization's attendee of that event, and nothing otherwise", async () => {
    expect(await findEventAttendee(orgId, eventId, attendees[0].id)).toMatchObject({ id: attendees[0].id, displayName: attendees[0].displayName });
    expect(await findEventAttendee(otherOrgId, eventId, attendees[0].id)).toBeNull();
    expect(await findEventAttendee(otherOrgId, otherEventId, attendees[0].id)).toBeNull();
    expect(await findEventAttendee(orgId, eventId, otherAttendeeId)).toBeNull();
    expect(await findEventAttendee(orgId, eventId, "not-a-uuid")).toBeNull();
    expect(await attendeePageData(otherOrgId, eventId, attendees[0].id, {})).toBeNull();
    const data = await attendeePageData(orgId, eventId, attendees[0].id, {});
    expect(data?.record.scans.rows).toHaveLength(1);
    expect(data?.deliveries).toEqual([]);
  });
});
