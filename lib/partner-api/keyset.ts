import { Prisma } from "@/lib/generated/prisma/client";
import { decodeCursor, encodeCursor, invalidCursor, readCursorPosition, type CursorPosition } from "./cursor";

// Keyset pagination: "rows after the last one seen" as a row-value comparison on the
// list's sort columns, which PostgreSQL answers from the matching index at any depth.
// The sort always ends with a unique column, so the order is total and a row inserted
// while a client pages can never make it skip or repeat one.

export type SortColumn = { sql: string; cast: "timestamptz" | "uuid" | "text" | "int4" };

export type KeysetPage<Row> = { rows: Row[]; nextCursor: string | null };

type KeysetOptions = {
  /**
   * What the cursor is valid for: collection name plus every id and filter of the list.
   * Null when that is known only after the page's statement: the caller must then
   * verifyCursor before using the page (cursor.ts).
   */
  scope: string | null;
  cursor: string | undefined;
  limit: number;
  direction: "asc" | "desc";
  columns: SortColumn[];
};

/** The parts of a page's query: the cursor's condition, the order, and the rows to take. */
export type KeysetBounds = { after: Prisma.Sql; orderBy: Prisma.Sql; take: number; limit: number; columns: SortColumn[] };

/** Decodes the cursor (INVALID_CURSOR when it was not issued for this list) into the query's parts. */
export function keysetBounds(options: KeysetOptions): KeysetBounds {
  const { columns, direction } = options;
  const tuple = Prisma.raw(`(${columns.map((column) => column.sql).join(", ")})`);
  let after = Prisma.empty;
  if (options.cursor !== undefined) {
    const values =
      options.scope === null
        ? readCursorPosition(options.cursor, columns.length)
        : decodeCursor(options.scope, options.cursor, columns.length);
    // A signed cursor always holds values of its columns' types; checked anyway, as an
    // unverified one is bound as parameters before its signature is (a cast that fails
    // would fail the whole statement).
    values.forEach((value, index) => {
      if (!wellFormed(value, columns[index].cast)) throw invalidCursor();
    });
    const params = Prisma.join(
      values.map((value, index) => Prisma.sql`CAST(${value} AS ${Prisma.raw(columns[index].cast)})`),
    );
    after = Prisma.sql`AND ${tuple} ${Prisma.raw(direction === "asc" ? ">" : "<")} (${params})`;
  }
  const orderBy = Prisma.raw(columns.map((column) => `${column.sql} ${direction.toUpperCase()}`).join(", "));
  // One extra row tells whether another page exists, so the last page says null even when full.
  return { after, orderBy, take: options.limit + 1, limit: options.limit, columns };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function wellFormed(value: unknown, cast: SortColumn["cast"]): boolean {
  switch (cast) {
    case "timestamptz": {
      if (typeof value !== "string") return false;
      const date = new Date(value);
      // Only the form positions are written in (toISOString), so a date that does not exist
      // (February 30th) or a year PostgreSQL would refuse never reaches the statement.
      return !Number.isNaN(date.getTime()) && date.toISOString() === value;
    }
    case "uuid":
      return typeof value === "string" && UUID.test(value);
    case "int4":
      return Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31 - 1;
    case "text":
      return typeof value === "string" && !value.includes("\u0000");
  }
}

export async function keysetPage<Row>(
  options: KeysetOptions & {
    scope: string;
    /** Sort values of a row, in column order (timestamps as ISO strings). */
    position: (row: Row) => CursorPosition;
    fetch: (parts: KeysetBounds) => Promise<Row[]>;
  },
): Promise<KeysetPage<Row>> {
  const rows = await options.fetch(keysetBounds(options));
  const hasMore = rows.length > options.limit;
  const pageRows = hasMore ? rows.slice(0, options.limit) : rows;
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    nextCursor: hasMore && last ? encodeCursor(options.scope, options.position(last)) : null,
  };
}

/** ISO-8601 text of a timestamp column, exactly as Date.toISOString() writes it (millisecond columns, UTC, "Z"). */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A row's cursor position as JSON text, the sort values in column order (timestamps as ISO text). */
function positionJson(columns: SortColumn[]): Prisma.Sql {
  const values = columns.map((column) => (column.cast === "timestamptz" ? isoText(column.sql) : column.sql));
  return Prisma.raw(`json_build_array(${values.join(", ")})::text`);
}

/**
 * A whole page as ONE row, for a page fetched inside another statement (the key's: see
 * key-bound-read.ts). `from` is the page's FROM and WHERE (the cursor's `after` included),
 * `json` a row's JSON text. The row has "pageRows" (how many were fetched, up to
 * limit + 1), "pageBody" (the first `limit` JSON texts joined by commas, in page order;
 * null when none) and "pageLast" (the limit-th row's position, the next page's cursor,
 * made for that row only).
 */
export function keysetSummarySql(bounds: KeysetBounds, parts: { json: Prisma.Sql; from: Prisma.Sql }): Prisma.Sql {
  const { limit, orderBy, take } = bounds;
  return Prisma.sql`
    SELECT count(*)::int AS "pageRows",
           string_agg(p.json, ',' ORDER BY p.n) FILTER (WHERE p.n <= ${limit}) AS "pageBody",
           max(p.position) AS "pageLast"
    FROM (
      SELECT ${parts.json} AS json,
             CASE WHEN row_number() OVER (ORDER BY ${orderBy}) = ${limit} THEN ${positionJson(bounds.columns)} END AS position,
             row_number() OVER (ORDER BY ${orderBy}) AS n
      ${parts.from}
      ORDER BY ${orderBy} LIMIT ${take}
    ) p`;
}

export type KeysetSummary = { pageRows: number | null; pageBody: string | null; pageLast: string | null };

/** The JSON texts of a summarized page, joined by commas, and the cursor of the next page. */
export function keysetSummaryPage(scope: string, limit: number, summary: KeysetSummary) {
  const hasMore = (summary.pageRows ?? 0) > limit && summary.pageLast !== null;
  return {
    body: summary.pageBody ?? "",
    nextCursor: hasMore ? encodeCursor(scope, JSON.parse(summary.pageLast as string) as CursorPosition) : null,
  };
}
