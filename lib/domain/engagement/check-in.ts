import type { AttendeeRow } from "@/lib/domain/resources/projections";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";
import { assertAttendeeNotRevoked,
  assertEventOpenForEngagement,
  lockOrgAttendee,
} from "./engagement-rows";

/**
 * Front-desk venue arrival: sets the attendee's checkedInAt (and updatedAt), writes the
 * one CheckIn row and records `attendee.checked_in` with the attendee projection (with
 * badgeCode, without createdAt/updatedAt). At most one per attendee: checking in again
 * changes nothing and records nothing (`created: false`, the first arrival time kept).
 */
export async function checkIn(
  orgId: string,
  attendeeId: string,
  actor: Actor,
): Promise<{ attendee: AttendeeRow; checkedInAt: Date; created: boolean }> {
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const { eventStatus, ...attendee } = await lockOrgAttendee(tx, orgId, attendeeId);
    const existing = await tx.checkIn.findUnique({ where: { attendeeId } });
    if (existing) return { attendee, checkedInAt: existing.checkedInAt, recorded: null };
    if (attendee.checkedInAt) return { attendee, checkedInAt: attendee.checkedInAt, recorded: null };
    assertEventOpenForEngagement(eventStatus);
    assertAttendeeNotRevoked(attendee);

    const now = new Date();
    await tx.checkIn.create({ data: { attendeeId, eventId: attendee.eventId, checkedInAt: now } });
    await tx.attendee.update({ where: { id: attendeeId }, data: { checkedInAt: now, updatedAt: now } });
    const updated: AttendeeRow = { ...attendee, checkedInAt: now, updatedAt: now };
    const id = await announce({ type: "attendee.checked_in", data: attendeePayload(updated) });
    await recordAudit(tx, orgId, actor, {
      action: "attendee.checked_in",
      target: { type: "attendee", id: attendeeId, label: attendee.displayName },
      summary: { checkedInAt: now.toISOString() },
    });
    return { attendee: updated, checkedInAt: now, recorded: id };
  });
  return { attendee: result.attendee, checkedInAt: result.checkedInAt, created: result.recorded !== null };
}
