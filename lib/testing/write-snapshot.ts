import { sqlRows } from "@/lib/platform/db/client";

// What a refused request must leave untouched in one organization: its attendees (count
// and newest updatedAt), its events, and its webhook outbox and deliveries. Tests compare
// a snapshot taken before a request with one taken after it.

export type WriteSnapshot = {
  attendees: number;
  attendeesUpdatedAt: string | null;
  events: number;
  eventsUpdatedAt: string | null;
  outbox: number;
  deliveries: number;
};

export async function takeWriteSnapshot(orgId: string): Promise<WriteSnapshot> {
  const [row] = await sqlRows<WriteSnapshot>`
    SELECT
      (SELECT count(*)::int FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId" WHERE e."orgId" = ${orgId}::uuid) AS "attendees",
      (SELECT max(a."updatedAt")::text FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId" WHERE e."orgId" = ${orgId}::uuid) AS "attendeesUpdatedAt",
      (SELECT count(*)::int FROM "Event" WHERE "orgId" = ${orgId}::uuid) AS "events",
      (SELECT max("updatedAt")::text FROM "Event" WHERE "orgId" = ${orgId}::uuid) AS "eventsUpdatedAt",
      (SELECT count(*)::int FROM "WebhookEvent" WHERE "orgId" = ${orgId}::uuid) AS "outbox",
      (SELECT count(*)::int FROM "WebhookDelivery" d JOIN "WebhookEvent" w ON w.id = d."eventId" WHERE w."orgId" = ${orgId}::uuid) AS "deliveries"`;
  return row;
}
