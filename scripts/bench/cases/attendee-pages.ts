import type { BenchContext, PagePosition } from "../types";
import { apiReadCase } from "./api-read-case";

// GET /events/{eventId}/attendees?limit=200 at the start, middle and end of a 100,000-row
// list; the targets are in docs/benchmarks.md. The SQL floor is the page query of
// lib/partner-api/read/attendees.ts (each row's stored JSON, the same keyset condition,
// limit + 1 rows), without the aggregation into one row. A page's body is about 75 KB, so
// these cases also report the framework floor at that size (largeBody, lib/floors.ts).

const PAGE_SIZE = 200;

const PAGE_SQL_FIRST = `SELECT a."partnerJson"
  FROM "Attendee" a
  WHERE a."eventId" = $1::uuid
  ORDER BY a."createdAt" ASC, a.id ASC LIMIT $2`;

export const PAGE_SQL_AFTER = `SELECT a."partnerJson"
  FROM "Attendee" a
  WHERE a."eventId" = $1::uuid AND (a."createdAt", a.id) > (CAST($3 AS timestamptz), CAST($4 AS uuid))
  ORDER BY a."createdAt" ASC, a.id ASC LIMIT $2`;

function pageCase(name: string, where: string, pick: (context: BenchContext) => PagePosition) {
  return apiReadCase({
    name,
    description: `attendees page of ${PAGE_SIZE} at the ${where} of the list`,
    path: (context) => {
      const { cursor } = pick(context);
      const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      return `/partner/v1/events/${context.data.eventId}/attendees?limit=${PAGE_SIZE}${query}`;
    },
    floor: (context) => {
      const { after } = pick(context);
      return after
        ? { text: PAGE_SQL_AFTER, values: [context.data.eventId, PAGE_SIZE + 1, after.createdAt, after.id] }
        : { text: PAGE_SQL_FIRST, values: [context.data.eventId, PAGE_SIZE + 1] };
    },
    largeBody: true,
  });
}

export const attendeesPageStart = pageCase("attendees-page-start", "start", (context) => context.data.pages.start);
export const attendeesPageMiddle = pageCase("attendees-page-middle", "middle", (context) => context.data.pages.middle);
export const attendeesPageEnd = pageCase("attendees-page-end", "end", (context) => context.data.pages.end);
