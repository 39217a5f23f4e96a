import { Prisma } from "@/lib/generated/prisma/client";
import { decodeCursor, encodeCursor, type CursorPosition } from "./cursor";

// Keyset pagination: "rows after the last one seen" as a row-value comparison on the
// list's sort columns, which PostgreSQL answers from the matching index at any depth.
// The sort always ends with a unique column, so the order is total and a row inserted
// while a client pages can never make it skip or repeat one.

export type SortColumn = { sql: string; cast: "timestamptz" | "uuid" | "text" | "int4" };

export type KeysetPage<Row> = { rows: Row[]; nextCursor: string | null };

export async function keysetPage<Row>(options: {
  /** What the cursor is valid for: collection name plus every id and filter of the list. */
  scope: string;
  cursor: string | undefined;
  limit: number;
  direction: "asc" | "desc";
  columns: SortColumn[];
  /** Sort values of a row, in column order (timestamps as ISO strings). */
  position: (row: Row) => CursorPosition;
  fetch: (parts: { after: Prisma.Sql; orderBy: Prisma.Sql; take: number }) => Promise<Row[]>;
}): Promise<KeysetPage<Row>> {
  const { columns, direction } = options;
  const tuple = Prisma.raw(`(${columns.map((column) => column.sql).join(", ")})`);
  let after = Prisma.empty;
  if (options.cursor !== undefined) {
    const values = decodeCursor(options.scope, options.cursor, columns.length);
    const params = Prisma.join(
      values.map((value, index) => Prisma.sql`CAST(${value} AS ${Prisma.raw(columns[index].cast)})`),
    );
    after = Prisma.sql`AND ${tuple} ${Prisma.raw(direction === "asc" ? ">" : "<")} (${params})`;
  }
  const orderBy = Prisma.raw(columns.map((column) => `${column.sql} ${direction.toUpperCase()}`).join(", "));
  // One extra row tells whether another page exists, so the last page says null even when full.
  const rows = await options.fetch({ after, orderBy, take: options.limit + 1 });
  const hasMore = rows.length > options.limit;
  const pageRows = hasMore ? rows.slice(0, options.limit) : rows;
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    nextCursor: hasMore && last ? encodeCursor(options.scope, options.position(last)) : null,
  };
}
