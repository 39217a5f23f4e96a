"use server";

import { redirect } from "next/navigation";
import { consoleAction, formFields } from "@/lib/console/action";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { updateAttendee } from "@/lib/domain/attendees/update-attendee";
import { removeAttendeeAction } from "../../actions";

// The attendee page's own actions. Edit is the Partner API's PATCH (same operation, same
// validation, attendee.updated in the same transaction); revoke, restore and check in are
// the guest list's actions, imported by the page as they are.

/**
 * The operation's messages name the API field ("displayName must …"); the form labels it
 * "Name". The API's reason code (invalid_body) is for partners, not for this form.
 */
const LABELS: Record<string, string> = { displayName: "Name", company: "Company", jobTitle: "Job title" };

function labelled<T>(result: ActionResult<T>): ActionResult<T> {
  if (result.ok || !result.fields) return result;
  const fields = Object.fromEntries(
    Object.entries(result.fields).map(([name, message]) => [name, LABELS[name] && message.startsWith(`${name} `) ? `${LABELS[name]}${message.slice(name.length)}` : message]),
  );
  const { reason: _reason, ...failure } = result;
  return { ...failure, fields };
}

const saveAttendee = consoleAction<null>(async ({ orgId, form, actor }) => {
  // All three are sent: a blank company or job title clears it (null), as in the API.
  const { attendee, changed } = await updateAttendee(orgId, form.text("eventId"), form.text("attendeeId"), {
    displayName: form.text("displayName"),
    company: form.text("company"),
    jobTitle: form.text("jobTitle"),
  }, actor);
  return { message: changed ? `${attendee.displayName} saved. Subscribed endpoints receive attendee.updated.` : "Nothing changed.", data: null };
}, { refresh: "events" });

export async function updateAttendeeAction(previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return labelled(await saveAttendee(previous, formData));
}

/**
 * Remove from the attendee's own page: the guest list's remove, then back to the guest
 * list, since the page of a removed attendee is a 404.
 */
export async function removeAttendeeFromPageAction(previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const result = await removeAttendeeAction(previous, formData);
  if (!result.ok) return result;
  const form = formFields(formData);
  redirect(`/console/${encodeURIComponent(form.text("orgId"))}/events/${encodeURIComponent(form.text("eventId"))}/guests`);
}
