import { validationError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Announce } from "@/lib/domain/webhooks/commit-and-announce";
import { sessionPayload } from "@/lib/domain/webhooks/payloads";
import { SESSION_COLUMNS, type SessionRow } from "./session-rows";

// A session's speakers in billing order (SessionSpeaker.position = the index in
// speakerIds, which is how the Partner API serves them).

/** The speaker ids of a session in billing order. */
export async function sessionSpeakerIds(tx: Prisma.TransactionClient, sessionId: string): Promise<string[]> {
  const links = await tx.sessionSpeaker.findMany({ where: { sessionId }, orderBy: { position: "asc" }, select: { speakerId: true } });
  return links.map((link) => link.speakerId);
}

/** Every id must name a speaker of the session's event (another event's or organization's reads as unknown). */
export async function assertSpeakersOfEvent(tx: Prisma.TransactionClient, eventId: string, speakerIds: readonly string[]) {
  if (speakerIds.length === 0) return;
  const found = await tx.speaker.findMany({ where: { eventId, id: { in: [...speakerIds] } }, select: { id: true } });
  const known = new Set(found.map((speaker) => speaker.id));
  const index = speakerIds.findIndex((id) => !known.has(id));
  if (index >= 0) {
    throw validationError([{ code: "custom", path: ["speakerIds", index], message: "No such speaker in this event.", input: speakerIds[index] }]);
  }
}

/** Replaces the session's speakers with `speakerIds`, in that order. */
export async function replaceSessionSpeakers(tx: Prisma.TransactionClient, sessionId: string, speakerIds: readonly string[]) {
  await tx.sessionSpeaker.deleteMany({ where: { sessionId } });
  if (speakerIds.length) {
    await tx.sessionSpeaker.createMany({ data: speakerIds.map((speakerId, position) => ({ sessionId, speakerId, position })) });
  }
}

export const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Marks sessions changed whose speakers changed by another route (a speaker deleted):
 * updatedAt moves, so an incremental sync (updatedSince) sees the new speakerIds, and each
 * records session.updated.
 */
export async function touchSessions(tx: Prisma.TransactionClient, announce: Announce, sessionIds: readonly string[]): Promise<void> {
  for (const sessionId of sessionIds) {
    const [session] = await tx.$queryRaw<SessionRow[]>`
      UPDATE "Session" s SET "updatedAt" = now() WHERE s.id = ${sessionId}::uuid RETURNING ${SESSION_COLUMNS}`;
    if (!session) continue;
    await announce({ type: "session.updated", data: sessionPayload(session) });
  }
}
