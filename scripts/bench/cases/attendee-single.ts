import { apiReadCase } from "./api-read-case";

// GET /events/{eventId}/attendees/{attendeeId}; the floor is getAttendee's query in
// lib/partner-api/read/attendees.ts (the attendee joined to its event's organization).

const SINGLE_SQL = `SELECT a.id, a."eventId", a."displayName", a.email::text AS email, a.company, a."jobTitle",
  a.status::text AS status, a."visibleInList", a."badgeCode", a."invitedAt", a."checkedInAt", a."createdAt", a."updatedAt"
  FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId"
  WHERE a.id = $1::uuid AND a."eventId" = $2::uuid AND e."orgId" = $3::uuid`;

export const attendeeSingle = apiReadCase({
  name: "attendee-single",
  description: "one attendee by id",
  path: (context) => `/partner/v1/events/${context.data.eventId}/attendees/${context.data.sampleAttendeeId}`,
  floor: (context) => ({ text: SINGLE_SQL, values: [context.data.sampleAttendeeId, context.data.eventId, context.data.orgId] }),
});
