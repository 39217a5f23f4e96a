import { restoredAttendeeStatus } from "@/lib/domain/transitions/state-tables";
import { setAttendeeStatus } from "./set-attendee-status";

/**
 * Puts a revoked attendee back on the guest list: active when a user had claimed the
 * badge, invited otherwise. Records `attendee.updated` with the new status; restoring
 * an attendee who is not revoked changes nothing.
 */
export function restoreAttendee(orgId: string, eventId: string, attendeeId: string) {
  return setAttendeeStatus(orgId, eventId, attendeeId, (current) =>
    current.status === "revoked" ? restoredAttendeeStatus(current) : null,
  );
}
