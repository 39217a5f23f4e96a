import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { checkIn } from "./check-in";
import { OPERATOR } from "@/lib/domain/audit/record";

const outbox = (orgId: string) => getDb().webhookEvent.findMany({ where: { orgId }, orderBy: { createdAt: "asc" } });

async function attendeeOf(status: "published" | "archived" = "published", data: { status?: "invited" | "active" | "revoked" } = {}) {
  const org = await createTestOrg();
  const event = await createTestEvent(org.id, { status });
  const [attendee] = await createTestAttendees(event.id, 1, data);
  return { orgId: org.id, attendee };
}

describe("checkIn", () => {
  it("sets checkedInAt, writes the CheckIn row and records attendee.checked_in once", async () => {
    const { orgId, attendee } = await attendeeOf();
    const first = await checkIn(orgId, attendee.id, OPERATOR);
    expect(first.created).toBe(true);
    const row = await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } });
    expect(row.checkedInAt).toEqual(first.checkedInAt);
    expect(row.updatedAt).toEqual(first.checkedInAt);
    expect(await getDb().checkIn.findUnique({ where: { attendeeId: attendee.id } })).toMatchObject({
      eventId: attendee.eventId,
      checkedInAt: first.checkedInAt,
    });

    const again = await checkIn(orgId, attendee.id, OPERATOR);
    expect(again).toMatchObject({ created: false, checkedInAt: first.checkedInAt });
    const recorded = await outbox(orgId);
    expect(recorded.map((r) => r.type)).toEqual(["attendee.checked_in"]);
    expect(recorded[0].data).toMatchObject({ id: attendee.id, badgeCode: attendee.badgeCode, checkedInAt: first.checkedInAt.toISOString() });
  });

  it("concurrent check-ins of one attendee make one row and one event", async () => {
    const { orgId, attendee } = await attendeeOf();
    const results = await Promise.all([checkIn(orgId, attendee.id, OPERATOR), checkIn(orgId, attendee.id, OPERATOR), checkIn(orgId, attendee.id, OPERATOR)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await outbox(orgId)).toHaveLength(1);
  });

  it.each([
    ["a revoked attendee", "published", "revoked", "attendee_revoked"],
    ["an archived event", "archived", "invited", "event_archived"],
  ] as const)("refuses %s with 409", async (_label, eventStatus, attendeeStatus, reason) => {
    const { orgId, attendee } = await attendeeOf(eventStatus, { status: attendeeStatus });
    await expect(checkIn(orgId, attendee.id, OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason } });
    expect(await getDb().checkIn.count({ where: { attendeeId: attendee.id } })).toBe(0);
    expect(await outbox(orgId)).toEqual([]);
  });

  it("answers 404 for another organization's attendee", async () => {
    const { attendee } = await attendeeOf();
    const other = await createTestOrg();
    for (const id of [attendee.id, randomUUID(), "x"]) {
      await expect(checkIn(other.id, id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } })).checkedInAt).toBeNull();
  });
});
