import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { FormFieldSchema, FormSchema } from "@/lib/domain/resources/resources";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";
import { FIELD_KEY, FORM_FIELD_TYPES, readFormFields } from "./form-field-types";
import { lockEventList, lockItem, parseInput } from "@/lib/domain/programme/event-items";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { changedAnything, fieldChanges } from "@/lib/domain/audit/summary";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

// An organizer's form definition (name, description, fields in the order asked). The
// fields are the Partner API's Form and FormField (the projection schemas), narrowed to
// what an organizer writes. While a form is a draft everything may change. Once it has
// been opened answers are stored under its field keys (the spec), so every existing key
// stays, with its type; labels, required and the order may change, and fields may be added.

export const MAX_FORM_FIELDS = 100;

const fieldShape = FormFieldSchema.shape;

export const formFieldInputSchema = z.strictObject({
  key: fieldShape.key.trim().regex(FIELD_KEY, "Start with a lowercase letter; then lowercase letters, digits or _ (at most 63)."),
  label: fieldShape.label.trim().min(1, "Give the field a label.").max(300).refine(...refuseControlCharacters("label")),
  type: fieldShape.type,
  required: fieldShape.required,
});

export const formInputSchema = z.strictObject({
  name: FormSchema.shape.name.trim().min(1, "Give the form a name.").max(200).refine(...refuseControlCharacters("name")),
  description: FormSchema.shape.description.trim().max(5_000).refine(...refuseControlCharacters("description", { multiline: true })).optional(),
  fields: z
    .array(formFieldInputSchema)
    .max(MAX_FORM_FIELDS, `At most ${MAX_FORM_FIELDS} fields.`)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field.key)) ctx.addIssue({ code: "custom", path: [index, "key"], message: `Another field already uses the key “${field.key}”.` });
        seen.add(field.key);
      });
    }),
});

export type FormInput = z.input<typeof formInputSchema>;
type StoredField = z.output<typeof formFieldInputSchema>;

const columns = { id: true, eventId: true, name: true, description: true, status: true, fields: true } as const;

/**
 * Types come from the spec's list, except that a field an opened form already has keeps
 * its stored type (which may be one this build does not know yet).
 */
function checkTypes(fields: StoredField[], stored: Map<string, string>) {
  const issues = fields.flatMap((field, index) =>
    (FORM_FIELD_TYPES as readonly string[]).includes(field.type) || stored.get(field.key) === field.type
      ? []
      : [{ code: "custom" as const, path: ["fields", index, "type"], message: "Choose one of the field types.", input: field.type }],
  );
  if (issues.length) throw validationError(issues);
}

/** Once opened, every stored key stays, with its type. */
function checkOpenedKeys(fields: StoredField[], stored: StoredField[]) {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const missing = stored.filter((field) => !byKey.has(field.key)).map((field) => field.key);
  if (missing.length) {
    throw new AppError(
      "CONFLICT",
      `This form has been opened, so answers may be stored under its field keys: ${missing.map((key) => `“${key}”`).join(", ")} must stay. Change labels, required or the order instead.`,
      { reason: "form_field_locked", keys: missing },
    );
  }
  const retyped = stored.filter((field) => byKey.get(field.key)!.type !== field.type).map((field) => field.key);
  if (retyped.length) {
    throw new AppError("CONFLICT", `This form has been opened: the type of ${retyped.map((key) => `“${key}”`).join(", ")} cannot change.`, {
      reason: "form_field_locked",
      keys: retyped,
    });
  }
}

/** A form as its audit entry shows it: the fields as "key (type)" in order, the description as an excerpt. */
function formView(form: { name: string; description: string; status: string; fields: unknown }) {
  const fields = readFormFields(form.fields).map((field) => `${field.key} (${field.type}${field.required ? ", required" : ""}): ${field.label}`);
  return { name: form.name, status: form.status, fields, description: form.description };
}

const AUDITED = ["name", "status", "fields", "description"] as const;

/** A new form, as a draft (it accepts answers once opened). */
export async function createForm(orgId: string, eventId: string, input: FormInput, actor: Actor) {
  const fields = parseInput(formInputSchema, input);
  checkTypes(fields.fields, new Map());
  return getDb().$transaction(async (tx) => {
    await lockEventList(tx, orgId, eventId, "Form");
    const form = await tx.form.create({
      data: { eventId, name: fields.name, description: fields.description ?? "", fields: fields.fields },
      select: columns,
    });
    await recordAudit(tx, orgId, actor, { action: "form.created", target: { type: "form", id: form.id, label: form.name }, summary: formView(form) });
    return form;
  }, WRITE_TRANSACTION);
}

/** Replaces the form's name, description and fields (in the order given), under the opened-form rule. */
export async function updateForm(orgId: string, formId: string, input: FormInput, actor: Actor) {
  const fields = parseInput(formInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "Form", formId);
    const current = await tx.form.findUniqueOrThrow({ where: { id: formId }, select: columns });
    const stored = readFormFields(current.fields);
    checkTypes(fields.fields, new Map(current.status === "draft" ? [] : stored.map((field) => [field.key, field.type])));
    if (current.status !== "draft") checkOpenedKeys(fields.fields, stored);
    const form = await tx.form.update({
      where: { id: formId },
      data: { name: fields.name, description: fields.description ?? "", fields: fields.fields },
      select: columns,
    });
    const summary = fieldChanges(formView(current), formView(form), AUDITED);
    if (changedAnything(summary)) await recordAudit(tx, orgId, actor, { action: "form.updated", target: { type: "form", id: formId, label: form.name }, summary });
    return form;
  }, WRITE_TRANSACTION);
}

/** Deletes a draft form (no one has answered it); an opened form is closed instead. */
export async function deleteForm(orgId: string, formId: string, actor: Actor) {
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "Form", formId);
    const form = await tx.form.findUniqueOrThrow({ where: { id: formId }, select: columns });
    if (form.status !== "draft") {
      throw new AppError("CONFLICT", "Only a draft form can be deleted; close an opened form instead, which keeps its answers.", { reason: "form_not_draft" });
    }
    await tx.form.delete({ where: { id: formId } });
    const { name, fields } = formView(form);
    await recordAudit(tx, orgId, actor, { action: "form.deleted", target: { type: "form", id: formId, label: form.name }, summary: { name, fields } });
    return form;
  }, WRITE_TRANSACTION);
}
