import { validationError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/domain/audit/record";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { sessionPayload } from "@/lib/domain/webhooks/payloads";
import { auditSessionCreated, sessionView } from "./session-audit";
import { createSessionSchema, type CreateSessionInput } from "./session-input";
import { assertSpeakersOfEvent, replaceSessionSpeakers } from "./session-speakers";
import { assertNotArchived, assertTrackOfEvent, lockEventForProgrammeWrite, type SessionRow } from "./session-rows";
import { refuseConflicts } from "./session-conflicts";

/**
 * Adds a session to an event's programme and records `session.created` with it. With
 * `options.tx` it runs in the caller's transaction and leaves the fan-out of the event to
 * the caller (it is not committed yet); otherwise in its own, and fans out after commit.
 */
export async function createSession(
  orgId: string,
  eventId: string,
  input: CreateSessionInput,
  /**
   * Who made the change, for the audit log; null for an import (its data source is
   * recorded with the sessions it links), which shares this operation.
   */
  actor: Actor | null,
  options: {
    tx?: Prisma.TransactionClient;
    /** Refuse a double-booked room or speaker (409 programme_conflict) instead of saving: the console asks first. */
    refuseConflicts?: boolean;
  } = {},
): Promise<SessionRow> {
  const parsed = createSessionSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const fields = parsed.data;

  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    assertNotArchived(await lockEventForProgrammeWrite(tx, orgId, eventId));
    await assertTrackOfEvent(tx, eventId, fields.trackId);
    await assertSpeakersOfEvent(tx, eventId, fields.speakerIds ?? []);
    if (options.refuseConflicts) {
      await refuseConflicts(tx, { eventId, startAt: fields.startAt, endAt: fields.endAt, room: fields.room ?? null, speakerIds: fields.speakerIds ?? [] });
    }
    const session = await tx.session.create({
      data: {
        eventId,
        title: fields.title,
        description: fields.description ?? "",
        type: fields.type,
        startAt: fields.startAt,
        endAt: fields.endAt,
        trackId: fields.trackId ?? null,
        room: fields.room ?? null,
        capacity: fields.capacity ?? null,
      },
      omit: { createdAt: true, updatedAt: true },
    });
    await replaceSessionSpeakers(tx, session.id, fields.speakerIds ?? []);
    await announce({ type: "session.created", data: sessionPayload(session) });
    if (actor) await auditSessionCreated(tx, orgId, actor, session, await sessionView(tx, session, fields.speakerIds ?? []));
    return session;
  }, options);
  return result;
}
