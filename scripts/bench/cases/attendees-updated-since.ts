import { apiReadCase } from "./api-read-case";

// GET /events/{eventId}/attendees?updatedSince=...&limit=200 on the 100,000-attendee event,
// the first page of an incremental sync that starts halfway through the list (50,000 rows
// match). Same targets and floor comparison as the page cases; the floor is the filtered
// page query of lib/partner-api/read/attendees.ts (each row's stored JSON), answered from the
// (eventId, updatedAt, id) index. The bench seed gives every row updatedAt = createdAt,
// so the middle page's position is also a point halfway through the changes.

const PAGE_SIZE = 200;

const UPDATED_SINCE_SQL = `SELECT a."partnerJson"
  FROM "Attendee" a
  WHERE a."eventId" = $1::uuid AND a."updatedAt" >= CAST($3 AS timestamptz)
  ORDER BY a."updatedAt" ASC, a.id ASC LIMIT $2`;

function since(after: { createdAt: string } | null): string {
  if (!after) throw new Error("attendees-updated-since needs the middle page's position");
  return after.createdAt;
}

export const attendeesUpdatedSince = apiReadCase({
  name: "attendees-updated-since",
  description: `attendees changed since the middle of the list (updatedSince), page of ${PAGE_SIZE}`,
  path: (context) =>
    `/partner/v1/events/${context.data.eventId}/attendees?limit=${PAGE_SIZE}&updatedSince=${encodeURIComponent(
      since(context.data.pages.middle.after),
    )}`,
  floor: (context) => ({
    text: UPDATED_SINCE_SQL,
    values: [context.data.eventId, PAGE_SIZE + 1, since(context.data.pages.middle.after)],
  }),
  largeBody: true,
});
