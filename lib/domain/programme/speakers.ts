import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { SpeakerSchema } from "@/lib/domain/resources/resources";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { lockEventList, lockItem, parseInput } from "./event-items";
import { touchSessions } from "./session-speakers";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { changedAnything, fieldChanges, snapshot } from "@/lib/domain/audit/summary";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

// Speakers of an event. The fields are the Partner API's Speaker (the projection
// schema), narrowed to what an organizer writes here; photoPath belongs to photos
// uploaded through the service's apps and is never written by this console.

/** Optional single-line text: blank means unset (null), as the API serves it. */
const optionalLine = (schema: z.ZodString, label: string, max: number) =>
  schema
    .trim()
    .max(max)
    .refine(...refuseControlCharacters(label))
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();

/** An absolute https:// URL (the apps load it directly; plain http would be mixed content). */
export const httpsUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Use an absolute https:// link, such as https://example.com/photo.jpg.")
  // Stored as the URL parser writes it (line breaks dropped, quotes and U+2028 encoded).
  .transform((value) => (value === "" ? null : new URL(value).href))
  .nullable()
  .optional();

export const speakerInputSchema = z.strictObject({
  name: SpeakerSchema.shape.name.trim().min(1, "Give the speaker a name.").max(200).refine(...refuseControlCharacters("name")),
  title: optionalLine(SpeakerSchema.shape.title.unwrap(), "title", 200),
  company: optionalLine(SpeakerSchema.shape.company.unwrap(), "company", 200),
  bio: SpeakerSchema.shape.bio
    .unwrap()
    .trim()
    .max(10_000)
    .refine(...refuseControlCharacters("bio", { multiline: true }))
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional(),
  photoUrl: httpsUrlSchema,
});

export type SpeakerInput = z.input<typeof speakerInputSchema>;

const columns = { id: true, eventId: true, name: true, title: true, company: true, bio: true, photoUrl: true, photoPath: true } as const;

const data = (fields: z.output<typeof speakerInputSchema>) => ({
  name: fields.name,
  title: fields.title ?? null,
  company: fields.company ?? null,
  bio: fields.bio ?? null,
  photoUrl: fields.photoUrl ?? null,
});

/** What a speaker's audit entry shows (the bio as an excerpt). */
const AUDITED = ["name", "title", "company", "photoUrl", "bio"] as const;

export async function createSpeaker(orgId: string, eventId: string, input: SpeakerInput, actor: Actor) {
  const fields = parseInput(speakerInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockEventList(tx, orgId, eventId, "Speaker");
    const speaker = await tx.speaker.create({ data: { eventId, ...data(fields) }, select: columns });
    await recordAudit(tx, orgId, actor, { action: "speaker.created", target: { type: "speaker", id: speaker.id, label: speaker.name }, summary: snapshot(speaker, AUDITED) });
    return speaker;
  }, WRITE_TRANSACTION);
}

/** Replaces the speaker's fields; an uploaded photo (photoPath) stays as it is. */
export async function updateSpeaker(orgId: string, speakerId: string, input: SpeakerInput, actor: Actor) {
  const fields = parseInput(speakerInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "Speaker", speakerId);
    const before = await tx.speaker.findUniqueOrThrow({ where: { id: speakerId }, select: columns });
    const speaker = await tx.speaker.update({ where: { id: speakerId }, data: data(fields), select: columns });
    const summary = fieldChanges(before, speaker, AUDITED);
    if (changedAnything(summary)) await recordAudit(tx, orgId, actor, { action: "speaker.updated", target: { type: "speaker", id: speakerId, label: speaker.name }, summary });
    return speaker;
  }, WRITE_TRANSACTION);
}

/**
 * Deletes a speaker and detaches them from their sessions (the console confirms first,
 * naming the count). Each of those sessions' speakerIds changes, so each records
 * session.updated and moves its updatedAt; the remaining speakers keep their billing order
 * (positions may keep a gap, which ordering ignores).
 */
export async function deleteSpeaker(orgId: string, speakerId: string, actor: Actor) {
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    await lockItem(tx, orgId, "Speaker", speakerId);
    const links = await tx.sessionSpeaker.findMany({ where: { speakerId }, select: { sessionId: true }, orderBy: { sessionId: "asc" } });
    const speaker = await tx.speaker.delete({ where: { id: speakerId }, select: columns });
    const sessionIds = links.map((link) => link.sessionId);
    await touchSessions(tx, announce, sessionIds);
    await recordAudit(tx, orgId, actor, {
      action: "speaker.deleted",
      target: { type: "speaker", id: speakerId, label: speaker.name },
      summary: { ...snapshot(speaker, ["name", "company"]), sessionsDetached: sessionIds.length },
    });
    return { ...speaker, sessionCount: sessionIds.length };
  });
  return result;
}
