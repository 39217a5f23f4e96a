import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { migrate } from "./migrate";
import { freePort } from "@/lib/platform/lifecycle/free-port";

// The embedded default: PGlite (PostgreSQL compiled to wasm) behind a socket server, so
// the app reaches it through the same pg driver and Prisma adapter as a real server.

export const EMBEDDED_DATA_DIR = path.join(process.cwd(), ".data", "pglite");
const SERVER_FILE = path.join(process.cwd(), ".data", "pglite-server.json");

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };


/** Starts PGlite on a free loopback port. `dataDir` "memory://" keeps nothing on disk. */
export async function startEmbeddedDatabase(dataDir: string = EMBEDDED_DATA_DIR): Promise<EmbeddedDatabase> {
  if (dataDir !== "memory://") fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { citext } });
  const port = await freePort();
  // One PGlite session is shared by every connection: callers keep their pool at one
  // connection (DATABASE_POOL_MAX=1) so that transactions never interleave.
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 16 });
  await server.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  const persistent = dataDir === EMBEDDED_DATA_DIR;
  if (persistent) fs.writeFileSync(SERVER_FILE, JSON.stringify({ pid: process.pid, url }));
  return {
    url,
    stop: async () => {
      if (persistent) fs.rmSync(SERVER_FILE, { force: true });
      await server.stop();
      await db.close();
    },
  };
}

/** The URL of an embedded database another local process (e.g. `npm run dev`) is serving. */
export function runningEmbeddedDatabaseUrl(): string | null {
  try {
    const { pid, url } = JSON.parse(fs.readFileSync(SERVER_FILE, "utf8")) as { pid: number; url: string };
    process.kill(pid, 0); // throws when that process is gone
    return url;
  } catch {
    return null;
  }
}

/**
 * Makes sure process.env.DATABASE_URL names a database: the configured server, the embedded
 * database another local process already serves, or a new embedded one started here.
 */
export async function ensureDatabaseUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const running = runningEmbeddedDatabaseUrl();
  let embedded: EmbeddedDatabase;
  if (running) {
    embedded = { url: running, stop: async () => {} };
  } else {
    // Nobody else serves it: open it here, and bring its schema up to date (a no-op when current).
    embedded = await startEmbeddedDatabase();
    await migrate(embedded.url);
  }
  process.env.DATABASE_URL = embedded.url;
  process.env.DATABASE_POOL_MAX = "1";
  // Every connection shares PGlite's one session, so a statement one process names is
  // already there for the next (a restarted server, the CLI): statements stay unnamed.
  process.env.DATABASE_PREPARED_STATEMENTS ||= "off";
  return embedded;
}
