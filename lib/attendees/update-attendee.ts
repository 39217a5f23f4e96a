import { AppError } from "@/lib/errors/app-error";
import { toAttendee } from "@/lib/partner-api/projections";
import type { AttendeeResource } from "@/lib/partner-api/resources";
import { dispatchSoon } from "@/lib/webhooks/dispatch";
import { applyAttendeeChanges } from "./apply-attendee-changes";
import { attendeeChanges, parseAttendeeBody, updateAttendeeBodySchema } from "./attendee-input";
import { inTransaction, lockAttendeeForChange } from "./attendee-sql";
import { assertEventWritable } from "./writable-event";

/**
 * Changes displayName, company or jobTitle (PATCH /events/{eventId}/attendees/{attendeeId}).
 * Fields left out stay as they are; null clears company and jobTitle. A change that
 * alters nothing (empty body, same values) writes nothing: updatedAt stays and no
 * attendee.updated is recorded. A real change records attendee.updated in its transaction
 * and fans it out to webhook endpoints once committed.
 *
 * Throws AppError: INVALID_INPUT (400), NOT_FOUND (404: event missing or another
 * organization's, or the attendee is not on this event), CONFLICT event_archived (409).
 */
export async function updateAttendee(
  orgId: string,
  eventId: string,
  attendeeId: string,
  input: unknown,
): Promise<{ attendee: AttendeeResource; changed: boolean }> {
  const changes = attendeeChanges(parseAttendeeBody(updateAttendeeBodySchema, input));
  const { row, changed, recorded } = await inTransaction(undefined, async (tx) => {
    const { eventStatus, attendee: current } = await lockAttendeeForChange(tx, orgId, eventId, attendeeId);
    if (eventStatus === null) throw new AppError("NOT_FOUND", "No such event.");
    if (!current) throw new AppError("NOT_FOUND", "No such attendee.");
    assertEventWritable(eventStatus);
    return applyAttendeeChanges(tx, orgId, current, changes);
  });
  if (recorded) await dispatchSoon([recorded]);
  return { attendee: toAttendee(row), changed };
}
