import { getDb } from "@/lib/db/client";
import { validationError } from "@/lib/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { dispatchSoon } from "@/lib/webhooks/dispatch";
import { recordWebhookEvent } from "@/lib/webhooks/outbox";
import { sessionPayload } from "@/lib/webhooks/payloads";
import { createSessionSchema, type CreateSessionInput } from "./session-input";
import { assertSpeakersOfEvent, replaceSessionSpeakers } from "./session-speakers";
import { assertNotArchived, assertTrackOfEvent, lockEventForProgrammeWrite, type SessionRow } from "./session-rows";

/**
 * Adds a session to an event's programme and records `session.created` with it. With
 * `options.tx` it runs in the caller's transaction and leaves the fan-out of the event to
 * the caller (it is not committed yet); otherwise in its own, and fans out after commit.
 */
export async function createSession(
  orgId: string,
  eventId: string,
  input: CreateSessionInput,
  options: { tx?: Prisma.TransactionClient } = {},
): Promise<SessionRow> {
  const parsed = createSessionSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const fields = parsed.data;

  const work = async (tx: Prisma.TransactionClient) => {
    assertNotArchived(await lockEventForProgrammeWrite(tx, orgId, eventId));
    await assertTrackOfEvent(tx, eventId, fields.trackId);
    await assertSpeakersOfEvent(tx, eventId, fields.speakerIds ?? []);
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
    const { id } = await recordWebhookEvent(tx, { orgId, type: "session.created", data: sessionPayload(session) });
    return { session, recorded: id };
  };
  if (options.tx) return (await work(options.tx)).session;
  const { session, recorded } = await getDb().$transaction(work, { maxWait: 10_000, timeout: 10_000 });

  await dispatchSoon([recorded]);
  return session;
}
