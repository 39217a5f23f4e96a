import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresActivity } from "./postgres-activity";

// bench:api's transactions and WAL bytes per request are differences of two readings.

const onLocalPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL);

describe("PostgreSQL's activity from its statistics", () => {
  it.runIf(onLocalPostgres)("counts committed transactions and the WAL they wrote", async () => {
    const url = process.env.DATABASE_URL!;
    const table = `activity_probe_${process.pid}`;
    const before = await postgresActivity(url);
    expect(before).not.toBeNull();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Not a temporary table: those write no WAL.
      await client.query(`CREATE TABLE ${table} (n int, padding text)`);
      for (let i = 0; i < 20; i++) await client.query(`INSERT INTO ${table} SELECT g, repeat('x', 100) FROM generate_series(1, 50) g`);
      // A backend publishes its counts when idle, at most once a second: ask for it now.
      await client.query("SELECT pg_stat_force_next_flush()");
    } finally {
      await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
      await client.end();
    }
    let after = await postgresActivity(url);
    for (let wait = 0; wait < 40 && after!.transactions - before!.transactions < 20; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await postgresActivity(url);
    }
    expect(after!.transactions - before!.transactions).toBeGreaterThanOrEqual(20);
    // 1,000 rows of over 100 bytes each.
    expect(after!.walBytes - before!.walBytes).toBeGreaterThan(100_000);
  });

  it("is null for a database that is not on this machine", async () => {
    expect(await postgresActivity("postgresql://user@db.example.com:5432/app")).toBeNull();
    expect(await postgresActivity(undefined)).toBeNull();
  });
});
