import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { runKeyBoundRead, type KeyBoundRead } from "../key-bound-read";
import { keysetBounds, keysetSummaryPage, keysetSummarySql, type KeysetSummary, type SortColumn } from "../keyset";
import { SerializedJson } from "@/lib/platform/http/responses";

// Each attendee comes back as its stored JSON text ("partnerJson": the same names and
// order as toAttendee, timestamps as Date.toISOString() writes them), which the database
// writes with the row (migration attendee_partner_json), and the body is spliced from
// those texts: a 200-row page neither formats nor builds objects only to encode them
// again. Internal columns (qrToken, inviteCode, userId) are not part of it.
//
// Both reads run in the key's statement (key-bound-read.ts): `org` is the key's
// organization, and an event of another organization yields nothing, so a 404.

type AttendeeQuery = {
  limit: number;
  cursor?: string;
  status?: "invited" | "active" | "revoked";
  updatedSince?: Date;
  /** Normalised (badgeCodeLookupParam): equality on the (eventId, badgeCode) unique index. */
  badgeCode?: string;
  /** citext equality on the (eventId, email) unique index. */
  email?: string;
};

type PageRow = KeysetSummary & { pageEventFound: boolean | null };

/**
 * Oldest first (createdAt, id). With updatedSince: only rows changed at or after it, in
 * (updatedAt, id) order, so an incremental sync can keep an updatedAt high-water mark.
 */
export function attendeePageRead(eventId: string, query: AttendeeQuery): KeyBoundRead<SerializedJson> {
  const statusFilter = query.status ? Prisma.sql`AND a.status = ${query.status}::"AttendeeStatus"` : Prisma.empty;
  const since = query.updatedSince;
  const sinceFilter = since ? Prisma.sql`AND a."updatedAt" >= ${since}::timestamptz` : Prisma.empty;

  // The filter is part of the scope: a cursor of the full list is refused on a filtered
  // one (and vice versa), as is a cursor carried over to another updatedSince.
  const scope =
    `attendees:${eventId}:${query.status ?? "*"}${since ? `:updatedSince=${since.toISOString()}` : ""}` +
    `${query.badgeCode ? `:badgeCode=${query.badgeCode}` : ""}${query.email ? `:email=${query.email.toLowerCase()}` : ""}`;
  const columns: SortColumn[] = [
    { sql: since ? `a."updatedAt"` : `a."createdAt"`, cast: "timestamptz" },
    { sql: `a.id`, cast: "uuid" },
  ];
  const bounds = keysetBounds({ scope, cursor: query.cursor, limit: query.limit, direction: "asc", columns });
  if (query.badgeCode || query.email) return attendeeLookupRead(eventId, query, Prisma.sql`${statusFilter} ${sinceFilter}`);
  return {
    // The page and the event's tenancy check together; "pageEventFound" tells an empty
    // list from a missing (or foreign) event, which is a 404.
    sql: (org) => Prisma.sql`
      SELECT EXISTS (SELECT 1 FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${org}) AS "pageEventFound", page.*
      FROM (${keysetSummarySql(
        bounds,
        {
          json: Prisma.sql`a."partnerJson"`,
          from: Prisma.sql`
            FROM "Attendee" a
            WHERE a."eventId" = ${eventId}::uuid
              AND EXISTS (SELECT 1 FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${org})
              ${statusFilter} ${sinceFilter} ${bounds.after}`,
        },
      )}) AS page`,
    finish: (row) => {
      const summary = row as PageRow;
      if (!summary.pageEventFound) throw new AppError("NOT_FOUND", "No such event.");
      const page = keysetSummaryPage(scope, query.limit, summary);
      return SerializedJson.list(page.body, { nextCursor: page.nextCursor });
    },
  };
}

/**
 * A lookup by a unique key of the event (badge code, email): zero or one row, read by
 * equality on the unique index, never by walking the ordered list. Answered as a page
 * with no next cursor (a lookup's cursor is never issued, so any cursor sent with one was
 * refused by keysetBounds as belonging to another list).
 */
function attendeeLookupRead(eventId: string, query: AttendeeQuery, filters: Prisma.Sql): KeyBoundRead<SerializedJson> {
  const badge = query.badgeCode ? Prisma.sql`AND a."badgeCode" = ${query.badgeCode}` : Prisma.empty;
  const email = query.email ? Prisma.sql`AND a.email = ${query.email}::citext` : Prisma.empty;
  return {
    sql: (org) => Prisma.sql`
      SELECT EXISTS (SELECT 1 FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${org}) AS "lookupEventFound",
        (SELECT a."partnerJson" FROM "Attendee" a
          WHERE a."eventId" = ${eventId}::uuid ${badge} ${email} ${filters}
            AND EXISTS (SELECT 1 FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${org})) AS "lookupJson"`,
    finish: (row) => {
      if (!row.lookupEventFound) throw new AppError("NOT_FOUND", "No such event.");
      const json = row.lookupJson as string | null;
      return SerializedJson.list(json ?? "", { nextCursor: null });
    },
  };
}

export function attendeeRead(eventId: string, attendeeId: string): KeyBoundRead<SerializedJson> {
  return {
    sql: (org) => Prisma.sql`
      SELECT a."partnerJson" AS "attendeeJson"
      FROM "Attendee" a JOIN "Event" e ON e.id = a."eventId"
      WHERE a.id = ${attendeeId}::uuid AND a."eventId" = ${eventId}::uuid AND e."orgId" = ${org}`,
    finish: (row) => {
      const json = row.attendeeJson as string | null | undefined;
      if (!json) throw new AppError("NOT_FOUND", "No such attendee.");
      return SerializedJson.item(json);
    },
  };
}

/** A page for one organization outside a request (tests, tools). */
export function listAttendees(orgId: string, eventId: string, query: AttendeeQuery): Promise<SerializedJson> {
  return runKeyBoundRead(attendeePageRead(eventId, query), orgId);
}
