import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { pageInfo, pageRequest, type PageInfo } from "./pagination";
import { searchText } from "@/lib/platform/text/control-characters";

// The events page: the organization's events newest first with their attendee counts,
// filtered by name and status. Organizations have tens of events, not thousands, so the
// page-number paging the other console tables use is enough here.

export type EventListRow = {
  id: string; name: string; slug: string; status: string; startAt: Date; endAt: Date; timezone: string; attendeeCount: number;
};

export const EVENT_STATUSES = ["draft", "published", "archived"] as const;

export async function listOrgEvents(
  orgId: string,
  filter: { q?: string; status?: string; page: number },
): Promise<{ rows: EventListRow[]; page: PageInfo }> {
  const q = searchText(filter.q);
  const status = (EVENT_STATUSES as readonly string[]).includes(filter.status ?? "") ? filter.status : undefined;
  const conditions = [Prisma.sql`e."orgId" = ${orgId}::uuid`];
  if (q) conditions.push(Prisma.sql`e.name ILIKE ${`%${q.replace(/[\\%_]/g, "\\$&")}%`}`);
  if (status) conditions.push(Prisma.sql`e.status = ${status}::"EventStatus"`);
  const where = Prisma.join(conditions, " AND ");
  const db = getDb();
  const [{ total }] = await db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "Event" e WHERE ${where}`;
  const { page, skip, take } = pageRequest(filter.page, total);
  const rows = await db.$queryRaw<EventListRow[]>`
    SELECT e.id, e.name, e.slug, e.status::text AS status, e."startAt", e."endAt", e.timezone,
           (SELECT count(*)::int FROM "Attendee" a WHERE a."eventId" = e.id) AS "attendeeCount"
    FROM "Event" e WHERE ${where}
    ORDER BY e."createdAt" DESC, e.id DESC
    OFFSET ${skip} LIMIT ${take}`;
  return { rows, page: pageInfo(page, total, rows.length) };
}
