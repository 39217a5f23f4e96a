import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb, sqlRows } from "@/lib/platform/db/client";
import { ATTENDEE_RETURNING } from "@/lib/domain/attendees/attendee-sql";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { toAttendee, type AttendeeRow } from "@/lib/domain/resources/projections";
import { listAttendees } from "./attendees";

// A page of attendees is spliced from each row's JSON text, which PostgreSQL writes with
// the row (the "partnerJson" column, by trigger). It must be byte for byte what
// JSON.stringify of the projection gives, for any text a partner or organizer may have
// typed, after an insert and after any update, whoever writes.

const AWKWARD = [
  'Quote " and backslash \\ and slash /',
  "Line\nbreak, tab\t, return\r, form feed\f, backspace\b",
  "Control \u0001 \u001f and DEL \u007f",
  "Separators \u2028 \u2029, emoji 🎟️, accents é ü ß, CJK 会议",
  "<script>alert(1)</script> & 'single'",
];

describe("attendee page as PostgreSQL's JSON", () => {
  it("is byte for byte JSON.stringify of the projection, nulls, booleans and timestamps included", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    await createTestAttendees(event.id, AWKWARD.length, {});
    const created = await getDb().attendee.findMany({ where: { eventId: event.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    for (const [index, attendee] of created.entries()) {
      await getDb().attendee.update({
        where: { id: attendee.id },
        data: {
          displayName: AWKWARD[index],
          company: index % 2 ? AWKWARD[(index + 1) % AWKWARD.length] : null,
          jobTitle: index % 2 ? null : AWKWARD[(index + 2) % AWKWARD.length],
          status: index === 0 ? "active" : "invited",
          visibleInList: index % 2 === 0,
          invitedAt: index === 1 ? new Date("2026-05-01T10:11:12.345Z") : null,
          checkedInAt: index === 0 ? new Date("2026-06-01T00:00:00.000Z") : null,
          updatedAt: new Date(Date.UTC(2026, 6, 1, 12, 0, 0, index * 7)),
        },
      });
    }
    const rows = await getDb().attendee.findMany({ where: { eventId: event.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

    const firstPage = await listAttendees(org.id, event.id, { limit: 3 });
    const parsed = JSON.parse(firstPage.text) as { meta: { nextCursor: string } };
    expect(firstPage.text).toBe(JSON.stringify({ data: rows.slice(0, 3).map(toAttendee), meta: { nextCursor: parsed.meta.nextCursor } }));
    expect(parsed.meta.nextCursor).toEqual(expect.any(String));

    const lastPage = await listAttendees(org.id, event.id, { limit: 3, cursor: parsed.meta.nextCursor });
    expect(lastPage.text).toBe(JSON.stringify({ data: rows.slice(3).map(toAttendee), meta: { nextCursor: null } }));
  });

  it("an empty list is an empty array; another organization's event is a 404", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    expect((await listAttendees(org.id, event.id, { limit: 50 })).text).toBe('{"data":[],"meta":{"nextCursor":null}}');
    const other = await createTestOrg();
    await expect(listAttendees(other.id, event.id, { limit: 50 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

/** Every attendee of the event: its stored JSON, and JSON.stringify of the projection of its row. */
async function storedAndProjected(eventId: string) {
  const rows = await sqlRows<AttendeeRow & { partnerJson: string }>`
    SELECT ${ATTENDEE_RETURNING}, a."partnerJson" FROM "Attendee" a WHERE a."eventId" = ${eventId}::uuid ORDER BY a.id`;
  return {
    stored: rows.map((row) => row.partnerJson),
    projected: rows.map((row) => JSON.stringify(toAttendee(row))),
  };
}

// No NUL: PostgreSQL's text cannot hold it (the API refuses it as input).
const text = fc.string({ unit: "binary", maxLength: 40 }).filter((value) => !value.includes("\u0000"));
const timestamp = fc.date({ min: new Date("1900-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true });

describe("an attendee's stored JSON", () => {
  it("is JSON.stringify of its projection after any update (property)", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const [attendee] = await createTestAttendees(event.id, 1, {});
    const change = fc.record({
      displayName: text.filter((value) => value.length > 0),
      company: fc.option(text),
      jobTitle: fc.option(text),
      status: fc.constantFrom("invited", "active", "revoked" as const),
      visibleInList: fc.boolean(),
      invitedAt: fc.option(timestamp),
      checkedInAt: fc.option(timestamp),
      createdAt: timestamp,
      updatedAt: timestamp,
    });
    await fc.assert(
      fc.asyncProperty(change, async (data) => {
        // Through Prisma, and through SQL that names one column only: both go through the trigger.
        await getDb().attendee.update({ where: { id: attendee.id }, data });
        const once = await storedAndProjected(event.id);
        expect(once.stored).toEqual(once.projected);
        await sqlRows`UPDATE "Attendee" SET "visibleInList" = NOT "visibleInList" WHERE id = ${attendee.id}::uuid`;
        const twice = await storedAndProjected(event.id);
        expect(twice.stored).toEqual(twice.projected);
      }),
      { numRuns: 60 },
    );
  });

  it("is written by inserts of any kind, and cannot be set by hand", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    await createTestAttendees(event.id, 3, { company: "Acme", invitedAt: new Date("2026-03-04T05:06:07.089Z") });
    await sqlRows`
      INSERT INTO "Attendee" ("eventId", "displayName", email, "badgeCode", "qrToken", "partnerJson")
      VALUES (${event.id}::uuid, 'By hand', 'by-hand@example.com', 'HAND01', 'qr-by-hand', '{"forged":true}')`;
    const { stored, projected } = await storedAndProjected(event.id);
    expect(stored).toHaveLength(4);
    expect(stored).toEqual(projected);
    expect(stored.join()).not.toContain("forged");
  });
});
