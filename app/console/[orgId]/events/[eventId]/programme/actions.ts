"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { requireAdmin } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { wallClockToIso } from "@/lib/events/zoned-date-time";
import { createSession } from "@/lib/programme/create-session";
import { deleteSession } from "@/lib/programme/delete-session";
import type { SessionType } from "@/lib/programme/session-input";
import { updateSession } from "@/lib/programme/update-session";

// Thin: each action checks the admin of the organization named in the form and calls one
// lib/programme operation, which scopes the event or session to that organization, applies
// the session rules the import and the CLI use, and records the webhook in the same
// transaction.

const text = (formData: FormData, name: string) => formText(formData, name) ?? "";

/** Empty means uncapped; anything else goes to the operation's schema as typed (a number when it is one). */
function capacityField(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The session form's fields as the operations' input; dates are the venue's wall clock. */
function sessionFields(formData: FormData) {
  const timezone = text(formData, "timezone");
  return {
    title: text(formData, "title"),
    // Checked against the spec's types by the operation's schema.
    type: text(formData, "type") as SessionType,
    startAt: wallClockToIso(text(formData, "startAt"), timezone),
    endAt: wallClockToIso(text(formData, "endAt"), timezone),
    description: text(formData, "description"),
    room: text(formData, "room"),
    trackId: text(formData, "trackId") || null,
    // Typed loosely: a non-number reaches the operation's schema, which names the field.
    capacity: capacityField(text(formData, "capacity")) as number | null,
    speakerIds: formData.getAll("speakerIds").filter((value): value is string => typeof value === "string"),
  };
}

export async function createSessionAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const session = await createSession(orgId, text(formData, "eventId"), sessionFields(formData));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: `“${session.title}” added to the programme. Subscribed endpoints receive session.created.`, data: null };
  });
}

export async function updateSessionAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const { session, changed } = await updateSession(orgId, text(formData, "sessionId"), sessionFields(formData));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? `“${session.title}” saved. Subscribed endpoints receive session.updated.` : "Nothing changed.", data: null };
  });
}

export async function deleteSessionAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const session = await deleteSession(orgId, text(formData, "sessionId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: `“${session.title}” deleted from the programme.`, data: null };
  });
}
