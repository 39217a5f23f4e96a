import fs from "node:fs";
import path from "node:path";
import { getPgPool } from "@/lib/platform/db/client";

// Readiness: the database answers and every migration shipped with this build is applied
// (per _prisma_migrations, as `prisma migrate deploy` and lib/platform/db/migrate.ts record them).
// The answer names the schema version (the latest migration) and nothing else: no
// versions of dependencies, no connection details.

export type Readiness =
  | { ready: true; schemaVersion: string }
  | { ready: false; reason: "database_unreachable" | "migrations_pending" | "migration_failed"; detail?: { pending?: string[]; failed?: string } };

const QUERY_TIMEOUT_MS = 3_000;

let shipped: string[] | undefined;

/** The migrations in this build (next.config.ts traces prisma/migrations into the route). */
function shippedMigrations(): string[] {
  shipped ??= fs
    .readdirSync(path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return shipped;
}

type MigrationRow = { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null };

export async function checkReadiness(): Promise<Readiness> {
  let rows: MigrationRow[];
  try {
    const pool = getPgPool();
    const query = pool.query<MigrationRow>({ text: `SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`, values: [] });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), QUERY_TIMEOUT_MS);
    });
    rows = (await Promise.race([query, timeout]).finally(() => clearTimeout(timer))).rows;
  } catch (error) {
    // 42P01: no _prisma_migrations table yet, i.e. nothing applied.
    if ((error as { code?: string }).code === "42P01") return { ready: false, reason: "migrations_pending", detail: { pending: shippedMigrations() } };
    return { ready: false, reason: "database_unreachable" };
  }
  const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) return { ready: false, reason: "migration_failed", detail: { failed: failed.migration_name } };
  const applied = new Set(rows.filter((row) => row.finished_at !== null && row.rolled_back_at === null).map((row) => row.migration_name));
  const all = shippedMigrations();
  const pending = all.filter((name) => !applied.has(name));
  if (pending.length > 0) return { ready: false, reason: "migrations_pending", detail: { pending } };
  return { ready: true, schemaVersion: all[all.length - 1] ?? "none" };
}
