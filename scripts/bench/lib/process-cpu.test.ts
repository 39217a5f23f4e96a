import fs from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { localPostgresCpuMs } from "./process-cpu";

// bench:api's PostgreSQL CPU per request is the difference of two readings, so a reading
// must not lose the time of a backend that has ended (a pool closing idle connections).

const onLocalPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL) && process.platform === "linux";

describe("PostgreSQL's CPU time from /proc", () => {
  it.runIf(onLocalPostgres)("counts a backend's work, and keeps it once the backend has ended", async () => {
    const url = process.env.DATABASE_URL!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const start = localPostgresCpuMs(url);
    expect(start).not.toBeNull();
    // About a quarter of a second of one backend's CPU.
    await client.query("SELECT count(*) FROM generate_series(1, 3000000) g WHERE g % 7 = 0");
    const worked = localPostgresCpuMs(url)!;
    expect(worked - start!).toBeGreaterThanOrEqual(50);

    await client.end();
    const deadline = Date.now() + 5_000;
    while (fs.existsSync(`/proc/${rows[0].pid}`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fs.existsSync(`/proc/${rows[0].pid}`)).toBe(false);
    expect(localPostgresCpuMs(url)!).toBeGreaterThanOrEqual(worked);
  });

  it("is null for a database that is not on this machine", () => {
    expect(localPostgresCpuMs("postgresql://user@db.example.com:5432/app")).toBeNull();
    expect(localPostgresCpuMs(undefined)).toBeNull();
  });
});
