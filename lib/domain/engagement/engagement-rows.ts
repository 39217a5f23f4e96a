import { z } from "zod";
import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttendeeRow } from "@/lib/domain/resources/projections";

// Row access shared by the engagement writes (check-in, door scan, form answers, feedback).
// Each write locks the attendee row first, so writes for one attendee queue instead of
// racing (a double scan or two first submissions become one row, one webhook).

export type Tx = Prisma.TransactionClient;

export const isUuid = (value: string) => z.uuid().safeParse(value).success;

export type LockedAttendee = AttendeeRow & { eventStatus: string };

/** The attendee when its event is the organization's, row-locked; otherwise 404. */
export async function lockOrgAttendee(tx: Tx, orgId: string, attendeeId: string): Promise<LockedAttendee> {
  if (!isUuid(attendeeId) || !isUuid(orgId)) throw new AppError("NOT_FOUND", "No such attendee.");
  const rows = await tx.$queryRaw<LockedAttendee[]>`
    SELECT a.id, a."eventId", a."displayName", a.email::text AS email, a.company, a."jobTitle", a.status::text AS status,
           a."visibleInList", a."badgeCode", a."invitedAt", a."checkedInAt", a."createdAt", a."updatedAt",
           e.status::text AS "eventStatus"
    FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId"
    WHERE a.id = ${attendeeId}::uuid AND e."orgId" = ${orgId}::uuid
    FOR UPDATE OF a`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "No such attendee.");
  return rows[0];
}

/** The engagement record of an archived event is closed. */
export function assertEventOpenForEngagement(status: string): void {
  if (status === "archived") {
    throw new AppError("CONFLICT", "The event is archived; its engagement record is closed.", { reason: "event_archived" });
  }
}

/** A revoked attendee was removed by the organiser: no check-in, scan or answers. */
export function assertAttendeeNotRevoked(attendee: { status: string }): void {
  if (attendee.status === "revoked") {
    throw new AppError("CONFLICT", "This attendee was removed from the guest list.", { reason: "attendee_revoked" });
  }
}

