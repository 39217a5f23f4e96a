import { apiReadCase } from "./api-read-case";

// GET /events (default page of 50, newest first); the floor is listEvents' query in
// lib/partner-api/read/events.ts.

const EVENTS_SQL = `SELECT e.id, e.slug, e.name, e.description, e.status::text AS status, e."startAt", e."endAt", e.timezone,
  e.location, e."createdAt", e."updatedAt"
  FROM "Event" e
  WHERE e."orgId" = $1::uuid
  ORDER BY e."createdAt" DESC, e.id DESC LIMIT $2`;

export const eventsList = apiReadCase({
  name: "events-list",
  description: "the organization's events, first page",
  path: () => "/partner/v1/events",
  floor: (context) => ({ text: EVENTS_SQL, values: [context.data.orgId, 51] }),
});
