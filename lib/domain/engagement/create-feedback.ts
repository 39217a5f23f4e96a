import { z } from "zod";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { toFeedback } from "@/lib/domain/resources/projections";
import type { FeedbackResource } from "@/lib/domain/resources/resources";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { feedbackPayload } from "@/lib/domain/webhooks/payloads";
import { assertEventOpenForEngagement, isUuid } from "./engagement-rows";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";

// Feedback kinds as the spec defines them: `rating` is a bare score, `review` a score
// plus a note, `feedback` and `suggestion` notes with no score.

export const FEEDBACK_KINDS = ["feedback", "suggestion", "rating", "review"] as const;

export const createFeedbackSchema = z
  .strictObject({
    eventId: z.string(),
    kind: z.enum(FEEDBACK_KINDS),
    rating: z.number().int().min(1).max(5).nullish(),
    comment: z
      .string()
      .trim()
      .max(5_000)
      .refine(...refuseControlCharacters("comment", { multiline: true }))
      .nullish()
      .transform((value) => (value ? value : null)),
    attendeeId: z.uuid().nullish(),
    sessionId: z.uuid().nullish(),
  })
  .superRefine((value, ctx) => {
    const scored = value.kind === "rating" || value.kind === "review";
    if (scored && (value.rating === null || value.rating === undefined)) {
      ctx.addIssue({ code: "custom", path: ["rating"], message: `A ${value.kind} needs a rating from 1 to 5.` });
    }
    if (!scored && value.rating !== null && value.rating !== undefined) {
      ctx.addIssue({ code: "custom", path: ["rating"], message: `A ${value.kind} carries no rating.` });
    }
    if (value.kind !== "rating" && !value.comment) {
      ctx.addIssue({ code: "custom", path: ["comment"], message: `A ${value.kind} needs a comment.` });
    }
  });

export type CreateFeedbackInput = z.input<typeof createFeedbackSchema>;

/**
 * Records feedback about an event (or one of its sessions) and `feedback.created`, whose
 * data is the feedback projection without attendeeId. attendeeId and sessionId, when
 * given, must belong to the same event (else 400 naming them). Its audit entry names the
 * kind and score, not the attendee's comment.
 */
export async function createFeedback(orgId: string, input: CreateFeedbackInput, actor: Actor): Promise<FeedbackResource> {
  const parsed = createFeedbackSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { eventId, kind, rating, comment, attendeeId, sessionId } = parsed.data;

  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const event =
      isUuid(eventId) && isUuid(orgId)
        ? (
            await tx.$queryRaw<{ status: string }[]>`
              SELECT status::text AS status FROM "Event" WHERE id = ${eventId}::uuid AND "orgId" = ${orgId}::uuid FOR SHARE`
          )[0]
        : undefined;
    if (!event) throw new AppError("NOT_FOUND", "No such event.");
    assertEventOpenForEngagement(event.status);
    if (attendeeId && !(await tx.attendee.findFirst({ where: { id: attendeeId, eventId }, select: { id: true } }))) {
      throw validationError([{ code: "custom", path: ["attendeeId"], message: "No such attendee in this event.", input: attendeeId }]);
    }
    if (sessionId && !(await tx.session.findFirst({ where: { id: sessionId, eventId }, select: { id: true } }))) {
      throw validationError([{ code: "custom", path: ["sessionId"], message: "No such session in this event.", input: sessionId }]);
    }
    const row = await tx.feedback.create({
      data: { eventId, kind, rating: rating ?? null, comment, attendeeId: attendeeId ?? null, sessionId: sessionId ?? null },
    });
    await announce({ type: "feedback.created", data: feedbackPayload(row) });
    await recordAudit(tx, orgId, actor, {
      action: "feedback.created",
      target: { type: "feedback", id: row.id, label: kind },
      summary: { kind, rating: rating ?? null, eventId, sessionId: sessionId ?? null, attendeeId: attendeeId ?? null },
    });
    return row;
  });
  return toFeedback(result);
}
