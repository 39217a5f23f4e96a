"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { requireAdmin } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { updateAttendee } from "@/lib/domain/attendees/update-attendee";
import { removeAttendeeAction } from "../../actions";

// The attendee page's own actions. Edit is the Partner API's PATCH (same operation, same
// validation, attendee.updated in the same transaction); revoke, restore and check in are
// the guest list's actions, imported by the page as they are.

const text = (formData: FormData, name: string) => formText(formData, name) ?? "";

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

export async function updateAttendeeAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const result = await runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const eventId = text(formData, "eventId");
    // All three are sent: a blank company or job title clears it (null), as in the API.
    const { attendee, changed } = await updateAttendee(orgId, eventId, text(formData, "attendeeId"), {
      displayName: text(formData, "displayName"),
      company: text(formData, "company"),
      jobTitle: text(formData, "jobTitle"),
    });
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? `${attendee.displayName} saved. Subscribed endpoints receive attendee.updated.` : "Nothing changed.", data: null };
  });
  return labelled(result);
}

/**
 * Remove from the attendee's own page: the guest list's remove, then back to the guest
 * list, since the page of a removed attendee is a 404.
 */
export async function removeAttendeeFromPageAction(previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  const result = await removeAttendeeAction(previous, formData);
  if (!result.ok) return result;
  redirect(`/console/${encodeURIComponent(text(formData, "orgId"))}/events/${encodeURIComponent(text(formData, "eventId"))}/guests`);
}
