import { AppError, validationError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toFormSubmission } from "@/lib/domain/resources/projections";
import type { FormSubmissionResource } from "@/lib/domain/resources/resources";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { formSubmissionPayload } from "@/lib/domain/webhooks/payloads";
import { assertAttendeeNotRevoked, assertEventOpenForEngagement, isUuid, lockOrgAttendee } from "./engagement-rows";
import { checkAnswers, parseFormFields, sameAnswers } from "./form-answers";

/**
 * An attendee answers an open form. The first submission is revision 1; a correction
 * overwrites the answers, raises the revision by one and moves updatedAt (submittedAt
 * stays). Each records `form.submission.created` with its revision (there is no
 * form.submission.updated). Sending the same answers again changes nothing and records
 * nothing. Refused: a form that is not open (409 form_not_open), an attendee of another
 * event (400 naming attendeeId), answers that don't fit the fields (400 naming
 * `answers.<key>`). Its audit entry names the keys answered, never the answers.
 */
export async function submitForm(
  orgId: string,
  input: { formId: string; attendeeId: string; answers: unknown },
  actor: Actor,
): Promise<{ submission: FormSubmissionResource & { revision: number }; changed: boolean }> {
  const { formId, attendeeId } = input;
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    // The attendee row lock serialises this attendee's submissions: two first
    // submissions at once become revision 1 and 2, never a unique violation.
    const { eventStatus, ...attendee } = await lockOrgAttendee(tx, orgId, attendeeId);
    const form = isUuid(formId)
      ? await tx.form.findFirst({ where: { id: formId, event: { orgId } }, select: { id: true, eventId: true, name: true, status: true, fields: true } })
      : null;
    if (!form) throw new AppError("NOT_FOUND", "No such form.");
    if (form.eventId !== attendee.eventId) {
      throw validationError([
        { code: "custom", path: ["attendeeId"], message: "The attendee is not on the guest list of this form's event.", input: attendeeId },
      ]);
    }
    assertEventOpenForEngagement(eventStatus);
    if (form.status !== "open") {
      throw new AppError("CONFLICT", "This form does not accept answers.", { reason: "form_not_open", status: form.status });
    }
    assertAttendeeNotRevoked(attendee);
    const checked = checkAnswers(parseFormFields(form.fields), input.answers);
    if (!checked.ok) throw validationError(checked.issues);
    const answers = checked.answers as Prisma.InputJsonObject;

    const existing = await tx.formSubmission.findUnique({ where: { formId_attendeeId: { formId, attendeeId } } });
    if (existing && sameAnswers(existing.answers, answers)) return { row: existing, recorded: null };

    const now = new Date();
    const row = existing
      ? await tx.formSubmission.update({
          where: { id: existing.id },
          data: { answers, revision: existing.revision + 1, updatedAt: now },
        })
      : await tx.formSubmission.create({
          data: { formId, attendeeId, answers, revision: 1, submittedAt: now, updatedAt: now },
        });
    const id = await announce({ type: "form.submission.created", data: formSubmissionPayload({ ...row, eventId: form.eventId }) });
    await recordAudit(tx, orgId, actor, {
      action: existing ? "form_submission.revised" : "form_submission.created",
      target: { type: "form_submission", id: row.id, label: `${form.name}: ${attendee.displayName}` },
      summary: { form: form.name, attendee: attendee.displayName, revision: row.revision, answered: Object.keys(answers) },
    });
    return { row, recorded: id };
  });
  return {
    submission: { ...toFormSubmission(result.row), revision: result.row.revision },
    changed: result.recorded !== null,
  };
}
