import { setAttendeeStatus } from "./set-attendee-status";

/**
 * Takes an attendee off the guest list without deleting them: status becomes revoked,
 * their check-in, scans, answers and feedback stay, and new engagement is refused
 * (409 attendee_revoked). Records `attendee.updated` with status "revoked"; revoking a
 * revoked attendee changes nothing. 404 for another organization's event or attendee,
 * 409 event_archived on an archived event.
 */
export function revokeAttendee(orgId: string, eventId: string, attendeeId: string) {
  return setAttendeeStatus(orgId, eventId, attendeeId, () => "revoked");
}
