import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { sessionAttendancePayload } from "@/lib/domain/webhooks/payloads";
import { scanSession } from "./scan-session";
import { OPERATOR } from "@/lib/domain/audit/record";

const outbox = (orgId: string) => getDb().webhookEvent.findMany({ where: { orgId }, orderBy: { createdAt: "asc" } });

async function world() {
  const org = await createTestOrg();
  const event = await createTestEvent(org.id);
  const [attendee, revoked] = await createTestAttendees(event.id, 2);
  await getDb().attendee.update({ where: { id: revoked.id }, data: { status: "revoked" } });
  const session = await getDb().session.create({
    data: { eventId: event.id, title: "Talk", type: "talk", startAt: new Date("2027-03-01T09:00:00Z"), endAt: new Date("2027-03-01T10:00:00Z") },
  });
  return { orgId: org.id, event, attendee, revoked, session };
}

describe("scanSession", () => {
  it("records attendance and session_attendance.created once per session and attendee", async () => {
    const { orgId, attendee, session } = await world();
    const first = await scanSession(orgId, { sessionId: session.id, attendeeId: attendee.id }, OPERATOR);
    const again = await scanSession(orgId, { sessionId: session.id, attendeeId: attendee.id }, OPERATOR);
    expect(first.created).toBe(true);
    expect(again).toEqual({ attendance: first.attendance, created: false });
    const row = await getDb().sessionAttendance.findFirstOrThrow({ where: { sessionId: session.id } });
    const recorded = await outbox(orgId);
    expect(recorded.map((r) => r.type)).toEqual(["session_attendance.created"]);
    expect(recorded[0].data).toEqual(sessionAttendancePayload(row));
  });

  it("refuses an attendee of another event of the same organization (400 naming attendeeId)", async () => {
    const { orgId, event, session } = await world();
    const otherEvent = await createTestEvent(orgId);
    const [stranger] = await createTestAttendees(otherEvent.id, 1);
    expect(otherEvent.id).not.toBe(event.id);
    const error = await scanSession(orgId, { sessionId: session.id, attendeeId: stranger.id }, OPERATOR).catch((err) => err);
    expect(error).toMatchObject({ code: "INVALID_INPUT" });
    expect(Object.keys(error.details.fields)).toEqual(["attendeeId"]);
    expect(await getDb().sessionAttendance.count({ where: { sessionId: session.id } })).toBe(0);
  });

  it("refuses a revoked attendee (409) and answers 404 across organizations", async () => {
    const { orgId, revoked, attendee, session } = await world();
    await expect(scanSession(orgId, { sessionId: session.id, attendeeId: revoked.id }, OPERATOR)).rejects.toMatchObject({
      code: "CONFLICT",
      details: { reason: "attendee_revoked" },
    });
    const other = await world();
    await expect(scanSession(orgId, { sessionId: other.session.id, attendeeId: attendee.id }, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(scanSession(other.orgId, { sessionId: other.session.id, attendeeId: attendee.id }, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(scanSession(orgId, { sessionId: randomUUID(), attendeeId: attendee.id }, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await outbox(orgId)).toEqual([]);
  });
});
