import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { resetPreparedStatements, runStatement } from "./prepared-statements";

// One connection, so what the statements did to it can be read back from the server.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
afterAll(() => pool.end());
afterEach(() => resetPreparedStatements());

const TEXT = "SELECT $1::int + 1 AS n";
const prepared = async () =>
  (await pool.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE statement = $1", [TEXT])).rows.map((row) => row.name);

describe("named prepared statements", () => {
  it("are prepared once on a connection and reused", async () => {
    expect((await runStatement(pool, TEXT, [1], true)).rows).toEqual([{ n: 2 }]);
    expect((await runStatement(pool, TEXT, [41], true)).rows).toEqual([{ n: 42 }]);
    const names = await prepared();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^svc_[0-9a-f]{24}$/);
    await pool.query("DEALLOCATE ALL");
  });

  it("run unnamed when turned off", async () => {
    expect((await runStatement(pool, TEXT, [1], false)).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toEqual([]);
  });

  it("a connection that lost its statements (a transaction pooler) still gets its answer, and naming stops", async () => {
    await runStatement(pool, TEXT, [1], true);
    // What a pooler does when the next statement lands on another server connection.
    await pool.query("DEALLOCATE ALL");
    expect((await runStatement(pool, TEXT, [2], true)).rows).toEqual([{ n: 3 }]);
    expect((await runStatement(pool, TEXT, [3], true)).rows).toEqual([{ n: 4 }]);
    expect(await prepared()).toEqual([]);
  });

  it("other errors are the statement's own", async () => {
    await expect(runStatement(pool, "SELECT 1 / $1::int AS n", [0], true)).rejects.toMatchObject({ code: "22012" });
  });
});
