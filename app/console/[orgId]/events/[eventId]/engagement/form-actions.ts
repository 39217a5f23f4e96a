"use server";

import { consoleAction } from "@/lib/console/action";
import type { Actor } from "@/lib/domain/audit/record";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { jsonField } from "@/lib/console/form-json";
import { formText } from "@/lib/console/run-action";
import { createForm, deleteForm, updateForm, type FormInput } from "@/lib/domain/engagement/form-definition";

// Thin: each action checks the admin of the organization named in the form and calls one
// form-definition operation, which scopes the event or form to that organization and
// applies the opened-form rule (field keys never change once answers may exist).

const text = (formData: FormData, name: string) => formText(formData, name) ?? "";

function definition(formData: FormData): FormInput {
  return {
    name: text(formData, "name"),
    description: text(formData, "description"),
    // Checked field by field by the operation's schema.
    fields: (jsonField(formData, "fields") ?? []) as FormInput["fields"],
  };
}

function asAdmin(formData: FormData, body: (orgId: string, actor: Actor) => Promise<string>): Promise<ActionResult<null>> {
  return consoleAction(async ({ orgId, actor }) => ({ message: await body(orgId, actor), data: null }), { refresh: "events" })(null, formData);
}

export async function createFormAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return asAdmin(formData, async (orgId, actor) => {
    const form = await createForm(orgId, text(formData, "eventId"), definition(formData), actor);
    return `Form “${form.name}” added as a draft. Open it when attendees may answer.`;
  });
}

export async function updateFormAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return asAdmin(formData, async (orgId, actor) => {
    const form = await updateForm(orgId, text(formData, "id"), definition(formData), actor);
    return `Form “${form.name}” saved.`;
  });
}

export async function deleteFormAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return asAdmin(formData, async (orgId, actor) => {
    const form = await deleteForm(orgId, text(formData, "id"), actor);
    return `Draft form “${form.name}” deleted.`;
  });
}
