// npm run fuzz — property-based fuzzing of the whole Partner API (lib/testing/fuzz): generated
// requests to every operation, one at a time, against the real route handlers over HTTP on a
// fresh database. Properties: no 5xx, the envelope on every failure, no write on a 4xx.
//
// Environment (all optional):
//   DATABASE_URL   a PostgreSQL server: a fresh database is made there and dropped at the end;
//                  without it, an in-memory embedded PGlite database.
//   FUZZ_RUNS      generated requests (default 10000)
//   FUZZ_SEED      replay a run (printed by every run, and by a failure with its counterexample)
//   FUZZ_KEYS      full-scope keys to spread requests over (default 40: 10,000 requests stay
//                  under 600 a minute per key, so rate limiting rarely answers instead)
// Exit code 1 when a property fails.
import fc from "fast-check";
import { disconnectDb } from "@/lib/platform/db/client";
import { logger } from "@/lib/platform/observability/logger";
import { createFuzzTarget } from "@/lib/testing/fuzz/fuzz-target";
import { newFuzzStats, partnerFuzzProperty } from "@/lib/testing/fuzz/partner-fuzz";
import { startRouteServer } from "@/lib/testing/route-server";
import { createTestDatabase } from "@/lib/testing/test-database";

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

async function main(): Promise<number> {
  const runs = positiveInteger("FUZZ_RUNS", 10_000);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  const keyCount = positiveInteger("FUZZ_KEYS", 40);

  const database = await createTestDatabase(process.env.DATABASE_URL);
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_MAX = String(database.poolMax);
  const server = await startRouteServer();
  try {
    const target = await createFuzzTarget(server.baseUrl, keyCount);
    const stats = newFuzzStats();
    process.stderr.write(`[fuzz] ${runs} requests, seed ${seed}\n`);
    const started = performance.now();
    const result = await fc.check(partnerFuzzProperty(target, stats), { seed, numRuns: runs });
    const durationSeconds = Math.round((performance.now() - started) / 100) / 10;
    const summary = {
      requests: stats.requests,
      seed,
      serverErrors: stats.serverErrors,
      failed: result.failed,
      durationSeconds,
      byStatus: stats.byStatus,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    if (result.failed) {
      process.stdout.write(`${fc.defaultReportMessage(result)}\n`);
      return 1;
    }
    return 0;
  } finally {
    await server.close();
    await disconnectDb();
    await database.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    logger.error({ err: error }, "fuzz run failed to start");
    process.exit(1);
  },
);
