import { spawnSync } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { dropLeftoverTestDatabases, TEST_DATABASE_PREFIX } from "./test-database";

// A run killed before its teardown leaves its database behind; the next run drops it, and
// only it: not a database of a run still going (its process alive, or a connection open),
// not one without the project's prefix.

const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
const made: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseOf(name: string, owner: { host: string; pid: number } | null) {
  made.push(name);
  await admin(async (client) => {
    await client.query(`CREATE DATABASE "${name}"`);
    if (owner) await client.query(`COMMENT ON DATABASE "${name}" IS ${pg.escapeLiteral(JSON.stringify(owner))}`);
  });
}

const exists = (name: string) => admin(async (client) => (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1);

afterAll(async () => {
  if (serverUrl) await admin(async (client) => { for (const name of made) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); });
});

describe.runIf(serverUrl)("dropLeftoverTestDatabases", () => {
  it("drops a killed run's database and keeps a live run's, an open one, another machine's and a foreign one", async () => {
    const deadPid = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const stamp = `${Date.now()}_${Math.random().toString(16).slice(2, 8)}`;
    const killed = `${TEST_DATABASE_PREFIX}${stamp}_a`;
    const running = `${TEST_DATABASE_PREFIX}${stamp}_b`;
    const connected = `${TEST_DATABASE_PREFIX}${stamp}_c`;
    const elsewhere = `${TEST_DATABASE_PREFIX}${stamp}_d`;
    const foreign = `other_${stamp}`;
    await databaseOf(killed, { host: os.hostname(), pid: deadPid });
    await databaseOf(running, { host: os.hostname(), pid: process.pid });
    await databaseOf(connected, { host: os.hostname(), pid: deadPid });
    await databaseOf(elsewhere, { host: `not-${os.hostname()}`, pid: deadPid });
    await databaseOf(foreign, { host: os.hostname(), pid: deadPid });
    const url = new URL(serverUrl!);
    url.pathname = `/${connected}`;
    const open = new pg.Client({ connectionString: url.toString() });
    await open.connect();
    try {
      const dropped = await dropLeftoverTestDatabases(serverUrl!);
      expect(dropped).toContain(killed);
      expect(await exists(killed)).toBe(false);
      for (const kept of [running, connected, elsewhere, foreign]) expect(await exists(kept), kept).toBe(true);
    } finally {
      await open.end();
    }
  }, 120_000);
});
