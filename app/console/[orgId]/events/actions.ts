"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { requireAdmin, requireCheckInStaff } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { createAttendee } from "@/lib/attendees/create-attendee";
import { deleteAttendee } from "@/lib/attendees/delete-attendee";
import { restoreAttendee } from "@/lib/attendees/restore-attendee";
import { revokeAttendee } from "@/lib/attendees/revoke-attendee";
import { checkIn } from "@/lib/engagement/check-in";
import { undoCheckIn } from "@/lib/engagement/undo-check-in";
import { closeForm } from "@/lib/engagement/close-form";
import { openForm } from "@/lib/engagement/open-form";
import { archiveEvent } from "@/lib/events/archive-event";
import { createEvent } from "@/lib/events/create-event";
import { publishEvent } from "@/lib/events/publish-event";
import { updateEvent } from "@/lib/events/update-event";
import { wallClockToIso } from "@/lib/events/zoned-date-time";
import { AppError } from "@/lib/errors/app-error";

// Thin: each action checks the admin of the organization named in the form, calls one
// lib/ operation (which scopes every id to that organization) and says what happened.

const text = (formData: FormData, name: string) => formText(formData, name) ?? "";

export async function createEventAction(_previous: ActionState<{ id: string }>, formData: FormData): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const timezone = text(formData, "timezone");
    const event = await createEvent(orgId, {
      name: text(formData, "name"),
      slug: text(formData, "slug"),
      timezone,
      startAt: wallClockToIso(text(formData, "startAt"), timezone),
      endAt: wallClockToIso(text(formData, "endAt"), timezone),
      location: text(formData, "location"),
    });
    revalidatePath(`/console/${orgId}/events`);
    return { message: `Draft “${event.name}” created. Partners see it now; attendees after you publish it.`, data: { id: event.id } };
  });
}

export async function publishEventAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const eventId = text(formData, "eventId");
    const { changed } = await publishEvent(orgId, eventId);
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? "Event published. Subscribed endpoints receive event.published." : "The event was already published.", data: null };
  });
}

export async function archiveEventAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const { changed } = await archiveEvent(orgId, text(formData, "eventId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? "Event archived. Its guest list and engagement record are now read-only." : "The event was already archived.", data: null };
  });
}

export async function revokeAttendeeAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const { attendee, changed } = await revokeAttendee(orgId, text(formData, "eventId"), text(formData, "attendeeId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? `${attendee.displayName} was revoked.` : `${attendee.displayName} was already revoked.`, data: null };
  });
}

export async function restoreAttendeeAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const { attendee, changed } = await restoreAttendee(orgId, text(formData, "eventId"), text(formData, "attendeeId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? `${attendee.displayName} is back on the list (${attendee.status}).` : `${attendee.displayName} was not revoked.`, data: null };
  });
}

export async function checkInAttendeeAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireCheckInStaff(orgId);
    const { attendee, created, checkedInAt } = await checkIn(orgId, text(formData, "attendeeId"));
    if (!created) {
      throw new AppError("CONFLICT", `${attendee.displayName} already checked in at ${checkedInAt.toISOString().replace("T", " ").slice(0, 16)} UTC; one check-in per attendee.`, {
        reason: "already_checked_in",
      });
    }
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: `${attendee.displayName} checked in.`, data: null };
  });
}

export async function undoCheckInAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireCheckInStaff(orgId);
    const { attendee } = await undoCheckIn(orgId, text(formData, "attendeeId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: `${attendee.displayName}'s check-in was undone.`, data: null };
  });
}

export async function openFormAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const { changed } = await openForm(orgId, text(formData, "formId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? "Form opened: it accepts answers." : "The form was already open.", data: null };
  });
}

export async function closeFormAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const { changed } = await closeForm(orgId, text(formData, "formId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? "Form closed: new answers are refused." : "The form was already closed.", data: null };
  });
}

/** Form fields left empty are left out, so the API's defaults apply (displayName from the address). */
function filled(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, text(formData, name).trim()]).filter(([, value]) => value !== ""));
}

export async function addAttendeeAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const attendee = await createAttendee(orgId, text(formData, "eventId"), filled(formData, ["email", "displayName", "company", "jobTitle"]));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: `${attendee.displayName} added (badge ${attendee.badgeCode.slice(0, 3)}-${attendee.badgeCode.slice(3)}).`, data: null };
  });
}

export async function removeAttendeeAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const removed = await deleteAttendee(orgId, text(formData, "attendeeId"));
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: `${removed.displayName} removed from the guest list.`, data: null };
  });
}

export async function updateEventAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = text(formData, "orgId");
    await requireAdmin(orgId);
    const timezone = text(formData, "timezone");
    const { changed } = await updateEvent(orgId, text(formData, "eventId"), {
      name: text(formData, "name"),
      slug: text(formData, "slug"),
      timezone,
      startAt: wallClockToIso(text(formData, "startAt"), timezone),
      endAt: wallClockToIso(text(formData, "endAt"), timezone),
      location: text(formData, "location"),
    });
    revalidatePath(`/console/${orgId}/events`, "layout");
    return { message: changed ? "Event saved. Subscribed endpoints receive event.updated." : "Nothing changed.", data: null };
  });
}
