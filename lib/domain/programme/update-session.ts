import { validationError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/domain/audit/record";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { sessionPayload } from "@/lib/domain/webhooks/payloads";
import { previousAttributes } from "@/lib/domain/webhooks/previous-attributes";
import { auditSessionUpdated, sessionView } from "./session-audit";
import { updateSessionSchema, type UpdateSessionInput } from "./session-input";
import { assertSpeakersOfEvent, replaceSessionSpeakers, sameOrder, sessionSpeakerIds } from "./session-speakers";
import { assertNotArchived, assertTrackOfEvent, lockOrgSession, type SessionRow } from "./session-rows";
import { refuseConflicts } from "./session-conflicts";

const FIELDS = ["title", "description", "type", "startAt", "endAt", "trackId", "room", "capacity"] as const;

function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

/**
 * Changes a session (speakerIds replaces its speakers in billing order). A change records `session.updated` (the session after the change,
 * without speakerIds); a request that changes nothing records nothing. With `options.tx` it
 * runs in the caller's transaction and leaves the fan-out of the event to the caller (it
 * is not committed yet); otherwise in its own, and fans out after commit.
 */
export async function updateSession(
  orgId: string,
  sessionId: string,
  input: UpdateSessionInput,
  /**
   * Who made the change, for the audit log; null for an import (its data source is
   * recorded with the sessions it links), which shares this operation.
   */
  actor: Actor | null,
  options: {
    tx?: Prisma.TransactionClient;
    /**
     * Refuse a change of time, room or speakers that double-books a room or speaker (409
     * programme_conflict): the console asks first. Other edits of a session that already
     * overlaps are not held up.
     */
    refuseConflicts?: boolean;
  } = {},
): Promise<{ session: SessionRow; changed: boolean }> {
  const parsed = updateSessionSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);

  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const { eventStatus, ...current } = await lockOrgSession(tx, orgId, sessionId);
    assertNotArchived(eventStatus);
    const changes: Partial<SessionRow> = {};
    for (const field of FIELDS) {
      const value = parsed.data[field];
      if (value !== undefined && !sameValue(value, current[field])) Object.assign(changes, { [field]: value });
    }
    const speakerIds = parsed.data.speakerIds;
    const speakersChanged = speakerIds !== undefined && !sameOrder(speakerIds, await sessionSpeakerIds(tx, sessionId));
    if (Object.keys(changes).length === 0 && !speakersChanged) return { session: current, recorded: null };
    const before = actor ? await sessionView(tx, current, await sessionSpeakerIds(tx, sessionId)) : null;

    const startAt = changes.startAt ?? current.startAt;
    const endAt = changes.endAt ?? current.endAt;
    if (endAt.getTime() <= startAt.getTime()) {
      const path = parsed.data.endAt !== undefined ? "endAt" : "startAt";
      throw validationError([{ code: "custom", path: [path], message: "The session must end after it starts.", input: parsed.data[path] }]);
    }
    if (changes.trackId) await assertTrackOfEvent(tx, current.eventId, changes.trackId);
    if (speakersChanged) await assertSpeakersOfEvent(tx, current.eventId, speakerIds);
    const booking = changes.startAt !== undefined || changes.endAt !== undefined || changes.room !== undefined || speakersChanged;
    if (options.refuseConflicts && booking) {
      const room = changes.room !== undefined ? changes.room : current.room;
      await refuseConflicts(tx, { eventId: current.eventId, sessionId, startAt, endAt, room, speakerIds: speakerIds ?? (await sessionSpeakerIds(tx, sessionId)) });
    }
    if (speakersChanged) await replaceSessionSpeakers(tx, sessionId, speakerIds);

    const session = await tx.session.update({
      where: { id: sessionId },
      // updatedAt set explicitly: a change of speakers alone leaves the row's columns as they were.
      data: { ...changes, updatedAt: new Date() },
      omit: { createdAt: true, updatedAt: true },
    });
    const data = sessionPayload(session);
    const id = await announce({ type: "session.updated", data, previousAttributes: previousAttributes(sessionPayload(current), data) });
    if (actor && before) await auditSessionUpdated(tx, orgId, actor, session, before, await sessionView(tx, session, await sessionSpeakerIds(tx, sessionId)));
    return { session, recorded: id };
  }, options);

  return { session: result.session, changed: result.recorded !== null };
}
