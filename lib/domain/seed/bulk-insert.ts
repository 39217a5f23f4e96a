import type { Prisma } from "@/lib/generated/prisma/client";

// Multi-row inserts for large demo tables: one statement per batch, each column sent as a
// single array parameter and spread back into rows by unnest(). A batch of thousands of
// rows is one round trip with a fixed number of parameters, on PostgreSQL and on PGlite.

type Executor = Pick<Prisma.TransactionClient, "$executeRawUnsafe">;

/** A column and the PostgreSQL type of its values (the array parameter is `type[]`). */
export type BulkColumn<Row> = {
  name: string;
  type: "uuid" | "text" | "citext" | "timestamptz" | "boolean" | "int4" | "jsonb" | `"${string}"`;
  value: (row: Row) => string | number | boolean | null;
};

export const DEFAULT_BATCH_SIZE = 5_000;

export async function bulkInsert<Row>(
  db: Executor,
  table: string,
  columns: BulkColumn<Row>[],
  rows: readonly Row[],
  batchSize: number = DEFAULT_BATCH_SIZE,
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = columns.map((column) => `"${column.name}"`).join(", ");
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(", ");
  const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
  let inserted = 0;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const params = columns.map((column) => batch.map(column.value));
    inserted += await db.$executeRawUnsafe(sql, ...params);
  }
  return inserted;
}

/** Timestamps travel as ISO strings: exact to the millisecond, and the cast is explicit. */
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
