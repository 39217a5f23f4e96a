import { Prisma } from "@/lib/generated/prisma/client";

// Which of the organization's events a webhook event belongs to, for endpoints limited to
// chosen events (WebhookEndpoint.eventIds). Read from the body's data: event.* carry the
// event itself, most types name it as eventId; a session attendance and a feedback name
// it only through their own rows. A type tied to no event (ping) belongs to none, and an
// endpoint limited to events still receives it.

/**
 * SQL: the event id (as text) of a webhook event of type `type` with body data `data`, or
 * NULL. Compared as text, never cast: a body's ids are not trusted to be uuids.
 */
export function eventOfWebhookSql(type: Prisma.Sql, data: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(CASE
    WHEN ${type} IN ('event.updated', 'event.published') THEN ${data}->>'id'
    WHEN (${data}->>'eventId') IS NOT NULL THEN ${data}->>'eventId'
    WHEN ${type} = 'session_attendance.created' THEN (SELECT s."eventId"::text FROM "Session" s WHERE s.id::text = ${data}->>'sessionId')
    WHEN ${type} = 'feedback.created' THEN (SELECT f."eventId"::text FROM "Feedback" f WHERE f.id::text = ${data}->>'id')
  END)`;
}

/** SQL condition: endpoint `ep` receives a webhook event of that type and data. */
export function endpointScopeSql(type: Prisma.Sql, data: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(COALESCE(cardinality(ep."eventIds"), 0) = 0 OR ${eventOfWebhookSql(type, data)} IS NULL
    OR lower(${eventOfWebhookSql(type, data)}) = ANY(ep."eventIds"::text[]))`;
}
