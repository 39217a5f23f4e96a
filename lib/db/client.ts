import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/observability/logger";

export type Db = PrismaClient;

// One pg pool per process, shared by Prisma (through its driver adapter) and by the hot
// read paths of the Partner API (sqlRows), which skip Prisma's result mapping: on a
// 200-row page that mapping costs more than the query. Sharing the pool also keeps the
// embedded database at one connection, so transactions never interleave.

const globalForDb = globalThis as unknown as { __pool?: pg.Pool; __db?: PrismaClient };

// Bounded waits, so a database that is down or unreachable turns into a quick error
// (503 database_unavailable in the Partner API) instead of a request that hangs:
// getting a connection (a new one, or a free one from a busy pool), a statement on the
// server, and a reply on the wire (a silently dropped link never answers at all).
const POOL_DEFAULTS = { connectTimeoutMs: 2_000, statementTimeoutMs: 4_000, queryTimeoutMs: 4_500 };

function envMs(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function getPgPool(): pg.Pool {
  if (!globalForDb.__pool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) {
      throw new Error("DATABASE_URL is not set (npm run dev and npm start set it for the embedded database)");
    }
    const pool = new pg.Pool({
      connectionString,
      max: Number(process.env.DATABASE_POOL_MAX ?? 10),
      connectionTimeoutMillis: envMs("DATABASE_CONNECT_TIMEOUT_MS", POOL_DEFAULTS.connectTimeoutMs),
      statement_timeout: envMs("DATABASE_STATEMENT_TIMEOUT_MS", POOL_DEFAULTS.statementTimeoutMs),
      query_timeout: envMs("DATABASE_QUERY_TIMEOUT_MS", POOL_DEFAULTS.queryTimeoutMs),
      keepAlive: true,
    });
    // An idle connection that breaks (database restarted, link cut) is reported here;
    // without a listener pg would throw it and end the process. The pool drops it and
    // opens a fresh one on the next checkout.
    pool.on("error", (error) => logger.warn({ err: error.message }, "database connection lost"));
    globalForDb.__pool = pool;
  }
  return globalForDb.__pool;
}

/** The one Prisma client of this process, created on first use (so builds need no database). */
export function getDb(): PrismaClient {
  globalForDb.__db ??= new PrismaClient({ adapter: new PrismaPg(getPgPool()) });
  return globalForDb.__db;
}

/**
 * A parameterised query straight through pg, with the same tagged-template syntax as
 * Prisma's $queryRaw. Values are bound as parameters, never spliced into the text.
 */
export async function sqlRows<Row>(strings: TemplateStringsArray, ...values: unknown[]): Promise<Row[]> {
  const query = Prisma.sql(strings, ...values);
  const result = await getPgPool().query(query.text, query.values as unknown[]);
  return result.rows as Row[];
}

/** Closes the client and the pool (CLI and tests); the next getDb() makes new ones. */
export async function disconnectDb(): Promise<void> {
  const { __db: client, __pool: pool } = globalForDb;
  globalForDb.__db = undefined;
  globalForDb.__pool = undefined;
  await client?.$disconnect();
  await pool?.end();
}
