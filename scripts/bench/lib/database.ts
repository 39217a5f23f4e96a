import pg from "pg";
import { startEmbeddedDatabase } from "@/lib/platform/db/embedded";
import { migrate } from "@/lib/platform/db/migrate";

// The bench's database. With BENCH_DATABASE_SERVER or DATABASE_URL naming a PostgreSQL
// server, a fresh database (svc_bench, or BENCH_DATABASE_NAME) is created on that server,
// so 100,000 bench attendees never land in a developer's working database; it is dropped
// at the end unless BENCH_KEEP_DATABASE=1. Without either, an in-memory embedded database
// (PGlite) is started for the run: it has one session, so the figures then say little
// about PostgreSQL, and the output says which one was used.

export type BenchDatabase = {
  url: string;
  kind: "postgresql" | "embedded-pglite";
  /** What to print: server and database name, never a password. */
  description: string;
  /** Connections the app and the floor may open (1 on PGlite). */
  poolMax: number;
  cleanup: () => Promise<void>;
};

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function prepareBenchDatabase(): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_SERVER || process.env.DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedDatabase("memory://");
    await migrate(embedded.url);
    return {
      url: embedded.url,
      kind: "embedded-pglite",
      description: "embedded PGlite (in memory, one session)",
      poolMax: 1,
      cleanup: embedded.stop,
    };
  }
  const name = process.env.BENCH_DATABASE_NAME || "svc_bench";
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_NAME must be a plain identifier, got ${name}`);
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  await migrate(url);
  const { hostname, port } = new URL(url);
  return {
    url,
    kind: "postgresql",
    description: `PostgreSQL at ${hostname}:${port || 5432}, fresh database ${name}`,
    poolMax: 10,
    cleanup: async () => {
      if (process.env.BENCH_KEEP_DATABASE === "1") return;
      const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
