import { randomBytes } from "node:crypto";
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
  const name = `svc_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
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
