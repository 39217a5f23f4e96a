import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { assertNotArchived, lockEventForProgrammeWrite } from "./session-rows";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

// Row access shared by the authoring operations of an event's lists (tracks, rooms,
// speakers, sponsors, info sections, forms): tenancy through the event, the archived
// rule, the next position at the end of a list, and move up/down.

/** The event-owned tables an organizer authors; the names are ours, never input. */
export type ItemTable = "Track" | "Room" | "Speaker" | "Sponsor" | "InfoSection" | "Form";
/** The lists with an organizer-defined order (sortOrder). */
export type OrderedTable = "Track" | "Room" | "Sponsor" | "InfoSection";
const ORDERED_TABLES: ReadonlySet<string> = new Set<OrderedTable>(["Track", "Room", "Sponsor", "InfoSection"]);

const WHAT: Record<ItemTable, string> = {
  Track: "track",
  Room: "room",
  Speaker: "speaker",
  Sponsor: "sponsor",
  InfoSection: "info section",
  Form: "form",
};

/** The audit log's target type of each ordered list's items. */
const AUDIT_TARGET: Record<OrderedTable, string> = { Track: "track", Room: "room", Sponsor: "sponsor", InfoSection: "info_section" };

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Parses input with an operation's schema; a refusal is INVALID_INPUT naming the fields and writes nothing. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

/**
 * Serializes writes to one list of one event (creates take the next position, moves
 * renumber it), so two organizers adding or moving at once never produce equal positions.
 */
async function lockList(tx: Prisma.TransactionClient, table: ItemTable, eventId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${table}:${eventId}`}))`;
}

/** The organization's event, open for programme writes (not archived), with its list locked; else 404/409. */
export async function lockEventList(tx: Prisma.TransactionClient, orgId: string, eventId: string, table: ItemTable) {
  assertNotArchived(await lockEventForProgrammeWrite(tx, orgId, eventId));
  await lockList(tx, table, eventId);
}

/**
 * The item (row-locked) when its event is the organization's and not archived, with its
 * list locked; another organization's id, a malformed id or none is a 404.
 */
export async function lockItem(
  tx: Prisma.TransactionClient,
  orgId: string,
  table: ItemTable,
  id: string,
): Promise<{ eventId: string }> {
  const missing = new AppError("NOT_FOUND", `No such ${WHAT[table]}.`);
  if (!isUuid(id) || !isUuid(orgId)) throw missing;
  const rows = await tx.$queryRaw<{ eventId: string; eventStatus: string }[]>`
    SELECT i."eventId", e.status::text AS "eventStatus"
    FROM ${Prisma.raw(`"${table}"`)} i JOIN "Event" e ON e.id = i."eventId"
    WHERE i.id = ${id}::uuid AND e."orgId" = ${orgId}::uuid
    FOR UPDATE OF i`;
  if (!rows[0]) throw missing;
  assertNotArchived(rows[0].eventStatus);
  await lockList(tx, table, rows[0].eventId);
  return { eventId: rows[0].eventId };
}

/** The position after the last item of the list (0 for the first). */
export async function nextSortOrder(tx: Prisma.TransactionClient, table: OrderedTable, eventId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ next: number }[]>`
    SELECT COALESCE(MAX("sortOrder") + 1, 0)::int AS next FROM ${Prisma.raw(`"${table}"`)} WHERE "eventId" = ${eventId}::uuid`;
  return rows[0]?.next ?? 0;
}

export const moveSchema = z.enum(["up", "down"], { message: "Move up or down." });
export type MoveDirection = z.infer<typeof moveSchema>;

/**
 * Moves an item one place up or down its list, the order the Partner API serves
 * (sortOrder, then id). The list is renumbered 0..n-1 in that order first, so imported or
 * seeded lists with equal positions move predictably. At either end it changes nothing.
 */
export async function moveItem(
  orgId: string,
  table: OrderedTable,
  id: string,
  direction: MoveDirection,
  actor: Actor,
): Promise<{ moved: boolean }> {
  // The table name is spliced into SQL: only the four ordered tables, whatever a caller passes.
  if (!ORDERED_TABLES.has(table)) throw new AppError("INVALID_INPUT", "That list cannot be reordered.", { reason: "invalid_list" });
  const step = parseInput(moveSchema, direction) === "up" ? -1 : 1;
  return getDb().$transaction(async (tx) => {
    const { eventId } = await lockItem(tx, orgId, table, id);
    const rows = await tx.$queryRaw<{ id: string; sortOrder: number; label: string }[]>`
      SELECT id, "sortOrder", ${Prisma.raw(table === "InfoSection" ? "title" : "name")} AS label FROM ${Prisma.raw(`"${table}"`)}
      WHERE "eventId" = ${eventId}::uuid ORDER BY "sortOrder" ASC, id ASC`;
    const from = rows.findIndex((row) => row.id === id);
    const to = from + step;
    if (to < 0 || to >= rows.length) return { moved: false };
    const order = rows.map((row) => row.id);
    [order[from], order[to]] = [order[to], order[from]];
    const changed = order.flatMap((rowId, index) => (rows[index].id === rowId && rows[index].sortOrder === index ? [] : [{ rowId, index }]));
    for (const { rowId, index } of changed) {
      await tx.$executeRaw`UPDATE ${Prisma.raw(`"${table}"`)} SET "sortOrder" = ${index} WHERE id = ${rowId}::uuid`;
    }
    // Positions as people count them (1 is the top), not the stored sortOrder.
    await recordAudit(tx, orgId, actor, {
      action: `${AUDIT_TARGET[table]}.moved`,
      target: { type: AUDIT_TARGET[table], id, label: rows[from].label },
      summary: { direction, position: { from: from + 1, to: to + 1 } },
    });
    return { moved: true };
  }, WRITE_TRANSACTION);
}
