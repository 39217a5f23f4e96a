import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { normalizeBadgeCode } from "@/lib/domain/badges/badge-code";
import { searchText } from "@/lib/platform/text/control-characters";
import { keysetCursor, parseKeysetCursor } from "./keyset-cursor";

// The guest list of one event, oldest first, GUEST_PAGE_SIZE at a time. Keyset paging on
// (createdAt, id) rides the (eventId, createdAt, id) and (eventId, status, createdAt, id)
// indexes, so the tenth thousandth page costs what the first does; an offset would not.
// The cursor is keyset-cursor.ts's, on the last row's createdAt and id. Exports walk the
// same query with the same filters in larger pages.

export const GUEST_PAGE_SIZE = 50;
export const ATTENDEE_STATUSES = ["invited", "active", "revoked"] as const;

export type GuestRow = {
  id: string; displayName: string; email: string; company: string | null; jobTitle: string | null; status: string;
  badgeCode: string; checkedInAt: Date | null; createdAt: Date;
  invitedAt: Date | null; updatedAt: Date; visibleInList: boolean;
};

/** A whole address (name@domain.tld): matched exactly, case-insensitively. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function listGuests(
  eventId: string,
  filter: { q?: string; status?: string; after?: string },
  pageSize: number = GUEST_PAGE_SIZE,
): Promise<{ rows: GuestRow[]; next: string | null }> {
  const q = searchText(filter.q);
  const status = (ATTENDEE_STATUSES as readonly string[]).includes(filter.status ?? "") ? filter.status : undefined;
  const after = parseKeysetCursor(filter.after);
  const conditions = [Prisma.sql`a."eventId" = ${eventId}::uuid`];
  if (status) conditions.push(Prisma.sql`a.status = ${status}::"AttendeeStatus"`);
  if (after) conditions.push(Prisma.sql`(a."createdAt", a.id) > (${after.at}, ${after.id}::uuid)`);
  if (WHOLE_EMAIL.test(q)) {
    // A pasted address finds that attendee through the (eventId, email) unique index:
    // the substring match below reads every row of a large event for a rare term.
    conditions.push(Prisma.sql`a.email = ${q}::citext`);
  } else if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
    // A badge code however it is typed at the door (PYT-UZX, pytuzx, PYT UZX): equality on
    // the (eventId, badgeCode) unique index, beside the substring match.
    const badge = normalizeBadgeCode(q);
    const byBadge = /^[A-Z0-9]{6}$/.test(badge) ? Prisma.sql` OR a."badgeCode" = ${badge}` : Prisma.empty;
    conditions.push(Prisma.sql`(a."displayName" ILIKE ${pattern} OR a.email::text ILIKE ${pattern} OR a.company ILIKE ${pattern}${byBadge})`);
  }
  const rows = await getDb().$queryRaw<GuestRow[]>`
    SELECT a.id, a."displayName", a.email::text AS email, a.company, a."jobTitle", a.status::text AS status,
           a."badgeCode", a."checkedInAt", a."createdAt", a."invitedAt", a."updatedAt", a."visibleInList"
    FROM "Attendee" a WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY a."createdAt", a.id
    LIMIT ${pageSize + 1}`;
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { rows: page, next: rows.length > pageSize && last ? keysetCursor(last.createdAt, last.id) : null };
}
