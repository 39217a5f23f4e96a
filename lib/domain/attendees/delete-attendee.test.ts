import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { toAttendee } from "@/lib/domain/resources/projections";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { deleteAttendee } from "./delete-attendee";
import { OPERATOR } from "@/lib/domain/audit/record";

describe("deleteAttendee", () => {
  it("deletes the attendee with their engagement, keeps their feedback, records attendee.deleted", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const [attendee] = await createTestAttendees(event.id, 1, { company: "Acme", checkedInAt: new Date("2027-03-01T08:00:00Z") });
    await getDb().checkIn.create({ data: { attendeeId: attendee.id, eventId: event.id, checkedInAt: attendee.checkedInAt! } });
    const feedback = await getDb().feedback.create({ data: { eventId: event.id, attendeeId: attendee.id, kind: "rating", rating: 4 } });

    const deleted = await deleteAttendee(org.id, attendee.id, OPERATOR);
    expect(toAttendee(deleted)).toEqual(toAttendee(attendee));
    expect(await getDb().attendee.findUnique({ where: { id: attendee.id } })).toBeNull();
    expect(await getDb().checkIn.count({ where: { attendeeId: attendee.id } })).toBe(0);
    expect((await getDb().feedback.findUniqueOrThrow({ where: { id: feedback.id } })).attendeeId).toBeNull();

    const recorded = await getDb().webhookEvent.findMany({ where: { orgId: org.id } });
    expect(recorded.map((r) => r.type)).toEqual(["attendee.deleted"]);
    const { createdAt: _c, updatedAt: _u, ...expected } = toAttendee(attendee);
    expect(recorded[0].data).toEqual(expected);
    expect(recorded[0].data).toHaveProperty("badgeCode", attendee.badgeCode);

    await expect(deleteAttendee(org.id, attendee.id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers 404 for another organization's attendee and unknown ids, deleting nothing", async () => {
    const org = await createTestOrg();
    const other = await createTestOrg();
    const [foreign] = await createTestAttendees((await createTestEvent(other.id)).id, 1);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      await expect(deleteAttendee(org.id, id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await getDb().attendee.findUnique({ where: { id: foreign.id } })).not.toBeNull();
    expect(await getDb().webhookEvent.count({ where: { orgId: { in: [org.id, other.id] } } })).toBe(0);
  });

  it("refuses an archived event's attendee (409 event_archived)", async () => {
    const org = await createTestOrg();
    const [attendee] = await createTestAttendees((await createTestEvent(org.id, { status: "archived" })).id, 1);
    await expect(deleteAttendee(org.id, attendee.id, OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "event_archived" } });
    expect(await getDb().attendee.findUnique({ where: { id: attendee.id } })).not.toBeNull();
  });
});
