import { z } from "zod";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";

// Row access shared by the session operations: tenant checks and the archived rule.

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export type SessionRow = {
  id: string;
  eventId: string;
  title: string;
  description: string;
  type: string;
  startAt: Date;
  endAt: Date;
  trackId: string | null;
  room: string | null;
  capacity: number | null;
};

export const SESSION_COLUMNS = Prisma.raw(`s.id, s."eventId", s.title, s.description, s.type, s."startAt", s."endAt",
  s."trackId", s.room, s.capacity`);

/** The programme of an archived event is read-only, like its guest list. */
export function assertNotArchived(status: string): void {
  if (status === "archived") {
    throw new AppError("CONFLICT", "The event is archived; its programme is read-only.", { reason: "event_archived" });
  }
}

/** The event's status when it is the organization's (locked FOR SHARE), else 404. */
export async function lockEventForProgrammeWrite(tx: Prisma.TransactionClient, orgId: string, eventId: string): Promise<string> {
  if (!isUuid(eventId) || !isUuid(orgId)) throw new AppError("NOT_FOUND", "No such event.");
  const rows = await tx.$queryRaw<{ status: string }[]>`
    SELECT status::text AS status FROM "Event" WHERE id = ${eventId}::uuid AND "orgId" = ${orgId}::uuid FOR SHARE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "No such event.");
  return rows[0].status;
}

/** The session (row-locked) with its event's status, when the event is the organization's; else 404. */
export async function lockOrgSession(
  tx: Prisma.TransactionClient,
  orgId: string,
  sessionId: string,
): Promise<SessionRow & { eventStatus: string }> {
  if (!isUuid(sessionId) || !isUuid(orgId)) throw new AppError("NOT_FOUND", "No such session.");
  const rows = await tx.$queryRaw<(SessionRow & { eventStatus: string })[]>`
    SELECT ${SESSION_COLUMNS}, e.status::text AS "eventStatus"
    FROM "Session" s JOIN "Event" e ON e.id = s."eventId"
    WHERE s.id = ${sessionId}::uuid AND e."orgId" = ${orgId}::uuid
    FOR UPDATE OF s`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "No such session.");
  return rows[0];
}

/** A track id must name a track of the same event. */
export async function assertTrackOfEvent(tx: Prisma.TransactionClient, eventId: string, trackId: string | null | undefined) {
  if (!trackId) return;
  const track = await tx.track.findFirst({ where: { id: trackId, eventId }, select: { id: true } });
  if (!track) {
    throw validationError([{ code: "custom", path: ["trackId"], message: "No such track in this event.", input: trackId }]);
  }
}
