import { AppError } from "@/lib/platform/errors/app-error";
import type { AttendeeRow } from "@/lib/domain/resources/projections";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { change } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";
import { CHECK_IN_UNDO_WINDOW_MS, canUndoCheckIn } from "./check-in-window";
import { assertEventOpenForEngagement, lockOrgAttendee } from "./engagement-rows";

/**
 * Takes back a mistaken check-in within CHECK_IN_UNDO_WINDOW_MS: the CheckIn row is
 * deleted, checkedInAt goes back to null, and `attendee.updated` is recorded with
 * `checkedInAt: null` (there is no "checked out" event; partners that keep arrivals apply
 * the update). Later than that the arrival stands (409 undo_window_passed).
 */
export async function undoCheckIn(orgId: string, attendeeId: string, actor: Actor, now: Date = new Date()): Promise<{ attendee: AttendeeRow }> {
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const { eventStatus, ...attendee } = await lockOrgAttendee(tx, orgId, attendeeId);
    if (!attendee.checkedInAt) {
      throw new AppError("CONFLICT", `${attendee.displayName} is not checked in.`, { reason: "not_checked_in" });
    }
    if (!canUndoCheckIn(attendee.checkedInAt, now)) {
      throw new AppError("CONFLICT", `${attendee.displayName}'s check-in is more than ${CHECK_IN_UNDO_WINDOW_MS / 60_000} minutes old and stands.`, {
        reason: "undo_window_passed",
      });
    }
    assertEventOpenForEngagement(eventStatus);
    await tx.checkIn.deleteMany({ where: { attendeeId } });
    await tx.attendee.update({ where: { id: attendeeId }, data: { checkedInAt: null, updatedAt: now } });
    const updated: AttendeeRow = { ...attendee, checkedInAt: null, updatedAt: now };
    await announce({ type: "attendee.updated", data: attendeePayload(updated) });
    await recordAudit(tx, orgId, actor, {
      action: "attendee.check_in_undone",
      target: { type: "attendee", id: attendeeId, label: attendee.displayName },
      summary: change("checkedInAt", attendee.checkedInAt, null),
    });
    return updated;
  });
  return { attendee: result };
}
