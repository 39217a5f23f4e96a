import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { toAttendee } from "../projections";
import { listAttendees } from "./attendees";

// A page of attendees is serialized by PostgreSQL (to_json per row) and spliced into the
// body. It must be byte for byte what JSON.stringify of the projection gives, for any
// text a partner or organizer may have typed.

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
