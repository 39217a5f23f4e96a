import { z } from "zod";
import { AppError } from "@/lib/platform/errors/app-error";
import type { AttendeeRow } from "@/lib/domain/resources/projections";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { snapshot } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * Removes an attendee for good (console and operator only; the Partner API has no
 * delete). Their check-in, door scans and form answers go with them; feedback they wrote
 * stays with attendeeId cleared. Records `attendee.deleted` carrying the attendee as it
 * was (projection with badgeCode, without createdAt/updatedAt). An archived event's guest
 * list is read-only (409 event_archived), as for the other guest-list writes.
 */
export async function deleteAttendee(orgId: string, attendeeId: string, actor: Actor): Promise<AttendeeRow> {
  if (!isUuid(attendeeId) || !isUuid(orgId)) throw new AppError("NOT_FOUND", "No such attendee.");
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const rows = await tx.$queryRaw<(AttendeeRow & { eventStatus: string })[]>`
      SELECT a.id, a."eventId", a."displayName", a.email::text AS email, a.company, a."jobTitle", a.status::text AS status,
             a."visibleInList", a."badgeCode", a."invitedAt", a."checkedInAt", a."createdAt", a."updatedAt",
             e.status::text AS "eventStatus"
      FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId"
      WHERE a.id = ${attendeeId}::uuid AND e."orgId" = ${orgId}::uuid
      FOR UPDATE OF a`;
    const found = rows[0];
    if (!found) throw new AppError("NOT_FOUND", "No such attendee.");
    const { eventStatus, ...attendee } = found;
    if (eventStatus === "archived") {
      throw new AppError("CONFLICT", "The event is archived; its guest list is read-only.", { reason: "event_archived" });
    }
    await tx.attendee.delete({ where: { id: attendeeId } });
    await announce({ type: "attendee.deleted", data: attendeePayload(attendee) });
    await recordAudit(tx, orgId, actor, {
      action: "attendee.deleted",
      target: { type: "attendee", id: attendeeId, label: attendee.displayName },
      summary: snapshot(attendee, ["displayName", "email", "status", "checkedInAt"]),
    });
    return attendee;
  });
  return result;
}
