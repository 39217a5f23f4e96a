import { AppError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

// Double bookings in an event's programme: another session in the same room, or with one of
// the same speakers, at an overlapping time (touching ends do not overlap). They are warnings,
// never rules: organizers know their event (a room split in two, a speaker on two panels),
// so the console asks once and saves on "Save anyway"; imports and the CLI never ask.

export type SessionConflict = {
  kind: "room" | "speaker";
  /** The room's name or the speaker's. */
  name: string;
  sessionId: string;
  title: string;
  startAt: Date;
  endAt: Date;
};

export type ConflictCandidate = {
  eventId: string;
  /** The session being edited, which never conflicts with itself. */
  sessionId?: string;
  startAt: Date;
  endAt: Date;
  room: string | null;
  speakerIds: readonly string[];
};

const MAX_REPORTED = 10;

export async function findSessionConflicts(tx: Prisma.TransactionClient, candidate: ConflictCandidate): Promise<SessionConflict[]> {
  const room = candidate.room?.trim() || null;
  const self = candidate.sessionId ?? "00000000-0000-0000-0000-000000000000";
  return tx.$queryRaw<SessionConflict[]>`
    SELECT * FROM (
      SELECT 'room' AS kind, s.room AS name, s.id AS "sessionId", s.title, s."startAt", s."endAt"
      FROM "Session" s
      WHERE s."eventId" = ${candidate.eventId}::uuid AND s.id <> ${self}::uuid
        AND ${room}::text IS NOT NULL AND lower(btrim(s.room)) = lower(${room}::text)
        AND s."startAt" < ${candidate.endAt} AND s."endAt" > ${candidate.startAt}
      UNION ALL
      SELECT 'speaker', sp.name, s.id, s.title, s."startAt", s."endAt"
      FROM "Session" s
      JOIN "SessionSpeaker" ss ON ss."sessionId" = s.id
      JOIN "Speaker" sp ON sp.id = ss."speakerId"
      WHERE s."eventId" = ${candidate.eventId}::uuid AND s.id <> ${self}::uuid
        AND ss."speakerId" = ANY(${[...candidate.speakerIds]}::uuid[])
        AND s."startAt" < ${candidate.endAt} AND s."endAt" > ${candidate.startAt}
    ) conflicts
    ORDER BY "startAt", title, kind, name
    LIMIT ${MAX_REPORTED}`;
}

/**
 * Refuses the write with 409 programme_conflict naming each double booking, when there is
 * one. The caller runs it inside the write's transaction, so a refusal writes nothing.
 */
export async function refuseConflicts(tx: Prisma.TransactionClient, candidate: ConflictCandidate): Promise<void> {
  const conflicts = await findSessionConflicts(tx, candidate);
  if (conflicts.length === 0) return;
  const [event] = await tx.$queryRaw<{ timezone: string }[]>`SELECT timezone FROM "Event" WHERE id = ${candidate.eventId}::uuid`;
  const timeZone = event?.timezone ?? "UTC";
  throw new AppError("CONFLICT", conflictMessage(conflicts, timeZone), {
    reason: "programme_conflict",
    conflicts: conflicts.map((conflict) => ({ ...conflict, startAt: conflict.startAt.toISOString(), endAt: conflict.endAt.toISOString() })),
  });
}

export function conflictMessage(conflicts: readonly SessionConflict[], timeZone: string): string {
  const sentences = conflicts.map((conflict) => {
    const when = timeRange(conflict.startAt, conflict.endAt, timeZone);
    return conflict.kind === "room"
      ? `${conflict.name} is also booked for “${conflict.title}” (${when}).`
      : `${conflict.name} also speaks in “${conflict.title}” (${when}).`;
  });
  return `${sentences.join(" ")} Times are the venue's (${timeZone}).`;
}

function timeRange(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const sameDay = day.format(start) === day.format(end);
  return sameDay ? `${day.format(start)}, ${time.format(start)}–${time.format(end)}` : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
}
