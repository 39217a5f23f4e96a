import { sqlRows } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { keysetPage } from "../keyset";
import { iso, toEvent } from "../projections";
import type { EventResource } from "../resources";

type EventRow = Parameters<typeof toEvent>[0];

const EVENT_COLUMNS = Prisma.raw(`e.id, e.slug, e.name, e.description, e.status::text AS status, e."startAt", e."endAt",
  e.timezone, e.location, e."createdAt", e."updatedAt"`);

/** The event, when it belongs to the organization; otherwise 404, whether missing or foreign. */
export async function requireEvent(orgId: string, eventId: string): Promise<EventRow> {
  const [event] = await sqlRows<EventRow>`
    SELECT ${EVENT_COLUMNS} FROM "Event" e WHERE e.id = ${eventId}::uuid AND e."orgId" = ${orgId}::uuid`;
  if (!event) throw new AppError("NOT_FOUND", "No such event.");
  return event;
}

export async function getEvent(orgId: string, eventId: string): Promise<EventResource> {
  return toEvent(await requireEvent(orgId, eventId));
}

/** Newest first (the only such list), drafts included. */
export async function listEvents(
  orgId: string,
  query: { limit: number; cursor?: string; status?: "draft" | "published" | "archived" },
) {
  const statusFilter = query.status ? Prisma.sql`AND e.status = ${query.status}::"EventStatus"` : Prisma.empty;
  const page = await keysetPage<EventRow>({
    scope: `events:${orgId}:${query.status ?? "*"}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "desc",
    columns: [
      { sql: `e."createdAt"`, cast: "timestamptz" },
      { sql: `e.id`, cast: "uuid" },
    ],
    position: (row) => [iso(row.createdAt), row.id],
    fetch: ({ after, orderBy, take }) => sqlRows<EventRow>`
      SELECT ${EVENT_COLUMNS} FROM "Event" e
      WHERE e."orgId" = ${orgId}::uuid ${statusFilter} ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  return { data: page.rows.map(toEvent), meta: { nextCursor: page.nextCursor } };
}
