"use server";

import { consoleAction, type FormFields } from "@/lib/console/action";
import { wallClockToIso } from "@/lib/platform/time/time-zone";
import { createSession } from "@/lib/domain/programme/create-session";
import { deleteSession } from "@/lib/domain/programme/delete-session";
import type { SessionType } from "@/lib/domain/programme/session-input";
import { updateSession } from "@/lib/domain/programme/update-session";

// Thin: each action checks the admin of the organization named in the form and calls one
// lib/domain/programme operation, which scopes the event or session to that organization, applies
// the session rules the import and the CLI use, and records the webhook in the same
// transaction.

/** Empty means uncapped; anything else goes to the operation's schema as typed (a number when it is one). */
function capacityField(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The session form's fields as the operations' input; dates are the venue's wall clock. */
function sessionFields(form: FormFields) {
  const timezone = form.text("timezone");
  return {
    title: form.text("title"),
    // Checked against the spec's types by the operation's schema.
    type: form.text("type") as SessionType,
    startAt: wallClockToIso(form.text("startAt"), timezone),
    endAt: wallClockToIso(form.text("endAt"), timezone),
    description: form.text("description"),
    room: form.text("room"),
    trackId: form.text("trackId") || null,
    // Typed loosely: a non-number reaches the operation's schema, which names the field.
    capacity: capacityField(form.text("capacity")) as number | null,
    speakerIds: form.data.getAll("speakerIds").filter((value): value is string => typeof value === "string"),
  };
}

/** Until the admin has seen the double bookings and chosen "Save anyway", they are refused with a warning. */
const conflictOptions = (form: FormFields) => ({ refuseConflicts: form.text("confirmConflicts") !== "1" });

export const createSessionAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const session = await createSession(orgId, form.text("eventId"), sessionFields(form), actor, conflictOptions(form));
  return { message: `“${session.title}” added to the programme. Subscribed endpoints receive session.created.`, data: null };
}, { refresh: "events" });

export const updateSessionAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { session, changed } = await updateSession(orgId, form.text("sessionId"), sessionFields(form), actor, conflictOptions(form));
  return { message: changed ? `“${session.title}” saved. Subscribed endpoints receive session.updated.` : "Nothing changed.", data: null };
}, { refresh: "events" });

export const deleteSessionAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const session = await deleteSession(orgId, form.text("sessionId"), actor);
  return { message: `“${session.title}” deleted from the programme.`, data: null };
}, { refresh: "events" });
