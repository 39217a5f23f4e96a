import { AppError } from "@/lib/platform/errors/app-error";
import { toAttendee, type AttendeeRow } from "@/lib/domain/resources/projections";
import type { AttendeeResource } from "@/lib/domain/resources/resources";
import { assertTransition, restoredAttendeeStatus, type AttendeeStatus } from "@/lib/domain/transitions/state-tables";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { change } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";
import { previousAttributes } from "@/lib/domain/webhooks/previous-attributes";
import type { Tx } from "@/lib/platform/db/write-transaction";
import { ATTENDEE_RETURNING } from "./attendee-sql";
import { assertEventWritable, lockEventForAttendeeWrite } from "./writable-event";

// Shared by revokeAttendee and restoreAttendee: locks the event (FOR SHARE) and the
// attendee, lets the caller pick the target status from the locked row, checks the move
// against the attendee state table and records `attendee.updated` with the new status.
// A target equal to the current status changes nothing and records nothing.

type LockedForStatus = AttendeeRow & { userId: string | null };

async function lockAttendeeWithUser(tx: Tx, eventId: string, attendeeId: string): Promise<LockedForStatus | null> {
  const rows = await tx.$queryRaw<LockedForStatus[]>`
    SELECT ${ATTENDEE_RETURNING}, a."userId" FROM "Attendee" a
    WHERE a.id = ${attendeeId}::uuid AND a."eventId" = ${eventId}::uuid
    FOR UPDATE`;
  return rows[0] ?? null;
}

export async function setAttendeeStatus(
  orgId: string,
  eventId: string,
  attendeeId: string,
  target: (current: LockedForStatus) => AttendeeStatus | null,
  actor: Actor,
): Promise<{ attendee: AttendeeResource; changed: boolean }> {
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const eventStatus = await lockEventForAttendeeWrite(tx, orgId, eventId);
    const current = await lockAttendeeWithUser(tx, eventId, attendeeId);
    if (!current) throw new AppError("NOT_FOUND", "No such attendee.");
    assertEventWritable(eventStatus);
    const { userId: _userId, ...row } = current;
    const next = target(current);
    if (next === null || next === current.status) return { row, recorded: null };
    assertTransition("attendee", current.status, next);

    const rows = await tx.$queryRaw<AttendeeRow[]>`
      UPDATE "Attendee" AS a
      SET status = ${next}::"AttendeeStatus",
          "updatedAt" = GREATEST(clock_timestamp(), a."updatedAt" + interval '1 millisecond')
      WHERE a.id = ${attendeeId}::uuid
      RETURNING ${ATTENDEE_RETURNING}`;
    const data = attendeePayload(rows[0]);
    const id = await announce({ type: "attendee.updated", data, previousAttributes: previousAttributes(attendeePayload(row), data) });
    await recordAudit(tx, orgId, actor, {
      action: next === "revoked" ? "attendee.revoked" : current.status === "revoked" ? "attendee.restored" : "attendee.status_changed",
      target: { type: "attendee", id: attendeeId, label: row.displayName },
      summary: change("status", current.status, next),
    });
    return { row: rows[0], recorded: id };
  });
  return { attendee: toAttendee(result.row), changed: result.recorded !== null };
}

/**
 * Takes an attendee off the guest list without deleting them: status becomes revoked,
 * their check-in, scans, answers and feedback stay, and new engagement is refused
 * (409 attendee_revoked). Records `attendee.updated` with status "revoked"; revoking a
 * revoked attendee changes nothing. 404 for another organization's event or attendee,
 * 409 event_archived on an archived event.
 */
export function revokeAttendee(orgId: string, eventId: string, attendeeId: string, actor: Actor) {
  return setAttendeeStatus(orgId, eventId, attendeeId, () => "revoked", actor);
}

/**
 * Puts a revoked attendee back on the guest list: active when a user had claimed the
 * badge, invited otherwise. Records `attendee.updated` with the new status; restoring
 * an attendee who is not revoked changes nothing.
 */
export function restoreAttendee(orgId: string, eventId: string, attendeeId: string, actor: Actor) {
  return setAttendeeStatus(orgId, eventId, attendeeId, (current) => (current.status === "revoked" ? restoredAttendeeStatus(current) : null), actor);
}
