import { createHash } from "node:crypto";
import type pg from "pg";
import { logger } from "@/lib/platform/observability/logger";

// The statements of sqlQuery (the Partner API's key check, its pages and writes, the
// webhook sweep) run as named prepared statements: PostgreSQL then plans each once per
// connection instead of on every execution. Measured here: a quarter of the database's
// CPU time for the key check, 40 % for a 200-row page (docs/benchmarks.md). The texts are
// the code's own, with every value a parameter, so the set of names is small and fixed.
//
// A pooler in transaction mode that does not keep prepared statements (PgBouncer before
// 1.21, Supabase's transaction pooler) answers "prepared statement ... does not exist" or
// "... already exists" before running anything, and a table altered under a running
// server (a deploy's migration) can answer "cached plan must not change result type".
// Then the statement runs again unnamed, and this process stops naming statements, with
// one warning that says how to turn them off for good.

const names = new Map<string, string>();
const state = { givenUp: false };

/** Errors that mean the named statement was not run, and naming should stop. */
const NOT_KEPT = new Set([
  "26000", // invalid_sql_statement_name: prepared on another server connection
  "42P05", // duplicate_prepared_statement: another client's statement of that name
  "0A000", // feature_not_supported: cached plan must not change result type
]);

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `svc_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

function notKept(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && NOT_KEPT.has(code);
}

/** Runs one statement, named when `prepared` (and naming has not failed in this process). */
export async function runStatement(pool: pg.Pool, text: string, values: unknown[], prepared: boolean): Promise<pg.QueryResult> {
  if (!prepared || state.givenUp) return pool.query(text, values);
  try {
    return await pool.query({ name: statementName(text), text, values });
  } catch (error) {
    if (!notKept(error)) throw error;
    if (!state.givenUp) {
      state.givenUp = true;
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        "prepared statements are not kept by this database connection (a transaction pooler?): running statements unnamed; set DATABASE_PREPARED_STATEMENTS=off",
      );
    }
    return pool.query(text, values);
  }
}

/** Tests: naming again after a simulated failure. */
export function resetPreparedStatements(): void {
  state.givenUp = false;
}
