import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/platform/observability/logger";
import { startPgBouncer, type PgBouncer } from "@/lib/testing/pgbouncer";
import { disconnectDb, getDb, sqlRows } from "./client";
import { resetPreparedStatements } from "./prepared-statements";
import { isDatabaseUnavailable } from "./unavailable";

// The app's own pool (lib/platform/db/client.ts) through a real PgBouncer configured as Neon's
// pooled URL and a stock install are: transaction mode, and every startup parameter but
// extra_float_digits refused. One server connection, so whatever a statement leaves on
// it would be seen by the next client.

const onPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL);
const directUrl = process.env.DATABASE_URL!;
const saved = { url: process.env.DATABASE_URL, prepared: process.env.DATABASE_PREPARED_STATEMENTS };

let pooler: PgBouncer;

async function usePool(url: string, prepared?: "on" | "off") {
  await disconnectDb();
  resetPreparedStatements();
  process.env.DATABASE_URL = url;
  if (prepared) process.env.DATABASE_PREPARED_STATEMENTS = prepared;
  else delete process.env.DATABASE_PREPARED_STATEMENTS;
}

async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

describe.runIf(onPostgres)("behind a stock PgBouncer in transaction mode", () => {
  beforeAll(async () => {
    pooler = await startPgBouncer(process.env.TEST_DATABASE_SERVER_URL!, { poolSize: 1 });
  }, 120_000);
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await disconnectDb();
    process.env.DATABASE_URL = saved.url;
    if (saved.prepared === undefined) delete process.env.DATABASE_PREPARED_STATEMENTS;
    else process.env.DATABASE_PREPARED_STATEMENTS = saved.prepared;
    await pooler?.stop();
  });

  it("connects: the pool sends no startup parameter the pooler refuses", async () => {
    await usePool(pooler.url(directUrl), "off");
    expect(await sqlRows<{ one: number }>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    expect(typeof (await getDb().organization.count())).toBe("number");
    expect(await getDb().$transaction(async (tx) => tx.$queryRaw<{ two: number }[]>`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
    expect(pooler.log()).not.toMatch(/unsupported startup parameter|pooler error/);
  });

  it("bounds statements inside a transaction on the server, and the bound ends with the transaction", async () => {
    await usePool(pooler.url(directUrl), "off");
    const inside = await getDb().$transaction(async (tx) => tx.$queryRaw<{ timeout: string }[]>`SELECT current_setting('statement_timeout') AS timeout`);
    expect(inside).toEqual([{ timeout: "4s" }]);

    const { error, ms } = await failure(getDb().$transaction(async (tx) => tx.$queryRaw`SELECT pg_sleep(30)`, { timeout: 20_000 }));
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error ?? {}))).toMatch(/57014|statement timeout/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeLessThan(15_000);

    // The pooler's one server connection served both transactions; outside one it has the
    // role's own setting again (this server's default: none).
    const direct = new pg.Client({ connectionString: directUrl });
    await direct.connect();
    const { rows: expected } = await direct.query<{ statement_timeout: string }>("SHOW statement_timeout");
    await direct.end();
    expect(await sqlRows<{ statement_timeout: string }>`SELECT current_setting('statement_timeout') AS statement_timeout`).toEqual(expected);
  });

  it("bounds a statement outside a transaction on the client, and frees its connection", async () => {
    await usePool(pooler.url(directUrl), "off");
    const { error, ms } = await failure(sqlRows`SELECT pg_sleep(30)`);
    expect(String(error)).toMatch(/Query read timeout/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(ms).toBeLessThan(15_000);
    expect(await sqlRows<{ three: number }>`SELECT 3 AS three`).toEqual([{ three: 3 }]);
  });

  describe("prepared statements, which PgBouncer 1.18 does not keep", () => {
    const run = () => Promise.all(Array.from({ length: 24 }, (_, i) => sqlRows<{ n: number }>`SELECT ${i}::int + 1 AS n`));
    const expected = Array.from({ length: 24 }, (_, i) => [{ n: i + 1 }]);

    it.each([
      ["?pgbouncer=true in the URL", () => `${pooler.url(directUrl)}?pgbouncer=true`, undefined],
      ["DATABASE_PREPARED_STATEMENTS=off", () => pooler.url(directUrl), "off" as const],
    ])("stay off with %s", async (_name, url, prepared) => {
      await usePool(url(), prepared);
      const warn = vi.spyOn(logger, "warn");
      expect(await run()).toEqual(expected);
      expect(await run()).toEqual(expected);
      expect(warn).not.toHaveBeenCalled();
      expect(pooler.log()).not.toMatch(/unsupported startup parameter/);
    });

    it("are given up on the first sign that the pooler lost one, without failing any statement", async () => {
      await usePool(pooler.url(directUrl));
      const warn = vi.spyOn(logger, "warn");
      for (let round = 0; round < 3; round++) expect(await run()).toEqual(expected);
      const notices = warn.mock.calls.filter(([, message]) => String(message).startsWith("prepared statements are not kept"));
      expect(notices).toHaveLength(1);
    });
  });
});
