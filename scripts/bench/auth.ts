// npm run bench:auth — sign-in under a password-guessing attack, through the production
// build (`next start`). For BENCH_DURATION seconds, BENCH_ATTACK_RATE wrong-password
// attempts per second (default 20, open loop: sent on schedule whether or not earlier ones
// have answered) hit next-auth's credentials endpoint, each for a different email and from
// a different forwarded IP (TRUST_PROXY_HEADERS=1), so no per-account or per-IP limit
// stops them and every one costs a full scrypt hash: the worst case for the server.
// Meanwhile a legitimate user signs in one attempt at a time, and a partner calls
// GET /partner/v1/me at BENCH_ME_RATE per second (default 8, under one key's 600/min).
//
// stdout: one JSON line of set-up facts, then one JSON line of results:
//   { attack, signIn, partnerMe: { p50Ms, p99Ms, count, statuses }, targetMeP99Ms, meetsTarget }
// stderr: progress. Database: as bench:api (BENCH_DATABASE_SERVER / DATABASE_URL, fresh
// database BENCH_DATABASE_NAME, default svc_bench_auth; else embedded PGlite).
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { hashPassword } from "@/lib/auth/passwords";
import { disconnectDb, getDb } from "@/lib/db/client";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization, setBilling } from "@/lib/orgs/organizations";
import { prepareBenchDatabase, type BenchDatabase } from "./lib/database";
import { percentile } from "./lib/load";
import { ensureBuild, startNextServer, type NextServer } from "./lib/next-server";
import { credentialsPost, csrf } from "./lib/sign-in";
import { runMain } from "./lib/run-main";

const log = (line: string) => process.stderr.write(`[bench:auth] ${line}\n`);
const emit = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const TARGET_ME_P99_MS = 50;
const PASSWORD = "bench-password-long-enough";

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

type Sample = { ms: number; status: string };

function summarise(samples: Sample[]) {
  const sorted = Float64Array.from(samples.map((sample) => sample.ms)).sort();
  const statuses: Record<string, number> = {};
  for (const sample of samples) statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  const round = (value: number) => Math.round(value * 10) / 10;
  return { p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1) ?? Number.NaN), count: samples.length, statuses };
}

async function timed(request: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: String(response.status) };
  } catch (error) {
    return { ms: performance.now() - started, status: error instanceof Error ? error.name : "error" };
  }
}

const randomIp = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** Runs `send` `perSecond` times a second for `seconds`, without waiting for answers. */
async function openLoop(perSecond: number, seconds: number, send: () => Promise<Sample>): Promise<Sample[]> {
  const pending: Promise<Sample>[] = [];
  const started = performance.now();
  for (let index = 0; index < perSecond * seconds; index += 1) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(send());
  }
  return Promise.all(pending);
}

async function main(): Promise<number> {
  const seconds = numberFromEnv("BENCH_DURATION", 20);
  const attackRate = numberFromEnv("BENCH_ATTACK_RATE", 20);
  const meRate = numberFromEnv("BENCH_ME_RATE", 8);
  process.env.BENCH_DATABASE_NAME ||= "svc_bench_auth";
  let database: BenchDatabase | undefined;
  let server: NextServer | undefined;
  try {
    database = await prepareBenchDatabase();
    log(`database: ${database.description}`);
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = String(database.poolMax);
    const org = await createOrganization({ name: "Bench organization" });
    await setBilling(org.id, { plan: "card" });
    const key = await createApiKey(org.id, { name: "bench key", scopes: ["events:read"] });
    const email = `bench-user-${randomBytes(4).toString("hex")}@example.com`;
    await getDb().user.create({ data: { email, name: "Bench", passwordHash: await hashPassword(PASSWORD) } });
    await disconnectDb();

    ensureBuild(log);
    server = await startNextServer({
      env: {
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: String(database.poolMax),
        APP_SECRET: randomBytes(48).toString("base64url"),
        TRUST_PROXY_HEADERS: "1",
      },
      readyPath: "/partner/v1/me",
      readyHeaders: () => ({ authorization: `Bearer ${key.secret}` }),
      log,
    });
    const baseUrl = server.baseUrl;
    const attackerSession = await csrf(baseUrl);
    const userSession = await csrf(baseUrl);
    const me = () => fetch(`${baseUrl}/partner/v1/me`, { headers: { authorization: `Bearer ${key.secret}` }, signal: AbortSignal.timeout(30_000) });

    // Baseline: /me alone, so the figures under attack have something to compare with.
    const quiet = await openLoop(meRate, Math.min(5, seconds), () => timed(me));
    emit({
      setup: {
        database: database.description,
        app: `next start (production build), ${baseUrl}`,
        attack: `${attackRate} wrong-password sign-ins/s for ${seconds} s, each a new email from a new forwarded IP (every one hashes)`,
        signIn: "one legitimate sign-in at a time, right password, throughout",
        partnerMe: `GET /partner/v1/me at ${meRate}/s; quiet baseline ${JSON.stringify(summarise(quiet))}`,
        hashing: `PASSWORD_HASH_CONCURRENCY=${process.env.PASSWORD_HASH_CONCURRENCY ?? "1 (default)"}`,
      },
    });

    log(`attack: ${attackRate}/s for ${seconds} s`);
    const deadline = performance.now() + seconds * 1000;
    const signIns: Sample[] = [];
    const legitimate = (async () => {
      while (performance.now() < deadline) {
        signIns.push(await timed(() => credentialsPost(baseUrl, userSession, email, PASSWORD, randomIp())));
      }
    })();
    const [attack, partnerMe] = await Promise.all([
      openLoop(attackRate, seconds, () =>
        timed(() => credentialsPost(baseUrl, attackerSession, `guess-${randomBytes(6).toString("hex")}@example.com`, "wrong password guess", randomIp())),
      ),
      openLoop(meRate, seconds, () => timed(me)),
      legitimate,
    ]);
    const meSummary = summarise(partnerMe);
    emit({
      attack: summarise(attack),
      signIn: summarise(signIns),
      partnerMe: meSummary,
      targetMeP99Ms: TARGET_ME_P99_MS,
      meetsTarget: meSummary.p99Ms < TARGET_ME_P99_MS && !Object.keys(meSummary.statuses).some((status) => status !== "200"),
    });
    return 0;
  } finally {
    await server?.stop().catch(() => {});
    await disconnectDb().catch(() => {});
    await database?.cleanup().catch((error) => log(`cleanup failed: ${String(error)}`));
  }
}

runMain(main, log);
