import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { verifyCursor } from "../cursor";
import type { KeyBoundRead } from "../key-bound-read";
import { isoText, keysetBounds, keysetSummaryPage, keysetSummarySql, type KeysetSummary, type SortColumn } from "../keyset";
import { SerializedJson } from "@/lib/platform/http/responses";

declare const checked: unique symbol;

/**
 * An event of the request's organization. Only eventCheckRead makes one, so a list that
 * takes it needs no tenancy check of its own: it filters by the event's id.
 */
export type CheckedEvent = { readonly id: string; readonly [checked]: true };

/**
 * The event's tenancy check, run in the key's statement (key-bound-read.ts): an event of
 * another organization, or none, is a 404. The collections of an event then cost two
 * round trips (this statement, then the list) instead of three.
 */
export function eventCheckRead(eventId: string): KeyBoundRead<CheckedEvent> {
  return {
    sql: (org) => Prisma.sql`SELECT e.id AS "checkedEventId" FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${org}`,
    finish: (row) => {
      if (typeof row.checkedEventId !== "string") throw new AppError("NOT_FOUND", "No such event.");
      return { id: row.checkedEventId } as CheckedEvent;
    },
  };
}

// An event as its JSON text, made by PostgreSQL in toEvent's field order, timestamps as
// the ISO text Date.toISOString() gives. Both reads run in the key's statement
// (key-bound-read.ts), where `org` is the key's organization.
const EVENT_JSON = Prisma.raw(`to_json(r)::text`);
const EVENT_COLUMNS = Prisma.raw(`e.id, e.slug, e.name, e.description, e.status::text AS status,
  ${isoText(`e."startAt"`)} AS "startAt", ${isoText(`e."endAt"`)} AS "endAt", e.timezone, e.location,
  ${isoText(`e."createdAt"`)} AS "createdAt", ${isoText(`e."updatedAt"`)} AS "updatedAt"`);

export function eventRead(eventId: string): KeyBoundRead<SerializedJson> {
  return {
    sql: (org) => Prisma.sql`
      SELECT ${EVENT_JSON} AS "eventJson" FROM "Event" e CROSS JOIN LATERAL (SELECT ${EVENT_COLUMNS}) r
      WHERE e.id = ${eventId}::uuid AND e."orgId" = ${org}`,
    finish: (row) => {
      const json = row.eventJson as string | null | undefined;
      if (!json) throw new AppError("NOT_FOUND", "No such event.");
      return SerializedJson.item(json);
    },
  };
}

/** Newest first (the only such list), drafts included. */
export function eventListRead(query: {
  limit: number;
  cursor?: string;
  status?: "draft" | "published" | "archived";
}): KeyBoundRead<SerializedJson> {
  const statusFilter = query.status ? Prisma.sql`AND e.status = ${query.status}::"EventStatus"` : Prisma.empty;
  const columns: SortColumn[] = [
    { sql: `e."createdAt"`, cast: "timestamptz" },
    { sql: `e.id`, cast: "uuid" },
  ];
  // The list is the organization's, which the cursor's scope names; inside the key's
  // statement the organization is known only afterwards, so the cursor's position is read
  // first and its signature checked before the page is used.
  const bounds = keysetBounds({ scope: null, cursor: query.cursor, limit: query.limit, direction: "desc", columns });
  const scopeOf = (orgId: string) => `events:${orgId}:${query.status ?? "*"}`;
  return {
    sql: (org) =>
      keysetSummarySql(
        bounds,
        {
          json: EVENT_JSON,
          from: Prisma.sql`
            FROM "Event" e CROSS JOIN LATERAL (SELECT ${EVENT_COLUMNS}) r
            WHERE e."orgId" = ${org} ${statusFilter} ${bounds.after}`,
        },
      ),
    finish: (row, orgId) => {
      if (query.cursor !== undefined) verifyCursor(scopeOf(orgId), query.cursor);
      const page = keysetSummaryPage(scopeOf(orgId), query.limit, row as KeysetSummary);
      return SerializedJson.list(page.body, { nextCursor: page.nextCursor });
    },
  };
}
