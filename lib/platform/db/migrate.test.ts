import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR, readMigrations } from "./migrate";
import { createEmptyTestDatabase, createTestDatabase, type TestDatabase } from "@/lib/testing/test-database";

// A database of its own (not the shared test database), on the same kind of server.
const serverUrl = process.env.TEST_DATABASE_SERVER_URL;

describe("migration runner", () => {
  let database: TestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it("records every migration as prisma migrate deploy does", async () => {
    const { rows } = await client.query(
      `SELECT id, checksum, migration_name, finished_at, logs, rolled_back_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const files = readMigrations();
    expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
    for (const [index, row] of rows.entries()) {
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, files[index].name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("is a no-op the second time", async () => {
    const before = await client.query(`SELECT id, finished_at FROM "_prisma_migrations" ORDER BY id`);
    const result = await migrate(database.url);
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBe(readMigrations().length);
    expect(result.warnings).toEqual([]);
    const after = await client.query(`SELECT id, finished_at FROM "_prisma_migrations" ORDER BY id`);
    expect(after.rows).toEqual(before.rows);
  });

  it("refuses to continue past a failed migration and warns on an edited one", async () => {
    const dir = fs.mkdtempSync(path.join(MIGRATIONS_DIR, "..", ".tmp-migrations-"));
    try {
      for (const file of readMigrations()) {
        fs.mkdirSync(path.join(dir, file.name));
        fs.writeFileSync(path.join(dir, file.name, "migration.sql"), file.sql);
      }
      // An edited, already-applied migration: warned about, not re-run.
      const first = readMigrations()[0];
      fs.appendFileSync(path.join(dir, first.name, "migration.sql"), "\n-- edited\n");
      fs.mkdirSync(path.join(dir, "99990101000000_broken"));
      fs.writeFileSync(path.join(dir, "99990101000000_broken", "migration.sql"), "SELECT * FROM no_such_table;");

      await expect(migrate(database.url, dir)).rejects.toThrow(/99990101000000_broken failed/);
      const { rows } = await client.query(
        `SELECT finished_at, logs FROM "_prisma_migrations" WHERE migration_name = '99990101000000_broken'`,
      );
      expect(rows[0].finished_at).toBeNull();
      expect(rows[0].logs).toMatch(/no_such_table/);
      await expect(migrate(database.url, dir)).rejects.toThrow(/failed earlier and was not rolled back/);

      await client.query(`DELETE FROM "_prisma_migrations" WHERE migration_name = '99990101000000_broken'`);
      fs.rmSync(path.join(dir, "99990101000000_broken"), { recursive: true });
      const result = await migrate(database.url, dir);
      expect(result.warnings).toEqual([`Migration ${first.name} was modified after it was applied (checksum differs).`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives the attendees that existed before attendee_partner_json their JSON", async () => {
    const dir = fs.mkdtempSync(path.join(MIGRATIONS_DIR, "..", ".tmp-migrations-"));
    let earlier: TestDatabase | undefined;
    let upgraded: pg.Client | undefined;
    try {
      for (const file of readMigrations().filter((migration) => migration.name < "20261127031500_attendee_partner_json")) {
        fs.mkdirSync(path.join(dir, file.name));
        fs.writeFileSync(path.join(dir, file.name, "migration.sql"), file.sql);
      }
      earlier = await createTestDatabase(serverUrl, dir);
      upgraded = new pg.Client({ connectionString: earlier.url });
      await upgraded.connect();
      await upgraded.query(`
        WITH o AS (INSERT INTO "Organization" (name, "updatedAt") VALUES ('Before', now()) RETURNING id),
             e AS (INSERT INTO "Event" ("orgId", slug, name, "startAt", "endAt", timezone, "updatedAt")
                   SELECT id, 'before', 'Before', now(), now(), 'UTC', now() FROM o RETURNING id)
        INSERT INTO "Attendee" (id, "eventId", "displayName", email, company, "jobTitle", status, "visibleInList", "badgeCode",
                                "qrToken", "invitedAt", "checkedInAt", "createdAt", "updatedAt")
        SELECT '6f0c2a4e-8d1b-4c3a-9e5f-0a1b2c3d4e5f', id, 'Ada "Countess" Lovelace', 'Ada@Example.com', NULL, 'Analyst', 'active',
               true, 'ADA123', 'qr-before', '2026-01-02T03:04:05.006Z', NULL, '2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.120Z'
        FROM e`);

      await migrate(earlier.url);

      const { rows } = await upgraded.query(`SELECT "eventId", "partnerJson" FROM "Attendee"`);
      expect(rows).toHaveLength(1);
      expect(JSON.parse(rows[0].partnerJson)).toEqual({
        id: "6f0c2a4e-8d1b-4c3a-9e5f-0a1b2c3d4e5f",
        eventId: rows[0].eventId,
        displayName: 'Ada "Countess" Lovelace',
        email: "Ada@Example.com",
        company: null,
        jobTitle: "Analyst",
        status: "active",
        visibleInList: true,
        badgeCode: "ADA123",
        invitedAt: "2026-01-02T03:04:05.006Z",
        checkedInAt: null,
        createdAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-03T00:00:00.120Z",
      });
      const column = await upgraded.query(
        `SELECT is_nullable FROM information_schema.columns WHERE table_name = 'Attendee' AND column_name = 'partnerJson'`,
      );
      expect(column.rows).toEqual([{ is_nullable: "NO" }]);
    } finally {
      await upgraded?.end();
      await earlier?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(Boolean(serverUrl))("is not cut short by a statement_timeout the operator set for the app's role or database", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slow-migration-"));
    fs.mkdirSync(path.join(dir, "20990101000000_slow"));
    fs.writeFileSync(path.join(dir, "20990101000000_slow", "migration.sql"), "SELECT pg_sleep(0.5);\n");
    const bounded = await createEmptyTestDatabase(serverUrl!);
    try {
      const admin = new pg.Client({ connectionString: bounded.url });
      await admin.connect();
      await admin.query(`ALTER DATABASE "${new URL(bounded.url).pathname.slice(1)}" SET statement_timeout = '100ms'`);
      await admin.end();
      expect((await migrate(bounded.url, dir)).applied).toEqual(["20990101000000_slow"]);
    } finally {
      await bounded.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
