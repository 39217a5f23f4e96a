import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { checkIn } from "@/lib/domain/engagement/check-in";
import { archiveEvent } from "@/lib/domain/events/archive-event";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";
import { restoreAttendee, revokeAttendee } from "./set-attendee-status";
import { OPERATOR } from "@/lib/domain/audit/record";

// revokeAttendee / restoreAttendee against the real database: the status change and its
// attendee.updated outbox row land together; refusals and no-ops write neither.

let orgId: string;
const outbox = (attendeeId: string) =>
  getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["id"], equals: attendeeId } }, orderBy: { createdAt: "asc" } });
const reload = (id: string) => getDb().attendee.findUniqueOrThrow({ where: { id } });

async function oneAttendee(data: Parameters<typeof createTestAttendees>[2] = {}) {
  const event = await createTestEvent(orgId);
  const [attendee] = await createTestAttendees(event.id, 1, data);
  return { event, attendee };
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
});

describe("revokeAttendee", () => {
  for (const from of ["invited", "active"] as const) {
    it(`${from} → revoked, moving updatedAt and recording attendee.updated with status revoked`, async () => {
      const { event, attendee } = await oneAttendee({ status: from });
      const result = await revokeAttendee(orgId, event.id, attendee.id, OPERATOR);
      expect(result).toMatchObject({ changed: true, attendee: { status: "revoked" } });
      const row = await reload(attendee.id);
      expect(row.status).toBe("revoked");
      expect(row.updatedAt.getTime()).toBeGreaterThan(attendee.updatedAt.getTime());
      const recorded = await outbox(attendee.id);
      expect(recorded.map((r) => r.type)).toEqual(["attendee.updated"]);
      expect(recorded[0].data).toMatchObject({ id: attendee.id, status: "revoked" });
    });
  }

  it("revoking a revoked attendee changes and records nothing", async () => {
    const { event, attendee } = await oneAttendee({ status: "revoked" });
    expect(await revokeAttendee(orgId, event.id, attendee.id, OPERATOR)).toMatchObject({ changed: false });
    expect((await reload(attendee.id)).updatedAt).toEqual(attendee.updatedAt);
    expect(await outbox(attendee.id)).toEqual([]);
  });

  it("a revoked attendee cannot check in (409 attendee_revoked)", async () => {
    const { event, attendee } = await oneAttendee();
    await revokeAttendee(orgId, event.id, attendee.id, OPERATOR);
    await expect(checkIn(orgId, attendee.id, OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "attendee_revoked" } });
    expect(await getDb().checkIn.count({ where: { attendeeId: attendee.id } })).toBe(0);
  });

  it("refuses on an archived event (409 event_archived) and for another organization (404)", async () => {
    const { event, attendee } = await oneAttendee();
    await archiveEvent(orgId, event.id, OPERATOR);
    await expect(revokeAttendee(orgId, event.id, attendee.id, OPERATOR)).rejects.toMatchObject({ details: { reason: "event_archived" } });

    const other = await createTestOrg();
    const foreignEvent = await createTestEvent(other.id);
    const [foreign] = await createTestAttendees(foreignEvent.id, 1);
    await expect(revokeAttendee(orgId, foreignEvent.id, foreign.id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const own = await oneAttendee();
    await expect(revokeAttendee(orgId, own.event.id, foreign.id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(revokeAttendee(orgId, own.event.id, randomUUID(), OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await reload(foreign.id)).status).toBe("invited");
    expect((await reload(attendee.id)).status).toBe("invited");
  });
});

describe("restoreAttendee", () => {
  it("revoked → invited when no user claimed the badge", async () => {
    const { event, attendee } = await oneAttendee({ status: "revoked" });
    const result = await restoreAttendee(orgId, event.id, attendee.id, OPERATOR);
    expect(result).toMatchObject({ changed: true, attendee: { status: "invited" } });
    const recorded = await outbox(attendee.id);
    expect(recorded.map((r) => r.type)).toEqual(["attendee.updated"]);
    expect(recorded[0].data).toEqual(attendeePayload(await reload(attendee.id)));
    expect(recorded[0].data).toMatchObject({ status: "invited" });
  });

  it("revoked → active when a user had claimed the badge", async () => {
    const { event, attendee } = await oneAttendee({ status: "revoked", userId: randomUUID() });
    expect(await restoreAttendee(orgId, event.id, attendee.id, OPERATOR)).toMatchObject({ changed: true, attendee: { status: "active" } });
    expect((await outbox(attendee.id))[0].data).toMatchObject({ status: "active" });
  });

  for (const from of ["invited", "active"] as const) {
    it(`restoring an ${from} attendee changes and records nothing`, async () => {
      const { event, attendee } = await oneAttendee({ status: from });
      expect(await restoreAttendee(orgId, event.id, attendee.id, OPERATOR)).toMatchObject({ changed: false, attendee: { status: from } });
      expect(await outbox(attendee.id)).toEqual([]);
    });
  }
});
