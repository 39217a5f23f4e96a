import { sqlRows } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { keysetPage } from "../keyset";
import { toAttendee, type AttendeeTextRow } from "../projections";
import type { AttendeeResource } from "../resources";
import { SerializedJson } from "../responses";
import { requireEvent } from "./events";

// Only the projected columns are ever selected: internal ones (qrToken, inviteCode,
// userId) never leave the database through these queries. Timestamps come as the API's
// ISO-8601 text (millisecond columns, UTC, "Z"), exactly what Date.toISOString() gives:
// a 200-row page then builds no Date objects on the way from the wire to the body.
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ATTENDEE_COLUMNS = Prisma.raw(`a.id, a."eventId", a."displayName", a.email::text AS email, a.company, a."jobTitle",
  a.status::text AS status, a."visibleInList", a."badgeCode", ${isoText(`a."invitedAt"`)} AS "invitedAt",
  ${isoText(`a."checkedInAt"`)} AS "checkedInAt", ${isoText(`a."createdAt"`)} AS "createdAt", ${isoText(`a."updatedAt"`)} AS "updatedAt"`);

/** A page row: the attendee as PostgreSQL serialized it, and its sort values for the cursor. */
type AttendeeJsonRow = { json: string; id: string; createdAt: string; updatedAt: string };

/**
 * Oldest first (createdAt, id). With updatedSince: only rows changed at or after it, in
 * (updatedAt, id) order, so an incremental sync can keep an updatedAt high-water mark.
 *
 * Each row comes back as its JSON text (to_json of the projected columns, so the same
 * names, order and ISO timestamps as toAttendee gives), and the page body is spliced from
 * those texts: the app does not build 200 objects only to encode them again.
 */
export async function listAttendees(
  orgId: string,
  eventId: string,
  query: { limit: number; cursor?: string; status?: "invited" | "active" | "revoked"; updatedSince?: Date },
): Promise<SerializedJson> {
  const statusFilter = query.status ? Prisma.sql`AND a.status = ${query.status}::"AttendeeStatus"` : Prisma.empty;
  const since = query.updatedSince;
  const sinceFilter = since ? Prisma.sql`AND a."updatedAt" >= ${since}::timestamptz` : Prisma.empty;
  const sortColumn = since ? `a."updatedAt"` : `a."createdAt"`;
  const page = await keysetPage<AttendeeJsonRow>({
    // The filter is part of the scope: a cursor of the full list is refused on a filtered
    // one (and vice versa), as is a cursor carried over to another updatedSince.
    scope: `attendees:${eventId}:${query.status ?? "*"}${since ? `:updatedSince=${since.toISOString()}` : ""}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: sortColumn, cast: "timestamptz" },
      { sql: `a.id`, cast: "uuid" },
    ],
    position: (row) => [since ? row.updatedAt : row.createdAt, row.id],
    // The page and the event's tenancy check in one statement: another organization's
    // event yields no rows. Only an empty page needs a second look, to tell an empty
    // list from a missing (or foreign) event, which is a 404.
    fetch: ({ after, orderBy, take }) => sqlRows<AttendeeJsonRow>`
      SELECT to_json(r)::text AS json, r.id, r."createdAt", r."updatedAt"
      FROM "Attendee" a CROSS JOIN LATERAL (SELECT ${ATTENDEE_COLUMNS}) r
      WHERE a."eventId" = ${eventId}::uuid
        AND EXISTS (SELECT 1 FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${orgId}::uuid)
        ${statusFilter} ${sinceFilter} ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  if (page.rows.length === 0) await requireEvent(orgId, eventId);
  return SerializedJson.list(
    page.rows.map((row) => row.json),
    { nextCursor: page.nextCursor },
  );
}

export async function getAttendee(orgId: string, eventId: string, attendeeId: string): Promise<AttendeeResource> {
  const rows = await sqlRows<AttendeeTextRow>`
    SELECT ${ATTENDEE_COLUMNS} FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId"
    WHERE a.id = ${attendeeId}::uuid AND a."eventId" = ${eventId}::uuid AND e."orgId" = ${orgId}::uuid`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "No such attendee.");
  return toAttendee(rows[0]);
}
