import { sqlQuery } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttendeeRow } from "@/lib/domain/resources/projections";

// SQL shared by the attendee write operations. Only projected columns come back, so
// internal ones (qrToken, inviteCode, userId) never reach a response or webhook body.

export type Tx = Prisma.TransactionClient;

/** An event's status as guest-list writes see it (writable-event.ts decides what each allows). */
export type EventWriteState = "draft" | "published" | "archived";

/** Columns of a row aliased `a`, shaped for toAttendee / attendeePayload. */
export const ATTENDEE_RETURNING = Prisma.raw(`a.id, a."eventId", a."displayName", a.email::text AS email, a.company,
  a."jobTitle", a.status::text AS status, a."visibleInList", a."badgeCode", a."invitedAt", a."checkedInAt", a."createdAt",
  a."updatedAt"`);


/**
 * In one statement, without locks: the event's status (null when the event is missing or
 * another organization's) and the attendee row (null when it is not on that event). A
 * change computed from it is written only if the row is still exactly this one
 * (apply-attendee-changes.ts).
 */
export async function readAttendeeForChange(
  orgId: string,
  eventId: string,
  attendeeId: string,
): Promise<{ eventStatus: EventWriteState | null; attendee: AttendeeRow | null }> {
  const [row] = await sqlQuery<Partial<AttendeeRow> & { eventStatus: EventWriteState | null }>(Prisma.sql`
    WITH ev AS (
      SELECT e.status::text AS status FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${orgId}::uuid
    ), att AS (
      SELECT ${ATTENDEE_RETURNING} FROM "Attendee" a
      WHERE a.id = ${attendeeId}::uuid AND a."eventId" = ${eventId}::uuid AND EXISTS (SELECT 1 FROM ev)
    )
    SELECT (SELECT status FROM ev) AS "eventStatus", att.* FROM (SELECT 1) AS one LEFT JOIN att ON true`);
  const { eventStatus, ...attendee } = row;
  return { eventStatus, attendee: attendee.id ? (attendee as AttendeeRow) : null };
}
