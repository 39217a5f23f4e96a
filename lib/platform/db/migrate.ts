import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// Applies prisma/migrations/<name>/migration.sql in name order and records each one in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, same advisory
// lock, same sha256 checksum of the file's bytes), so either tool can take a database over.
// We need our own runner because Prisma's native schema engine cannot be downloaded here.

const PRISMA_ADVISORY_LOCK = 72707369;

export const MIGRATIONS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

export type MigrateResult = { applied: string[]; alreadyApplied: number; warnings: string[] };

type Migration = { name: string; sql: Buffer; checksum: string };

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"));
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function migrate(connectionString: string, dir: string = MIGRATIONS_DIR): Promise<MigrateResult> {
  const migrations = readMigrations(dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // A direct session of its own: a statement_timeout the operator set on the role for the
    // app's statements (docs/deploy.md, Scaling out) must not cut a long migration short.
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum"            VARCHAR(64) NOT NULL,
      "finished_at"         TIMESTAMPTZ,
      "migration_name"      VARCHAR(255) NOT NULL,
      "logs"                TEXT,
      "rolled_back_at"      TIMESTAMPTZ,
      "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`);

    const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) {
      throw new Error(
        `Migration ${failed.migration_name} failed earlier and was not rolled back. Fix the database by hand, then mark it rolled back or applied.`,
      );
    }

    const applied = new Map(rows.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row]));
    const result: MigrateResult = { applied: [], alreadyApplied: 0, warnings: [] };
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous) {
        result.alreadyApplied += 1;
        if (previous.checksum !== migration.checksum) {
          result.warnings.push(`Migration ${migration.name} was modified after it was applied (checksum differs).`);
        }
        continue;
      }
      const id = randomUUID();
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
        [id, migration.checksum, migration.name],
      );
      try {
        // One simple-protocol query for the whole file, as Prisma does.
        await client.query(migration.sql.toString("utf8"));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, message]);
        throw new Error(`Migration ${migration.name} failed: ${message}`);
      }
      await client.query(
        `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
        [id],
      );
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
}
