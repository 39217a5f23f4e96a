// npm run bench:api (through api.ts) — load test of the Partner API's read path against a 100,000-attendee
// event, through the production build (`next start`), with each case's SQL floor.
//
// stdout: one JSON line of set-up facts, then ONE JSON line per case:
//   { case, p50Ms, p99Ms, rps, floor: { p50Ms, p99Ms, rps }, apiShareOfFloor, requests, failures }
// stderr: progress.
//
// Environment (all optional):
//   BENCH_DATABASE_SERVER / DATABASE_URL  a PostgreSQL server: a fresh database svc_bench is made
//                                         there (BENCH_DATABASE_NAME), dropped at the end unless
//                                         BENCH_KEEP_DATABASE=1. Neither: in-memory embedded PGlite.
//   BENCH_DURATION (s, default 10)  BENCH_WARMUP (s, default 2)  BENCH_CONNECTIONS (default 10)
//   BENCH_ATTENDEES (default 100000)  BENCH_CASES (comma-separated case names)  BENCH_BUILD=1 (rebuild)
//   BENCH_BUILD_MODE=full (plain next build, with type check)
//   BENCH_PROFILE=1 (then time each pipeline step alone, BENCH_PROFILE_SECONDS each, default 3)
//   BENCH_CPU_PROFILE=1 (run next start with --cpu-prof into .data/bench-cpu-profile and summarise it)
//   BENCH_REQUEST_LOG=compare (a second `next start` with REQUEST_LOG=off; each case runs
//     BENCH_REQUEST_LOG_ROUNDS times (default 2) on both, alternating which goes first; every
//     result line says requestLog on|off, and a last line compares the medians: req/s and the
//     server's CPU, PostgreSQL's CPU, transactions and WAL bytes per request)
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { disconnectDb } from "@/lib/platform/db/client";
import { hashKeySecret } from "@/lib/domain/keys/key-secret";
import { RATE_LIMIT_PER_MINUTE } from "@/lib/partner-api/rate-limit";
import { CASES } from "./cases";
import { prepareBenchDatabase, type BenchDatabase } from "./lib/database";
import { summariseCpuProfile } from "./lib/cpu-profile";
import { KeyRing, resetRateLimitWindows } from "./lib/keys";
import { ensureBuild, startNextServer, type NextServer } from "./lib/next-server";
import { profilePipeline } from "./lib/pipeline-profile";
import { seedBenchData } from "./lib/seed";
import { startMiddleEnd, walkAttendeePages } from "./lib/walk";
import { requestLogCost } from "./lib/request-log-cost";
import type { BenchContext, CaseResult } from "./types";
import { runMain } from "./lib/run-main";

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const emit = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return value;
}

async function main(): Promise<number> {
  const durationSeconds = numberFromEnv("BENCH_DURATION", 10);
  const warmupSeconds = numberFromEnv("BENCH_WARMUP", 2);
  const connections = numberFromEnv("BENCH_CONNECTIONS", 10);
  const attendeeCount = numberFromEnv("BENCH_ATTENDEES", 100_000);
  const selected = process.env.BENCH_CASES ? process.env.BENCH_CASES.split(",").map((name) => name.trim()) : null;
  const cases = selected ? CASES.filter((benchCase) => selected.includes(benchCase.name)) : CASES;
  const unknown = selected?.filter((name) => !CASES.some((benchCase) => benchCase.name === name)) ?? [];
  if (unknown.length) throw new Error(`Unknown case(s): ${unknown.join(", ")}. Known: ${CASES.map((c) => c.name).join(", ")}`);

  let database: BenchDatabase | undefined;
  let pool: pg.Pool | undefined;
  let server: NextServer | undefined;
  let serverWithoutLog: NextServer | undefined;
  let cleaningUp = false;
  const stopAll = async () => {
    cleaningUp = true;
    await server?.stop().catch(() => {});
    await serverWithoutLog?.stop().catch(() => {});
    await disconnectDb().catch(() => {});
    await pool?.end().catch(() => {});
    await database?.cleanup().catch((error) => log(`cleanup failed: ${String(error)}`));
  };
  const interrupted = () => {
    log("interrupted: stopping the server and cleaning up");
    void stopAll().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  try {
    database = await prepareBenchDatabase();
    log(`database: ${database.description}`);
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = String(database.poolMax);
    pool = new pg.Pool({ connectionString: database.url, max: Math.min(connections, database.kind === "postgresql" ? connections : 1) });
    // pool.end() resolves before its sockets are closed, so the final DROP DATABASE ... WITH
    // (FORCE) can still terminate them: expected then, worth a line at any other time.
    pool.on("error", (error) => {
      if (!cleaningUp) log(`floor pool: ${error.message}`);
    });

    const seeded = await seedBenchData(pool, attendeeCount, log);
    const keys = new KeyRing(seeded.keyIds, seeded.keySecrets);
    ensureBuild(log);
    // The app gets its own secret for this run: cursors are signed with it.
    const appSecret = randomBytes(48).toString("base64url");
    // The same secret here, so the profile's in-process calls accept the app's cursors.
    process.env.APP_SECRET = appSecret;
    const cpuProfileDir = path.join(process.cwd(), ".data", "bench-cpu-profile");
    if (process.env.BENCH_CPU_PROFILE === "1") fs.rmSync(cpuProfileDir, { recursive: true, force: true });
    server = await startNextServer({
      nodeArgs: process.env.BENCH_CPU_PROFILE === "1" ? ["--cpu-prof", "--cpu-prof-dir", cpuProfileDir] : [],
      env: { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), APP_SECRET: appSecret, NODE_ENV: "production" },
      readyPath: "/partner/v1/me",
      readyHeaders: () => keys.authorization(),
      log,
    });

    const compareRequestLog = process.env.BENCH_REQUEST_LOG === "compare";
    if (compareRequestLog) {
      serverWithoutLog = await startNextServer({
        env: { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), APP_SECRET: appSecret, NODE_ENV: "production", REQUEST_LOG: "off" },
        readyPath: "/partner/v1/me",
        readyHeaders: () => keys.authorization(),
        log,
      });
    }

    const walkStarted = Date.now();
    const walk = await walkAttendeePages(server.baseUrl, seeded.eventId, keys);
    if (walk.total !== attendeeCount) throw new Error(`walked ${walk.total} attendees, expected ${attendeeCount}`);
    log(`walked ${walk.pages.length} pages of 200 through the API in ${((Date.now() - walkStarted) / 1000).toFixed(1)} s`);
    const middle = await pool.query<{ id: string }>(
      `SELECT id FROM "Attendee" WHERE "eventId" = $1::uuid ORDER BY "createdAt", id OFFSET $2 LIMIT 1`,
      [seeded.eventId, Math.floor(attendeeCount / 2)],
    );

    const patchable = await pool.query<{ id: string }>(
      `SELECT id FROM "Attendee" WHERE "eventId" = $1::uuid ORDER BY "createdAt", id OFFSET $2 LIMIT 2000`,
      [seeded.eventId, Math.floor(attendeeCount / 2) + 1],
    );

    const context: BenchContext = {
      baseUrl: server.baseUrl,
      serverPid: server.pid,
      keys,
      pool,
      durationSeconds,
      warmupSeconds,
      connections,
      data: {
        orgId: seeded.orgId,
        eventId: seeded.eventId,
        attendeeCount,
        sampleAttendeeId: middle.rows[0].id,
        patchAttendeeIds: patchable.rows.map((row) => row.id),
        sampleKeyHash: hashKeySecret(seeded.keySecrets[0]),
        pages: startMiddleEnd(walk.pages),
      },
    };

    emit({
      setup: {
        database: database.description,
        app: `next start (production build), ${server.baseUrl}`,
        attendees: attendeeCount,
        pages: walk.pages.length,
        load: `${connections} connections, ${warmupSeconds} s warm-up then ${durationSeconds} s per case (API, then SQL floor through a pg.Pool of ${pool.options.max})`,
        rateLimit: `${keys.size} keys (an organization's maximum), one per request round-robin; each key's ${RATE_LIMIT_PER_MINUTE}/min window is reset between cases by deleting the bench keys' RateLimitCounter rows. The limiter itself runs unchanged on every request.`,
        cases: cases.map((benchCase) => benchCase.name),
      },
    });

    let failed = false;
    const rounds = compareRequestLog ? numberFromEnv("BENCH_REQUEST_LOG_ROUNDS", 2) : 1;
    const requestLogRuns: Record<string, { on: CaseResult[]; off: CaseResult[] }> = {};
    for (const benchCase of cases) {
      for (let round = 0; round < rounds; round++) {
        // The order alternates between rounds, so neither setting always runs on a warmer machine.
        const modes: ("on" | "off" | null)[] = !compareRequestLog ? [null] : round % 2 === 0 ? ["on", "off"] : ["off", "on"];
        for (const mode of modes) {
          await resetRateLimitWindows(pool, seeded.keyIds);
          log(`case ${benchCase.name}${mode ? ` (request log ${mode}, round ${round + 1})` : ""}: ${benchCase.description}`);
          const target = mode === "off" ? serverWithoutLog! : server;
          const result = await benchCase.run({ ...context, baseUrl: target.baseUrl, serverPid: target.pid });
          emit(mode ? { ...result, requestLog: mode } : result);
          if (mode) (requestLogRuns[benchCase.name] ??= { on: [], off: [] })[mode].push(result);
          if (Object.keys(result.failures).length) {
            failed = true;
            log(`case ${benchCase.name} had failed requests: ${JSON.stringify(result.failures)}`);
          }
        }
      }
    }
    if (compareRequestLog) emit({ requestLogCost: Object.fromEntries(Object.entries(requestLogRuns).map(([name, runs]) => [name, requestLogCost(runs)])) });
    if (process.env.BENCH_PROFILE === "1") {
      await resetRateLimitWindows(pool, seeded.keyIds);
      const seconds = numberFromEnv("BENCH_PROFILE_SECONDS", 3);
      log(`profiling the pipeline's steps, ${seconds} s each`);
      for (const step of await profilePipeline(context, seconds, seeded.keySecrets)) emit({ profile: step });
    }
    if (process.env.BENCH_CPU_PROFILE === "1") {
      await server.stop();
      const summary = summariseCpuProfile(cpuProfileDir);
      emit({ cpuProfile: summary ? { ...summary, file: path.relative(process.cwd(), cpuProfileDir) } : "no profile was written" });
    }
    return failed ? 1 : 0;
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await stopAll();
    log("stopped the server and cleaned up");
  }
}

runMain(main, log);
