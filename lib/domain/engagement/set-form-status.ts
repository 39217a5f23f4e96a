import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { assertTransition, type FormStatus } from "@/lib/domain/transitions/state-tables";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { change } from "@/lib/domain/audit/summary";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { assertEventOpenForEngagement, isUuid } from "./engagement-rows";

// Opening and closing a form. The webhook catalogue has no form type, so a form's
// status change records no outbox row; partners read it from GET .../forms. The form row
// is locked so a submission in flight (which reads the status) finishes first.

const VERB: Record<FormStatus, string> = { draft: "drafted", open: "opened", closed: "closed" };

export async function setFormStatus(
  orgId: string,
  formId: string,
  next: FormStatus,
  actor: Actor,
): Promise<{ form: { id: string; eventId: string; status: FormStatus }; changed: boolean }> {
  if (!isUuid(formId) || !isUuid(orgId)) throw new AppError("NOT_FOUND", "No such form.");
  return getDb().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; eventId: string; name: string; status: FormStatus; eventStatus: string }[]>`
      SELECT f.id, f."eventId", f.name, f.status::text AS status, e.status::text AS "eventStatus"
      FROM "Form" f JOIN "Event" e ON e.id = f."eventId"
      WHERE f.id = ${formId}::uuid AND e."orgId" = ${orgId}::uuid
      FOR UPDATE OF f`;
    const current = rows[0];
    if (!current) throw new AppError("NOT_FOUND", "No such form.");
    const form = { id: current.id, eventId: current.eventId, status: current.status };
    if (current.status === next) return { form, changed: false };
    assertEventOpenForEngagement(current.eventStatus);
    assertTransition("form", current.status, next);
    await tx.form.update({ where: { id: formId }, data: { status: next } });
    await recordAudit(tx, orgId, actor, {
      action: `form.${VERB[next]}`,
      target: { type: "form", id: formId, label: current.name },
      summary: change("status", current.status, next),
    });
    return { form: { ...form, status: next }, changed: true };
  }, WRITE_TRANSACTION);
}
