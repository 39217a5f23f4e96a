import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { disconnectDb, sqlRows } from "@/lib/platform/db/client";
import { isolateDatabase } from "@/lib/testing/isolated-database";

// The two probes through their route handlers, on a database of this file's own (one test
// un-applies a migration).

isolateDatabase();

const latest = fs
  .readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .at(-1)!;

describe("health and readiness", () => {
  let restoreUrl: string | undefined;
  afterEach(async () => {
    if (restoreUrl) {
      await disconnectDb();
      process.env.DATABASE_URL = restoreUrl;
      restoreUrl = undefined;
    }
  });

  it("liveness answers without touching the database", async () => {
    const response = health();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("is ready with every migration applied, naming the schema version only", async () => {
    const response = await ready();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready", schemaVersion: latest });
  });

  it("is not ready while a migration is pending, and says which", async () => {
    const [row] = await sqlRows<Record<string, unknown>>`SELECT * FROM "_prisma_migrations" WHERE migration_name = ${latest}`;
    await sqlRows`DELETE FROM "_prisma_migrations" WHERE migration_name = ${latest}`;
    try {
      const response = await ready();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", reason: "migrations_pending", pending: [latest] });
    } finally {
      await sqlRows`INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
        VALUES (${row.id}, ${row.checksum}, ${row.finished_at}, ${row.migration_name}, NULL, NULL, ${row.started_at}, 1)`;
    }
    expect((await ready()).status).toBe(200);
  });

  it("is not ready when the database does not answer, without revealing where it is", async () => {
    restoreUrl = process.env.DATABASE_URL;
    await disconnectDb();
    process.env.DATABASE_URL = "postgresql://nobody:hunter2-password@127.0.0.1:1/nowhere";
    const response = await ready();
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ status: "unavailable", reason: "database_unreachable" });
    expect(text).not.toMatch(/hunter2|127\.0\.0\.1|nowhere/);
  });
});
