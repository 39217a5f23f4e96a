import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { startEmbeddedDatabase } from "@/lib/platform/db/embedded";
import { migrate, MIGRATIONS_DIR } from "@/lib/platform/db/migrate";

export type TestDatabase = { url: string; poolMax: number; drop: () => Promise<void> };

/**
 * A fresh, migrated database: a new database on the configured server, or an in-memory
 * embedded one when DATABASE_URL is not set. `migrationsDir`: another set of migrations
 * (a test of one migration applies those before it first).
 */
export async function createTestDatabase(serverUrl: string | undefined, migrationsDir = MIGRATIONS_DIR): Promise<TestDatabase> {
  if (!serverUrl) {
    const embedded = await startEmbeddedDatabase("memory://");
    await migrate(embedded.url, migrationsDir);
    return { url: embedded.url, poolMax: 1, drop: embedded.stop };
  }
  const database = await createEmptyTestDatabase(serverUrl);
  await migrate(database.url, migrationsDir);
  return database;
}

/** A new database on the PostgreSQL server of `serverUrl` with nothing in it, not even migrations. */
export async function createEmptyTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  // Who made it: dropLeftoverTestDatabases drops it once that process is gone.
  await admin.query(`COMMENT ON DATABASE "${name}" IS ${pg.escapeLiteral(owner())}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    poolMax: 10,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Every database a test run of this project creates is named so. */
export const TEST_DATABASE_PREFIX = "svc_test_";
/** A database made before owners were recorded counts as left over after this long. */
const UNOWNED_AGE_MS = 24 * 60 * 60 * 1000;

function owner(): string {
  return JSON.stringify({ host: os.hostname(), pid: process.pid });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Drops the test databases earlier runs left behind (a run killed before its teardown):
 * only databases named with TEST_DATABASE_PREFIX, only those whose creating process on
 * this machine has ended (or, made before owners were recorded, older than a day), and
 * never one with a connection open — DROP without FORCE refuses those, so a run still in
 * progress in parallel keeps its database. Returns the names dropped.
 */
export async function dropLeftoverTestDatabases(serverUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const dropped: string[] = [];
  try {
    const { rows } = await client.query<{ name: string; comment: string | null }>(
      `SELECT datname AS name, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE starts_with(datname, $1)`,
      [TEST_DATABASE_PREFIX],
    );
    for (const { name, comment } of rows) {
      if (!leftOver(name, comment)) continue;
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}"`);
        dropped.push(name);
      } catch {
        // In use (a connection is open): not a leftover after all.
      }
    }
  } finally {
    await client.end();
  }
  return dropped;
}

function leftOver(name: string, comment: string | null): boolean {
  let recorded: { host?: unknown; pid?: unknown } | null = null;
  try {
    recorded = comment ? (JSON.parse(comment) as { host?: unknown; pid?: unknown }) : null;
  } catch {
    recorded = null;
  }
  if (recorded && typeof recorded.pid === "number") return recorded.host === os.hostname() && !alive(recorded.pid);
  const createdAt = Number(/^svc_test_(\d{13})_/.exec(name)?.[1]);
  return Number.isFinite(createdAt) && Date.now() - createdAt > UNOWNED_AGE_MS;
}
