import { randomBytes } from "node:crypto";
import pg from "pg";
import { startTcpProxy, viaProxy, type TcpProxy } from "@/lib/testing/tcp-proxy";
import { prepareBenchDatabase, type BenchDatabase } from "../bench/lib/database";
import { KeyRing } from "../bench/lib/keys";
import { ensureBuild, startNextServer, type NextServer } from "../bench/lib/next-server";
import { seedBenchData } from "../bench/lib/seed";
import { runDbOutageDrill } from "./db-outage-drill";

// npm run fault:db — the database-outage drill against the production build.
// The bench harness supplies a fresh database (on DATABASE_URL's server, or embedded),
// the seed and `next start`; the app reaches its database only through a TCP proxy
// that this script cuts for FAULT_OUTAGE_MS (default 4 s) while reads and writes run.
// Prints the figures as JSON and exits 1 if any requirement failed.

const log = (line: string) => process.stderr.write(`[fault:db] ${line}\n`);
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<number> {
  let database: BenchDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let server: NextServer | undefined;
  let pool: pg.Pool | undefined;
  // Its own database name, so a benchmark running at the same time keeps svc_bench.
  process.env.BENCH_DATABASE_NAME ??= "svc_fault_db";
  try {
    database = await prepareBenchDatabase();
    log(`database: ${database.description}`);
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pool.on("error", () => {});
    process.env.DATABASE_URL = database.url;
    const seeded = await seedBenchData(pool, 200, log);
    const keys = new KeyRing(seeded.keyIds, seeded.keySecrets);
    const target = new URL(database.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    ensureBuild(log);
    server = await startNextServer({
      env: {
        DATABASE_URL: viaProxy(database.url, proxy.port),
        DATABASE_POOL_MAX: String(database.poolMax),
        APP_SECRET: randomBytes(48).toString("base64url"),
        NODE_ENV: "production",
      },
      readyPath: "/partner/v1/me",
      readyHeaders: () => keys.authorization(),
      log,
    });

    const report = await runDbOutageDrill({
      baseUrl: server.baseUrl,
      eventId: seeded.eventId,
      authorization: () => `Bearer ${keys.take()}`,
      proxy,
      pool,
      beforeMs: num("FAULT_BEFORE_MS", 3_000),
      outageMs: num("FAULT_OUTAGE_MS", 4_000),
      afterMs: num("FAULT_AFTER_MS", 8_000),
      concurrency: num("FAULT_CONCURRENCY", 8),
      log,
    });
    process.stdout.write(`${JSON.stringify({ database: database.description, ...report }, null, 2)}\n`);
    if (report.violations.length) {
      log(`FAILED: ${report.violations.length} violations`);
      return 1;
    }
    log(`passed: recovery ${report.recoveryMs} ms, ${report.writes.acknowledged} acknowledged writes, ${report.writes.lost} lost`);
    return 0;
  } finally {
    await server?.stop().catch(() => {});
    await proxy?.close().catch(() => {});
    await pool?.end().catch(() => {});
    await database?.cleanup().catch((error: unknown) => log(`cleanup failed: ${String(error)}`));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
