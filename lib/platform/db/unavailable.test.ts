import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestOrg } from "@/lib/testing/fixtures";
import { getDb, sqlRows } from "./client";
import { databaseUnavailable, isDatabaseUnavailable } from "./unavailable";

// Real failures from a real PostgreSQL, as each layer reports them: pg directly (the
// hot read paths), and Prisma over adapter-pg (everything else).

// Terminating a backend and statement timeouts need a PostgreSQL server: the embedded
// database (one shared session) has neither, so those cases run on PostgreSQL only.
const onPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL);

const admin = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
afterAll(async () => admin.end());

/** Runs `query`, and terminates its backend (57P01 admin_shutdown) once it is running. */
async function terminatedDuring(query: () => Promise<unknown>, marker: string): Promise<unknown> {
  const pending = query().then(
    () => null,
    (error: unknown) => error,
  );
  for (let i = 0; i < 100; i++) {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid()`,
      [`%${marker}%`],
    );
    if (rowCount) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return pending;
}

describe("isDatabaseUnavailable", () => {
  it.runIf(onPostgres)("recognises a terminated connection reported by pg", async () => {
    const error = await terminatedDuring(() => sqlRows`SELECT pg_sleep(3), 'pg-marker-1'`, "pg-marker-1");
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.runIf(onPostgres)("recognises a terminated connection reported by Prisma over adapter-pg", async () => {
    const error = await terminatedDuring(() => getDb().$queryRaw`SELECT pg_sleep(3), 'prisma-marker-2'`, "prisma-marker-2");
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.runIf(onPostgres)("recognises a statement timeout", async () => {
    const error = await getDb()
      .$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL statement_timeout = 50`;
        await tx.$queryRaw`SELECT pg_sleep(1)`;
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a refused connection", async () => {
    const unreachable = new pg.Pool({ connectionString: "postgresql://postgres@127.0.0.1:9/postgres", connectionTimeoutMillis: 1_000 });
    const error = await unreachable.query("SELECT 1").then(
      () => null,
      (e: unknown) => e,
    );
    await unreachable.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("leaves ordinary errors alone: a unique violation, a syntax error, a plain Error", async () => {
    const org = await createTestOrg();
    const duplicate = await getDb()
      .organization.create({ data: { id: org.id, name: "dup" } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(duplicate).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    const syntax = await sqlRows`SELEC 1`.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it("answers 503 SERVICE_UNAVAILABLE with Retry-After equal to details.retryAfterSeconds", () => {
    const error = databaseUnavailable();
    expect(error.status).toBe(503);
    expect(error.code).toBe("SERVICE_UNAVAILABLE");
    expect(error.details).toEqual({ reason: "database_unavailable", retryAfterSeconds: 5 });
    expect(error.headers).toEqual({ "retry-after": "5" });
  });
});
