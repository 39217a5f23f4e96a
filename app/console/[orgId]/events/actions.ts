"use server";

import { formatDateTime } from "@/lib/console/format-time";
import { consoleAction, type FormFields } from "@/lib/console/action";
import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import { deleteAttendee } from "@/lib/domain/attendees/delete-attendee";
import { restoreAttendee, revokeAttendee } from "@/lib/domain/attendees/set-attendee-status";
import { checkIn } from "@/lib/domain/engagement/check-in";
import { undoCheckIn } from "@/lib/domain/engagement/undo-check-in";
import { setFormStatus } from "@/lib/domain/engagement/set-form-status";
import { archiveEvent } from "@/lib/domain/events/archive-event";
import { createEvent } from "@/lib/domain/events/create-event";
import { publishEvent } from "@/lib/domain/events/publish-event";
import { updateEvent } from "@/lib/domain/events/update-event";
import { wallClockToIso } from "@/lib/platform/time/time-zone";
import { AppError } from "@/lib/platform/errors/app-error";
import { formatBadgeCode } from "@/lib/domain/badges/badge-code";

// Thin: each action checks the admin of the organization named in the form, calls one
// lib/ operation (which scopes every id to that organization) and says what happened.

export const createEventAction = consoleAction<{ id: string }>(async ({ orgId, form, actor }) => {
  const timezone = form.text("timezone");
  const event = await createEvent(orgId, {
    name: form.text("name"),
    slug: form.text("slug"),
    timezone,
    startAt: wallClockToIso(form.text("startAt"), timezone),
    endAt: wallClockToIso(form.text("endAt"), timezone),
    location: form.text("location"),
    // A textarea posts CRLF line breaks; the API and its partners see LF.
    description: form.text("description").replace(/\r\n?/g, "\n"),
  }, actor);
  return { message: `Draft “${event.name}” created. Partners see it now; attendees after you publish it.`, data: { id: event.id } };
}, { refresh: "events" });

export const publishEventAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const eventId = form.text("eventId");
  const { changed } = await publishEvent(orgId, eventId, actor);
  return { message: changed ? "Event published. Subscribed endpoints receive event.published." : "The event was already published.", data: null };
}, { refresh: "events" });

export const archiveEventAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { changed } = await archiveEvent(orgId, form.text("eventId"), actor);
  return { message: changed ? "Event archived. Its guest list and engagement record are now read-only." : "The event was already archived.", data: null };
}, { refresh: "events" });

export const revokeAttendeeAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { attendee, changed } = await revokeAttendee(orgId, form.text("eventId"), form.text("attendeeId"), actor);
  return { message: changed ? `${attendee.displayName} was revoked.` : `${attendee.displayName} was already revoked.`, data: null };
}, { refresh: "events" });

export const restoreAttendeeAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { attendee, changed } = await restoreAttendee(orgId, form.text("eventId"), form.text("attendeeId"), actor);
  return { message: changed ? `${attendee.displayName} is back on the list (${attendee.status}).` : `${attendee.displayName} was not revoked.`, data: null };
}, { refresh: "events" });

export const checkInAttendeeAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { attendee, created, checkedInAt } = await checkIn(orgId, form.text("attendeeId"), actor);
  if (!created) {
    throw new AppError("CONFLICT", `${attendee.displayName} already checked in at ${formatDateTime(checkedInAt)}; one check-in per attendee.`, {
      reason: "already_checked_in",
    });
  }
  return { message: `${attendee.displayName} checked in.`, data: null };
}, { role: "checkInStaff", refresh: "events" });

export const undoCheckInAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { attendee } = await undoCheckIn(orgId, form.text("attendeeId"), actor);
  return { message: `${attendee.displayName}'s check-in was undone.`, data: null };
}, { role: "checkInStaff", refresh: "events" });

export const openFormAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { changed } = await setFormStatus(orgId, form.text("formId"), "open", actor);
  return { message: changed ? "Form opened: it accepts answers." : "The form was already open.", data: null };
}, { refresh: "events" });

export const closeFormAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const { changed } = await setFormStatus(orgId, form.text("formId"), "closed", actor);
  return { message: changed ? "Form closed: new answers are refused." : "The form was already closed.", data: null };
}, { refresh: "events" });

/** Form fields left empty are left out, so the API's defaults apply (displayName from the address). */
function filled(form: FormFields, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, form.text(name).trim()]).filter(([, value]) => value !== ""));
}

export const addAttendeeAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const attendee = await createAttendee(orgId, form.text("eventId"), filled(form, ["email", "displayName", "company", "jobTitle"]), actor);
  return { message: `${attendee.displayName} added (badge ${formatBadgeCode(attendee.badgeCode)}).`, data: null };
}, { refresh: "events" });

export const removeAttendeeAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const removed = await deleteAttendee(orgId, form.text("attendeeId"), actor);
  return { message: `${removed.displayName} removed from the guest list.`, data: null };
}, { refresh: "events" });

export const updateEventAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const timezone = form.text("timezone");
  const { changed } = await updateEvent(orgId, form.text("eventId"), {
    name: form.text("name"),
    slug: form.text("slug"),
    timezone,
    startAt: wallClockToIso(form.text("startAt"), timezone),
    endAt: wallClockToIso(form.text("endAt"), timezone),
    location: form.text("location"),
    // A textarea posts CRLF line breaks; the API and its partners see LF.
    description: form.text("description").replace(/\r\n?/g, "\n"),
  }, actor);
  return { message: changed ? "Event saved. Subscribed endpoints receive event.updated." : "Nothing changed.", data: null };
}, { refresh: "events" });
