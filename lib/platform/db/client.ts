import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "@/lib/platform/config/env";
import { logger } from "@/lib/platform/observability/logger";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { runStatement } from "./prepared-statements";
import { clientWithTransactionTimeout } from "./transaction-timeout";

// Attendee.partnerJson is the database's copy of the Partner API's JSON, for the read
// path's SQL only (lib/partner-api/read/attendees.ts): the client never selects it.
const OMITTED = { attendee: { partnerJson: true } } as const;

function createClient(pool: pg.Pool) {
  return new PrismaClient({ adapter: new PrismaPg(pool), omit: OMITTED });
}

export type Db = ReturnType<typeof createClient>;

// One pg pool per process, shared by Prisma (through its driver adapter) and by the hot
// read paths of the Partner API (sqlRows), which skip Prisma's result mapping: on a
// 200-row page that mapping costs more than the query. Sharing the pool also keeps the
// embedded database at one connection, so transactions never interleave.

const globalForDb = globalThis as unknown as { __pool?: pg.Pool; __db?: Db; __prepared?: boolean };

export function getPgPool(): pg.Pool {
  if (!globalForDb.__pool) {
    const { databaseUrl, pool, preparedStatements, statementTimeoutMs } = config();
    if (!databaseUrl) {
      throw new Error("DATABASE_URL is not set (npm run dev and npm start set it for the embedded database)");
    }
    const created = new pg.Pool({ connectionString: databaseUrl, ...pool, keepAlive: true, Client: clientWithTransactionTimeout(statementTimeoutMs) });
    // An idle connection that breaks (database restarted, link cut, a pooler's idle
    // cull) is reported here; without a listener pg would throw it and end the process.
    // The pool drops it and opens a fresh one on the next checkout.
    created.on("error", (error) => logger.warn({ err: error.message }, "database connection lost"));
    globalForDb.__pool = created;
    globalForDb.__prepared = preparedStatements;
  }
  return globalForDb.__pool;
}

/** The one Prisma client of this process, created on first use (so builds need no database). */
export function getDb(): Db {
  globalForDb.__db ??= createClient(getPgPool());
  return globalForDb.__db;
}

/**
 * A parameterised query straight through pg, with the same tagged-template syntax as
 * Prisma's $queryRaw. Values are bound as parameters, never spliced into the text.
 */
export async function sqlRows<Row>(strings: TemplateStringsArray, ...values: unknown[]): Promise<Row[]> {
  return sqlQuery<Row>(Prisma.sql(strings, ...values));
}

/**
 * A query built with Prisma.sql, run straight through pg (autocommit: one statement is
 * atomic), as a named prepared statement unless turned off (prepared-statements.ts).
 */
export async function sqlQuery<Row>(query: Prisma.Sql): Promise<Row[]> {
  const pool = getPgPool();
  const result = await runStatement(pool, query.text, query.values as unknown[], globalForDb.__prepared ?? false);
  return result.rows as Row[];
}

/** Closes the client and the pool (CLI and tests); the next getDb() makes new ones. */
export async function disconnectDb(): Promise<void> {
  const { __db: client, __pool: pool } = globalForDb;
  globalForDb.__db = undefined;
  globalForDb.__pool = undefined;
  globalForDb.__prepared = undefined;
  await client?.$disconnect();
  await pool?.end();
}
