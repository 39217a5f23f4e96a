import { apiReadCase } from "./api-read-case";

// GET /events/{eventId}/attendees/{attendeeId}; the floor is attendeeRead's query in
// lib/partner-api/read/attendees.ts (the attendee's stored JSON, the attendee joined to
// its event's organization).

const SINGLE_SQL = `SELECT a."partnerJson"
  FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId"
  WHERE a.id = $1::uuid AND a."eventId" = $2::uuid AND e."orgId" = $3::uuid`;

export const attendeeSingle = apiReadCase({
  name: "attendee-single",
  description: "one attendee by id",
  path: (context) => `/partner/v1/events/${context.data.eventId}/attendees/${context.data.sampleAttendeeId}`,
  floor: (context) => ({ text: SINGLE_SQL, values: [context.data.sampleAttendeeId, context.data.eventId, context.data.orgId] }),
});
