import { sqlQuery } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// A route's read that runs inside the statement that checks the request's key
// (authenticate.ts), so a read request costs one database round trip instead of two.
// The read's SQL is given the key's organization id as an expression, which is NULL
// whenever the request is going to be refused before the read's turn (key not live,
// rate limit exceeded, scope missing): every read filters by that organization, so then
// it finds nothing and costs an index probe. An organization that is locked (billing,
// suspension, platform switch) is decided afterwards, from the key's row: its read has
// run but is dropped unseen, as the refusal comes first.
//
// The same read also runs on its own (runKeyBoundRead) for code outside a request.

export type KeyBoundRead<T> = {
  /**
   * A query returning at most one row, every column named with the read's own prefix
   * (never a name of the key's row, e.g. "attendeeJson", "pageBody"). `org` is the
   * organization to read for, as an SQL expression of type uuid.
   */
  sql: (org: Prisma.Sql) => Prisma.Sql;
  /**
   * The route's result from that row (its columns null when the query found none) and
   * the organization it was read for; may throw (404, INVALID_CURSOR).
   */
  finish: (row: Record<string, unknown>, orgId: string) => T;
};

/** The read for one organization, in a statement of its own. */
export async function runKeyBoundRead<T>(read: KeyBoundRead<T>, orgId: string): Promise<T> {
  const rows = await sqlQuery<Record<string, unknown>>(Prisma.sql`
    SELECT bound.* FROM (SELECT ${orgId}::uuid AS id) AS org
    LEFT JOIN LATERAL (${read.sql(Prisma.raw("org.id"))}) AS bound ON true`);
  return read.finish(rows[0] ?? {}, orgId);
}
