// npm run bench:auth — sign-in under a password-guessing attack, through the production
// build (`next start`). First, quietly, BENCH_PROBES sign-ins each for a wrong password of
// a real account and for an unknown address (alternating), so their times can be compared
// (they must not tell which addresses have accounts), and the legitimate user's sign-in
// alone. Then for BENCH_DURATION seconds, BENCH_ATTACK_RATE sign-ins per second (default
// 40, open loop: sent on schedule whether or not earlier ones have answered) hit next-auth's
// credentials endpoint, each for a new unknown email from a new forwarded IP
// (TRUST_PROXY_HEADERS=1), so no per-account or per-IP limit stops them. Meanwhile a
// legitimate user signs in one attempt at a time, and a partner calls GET /partner/v1/me at
// BENCH_ME_RATE per second (default 8, under one key's 600/min). Last, for BENCH_DURATION
// seconds, a sign-up flood: BENCH_SIGN_UP_RATE posts per second (default 20, open loop),
// alternating the public sign-up form (a new email each) and the invitation sign-up form
// (a random invitation token each), each from a new forwarded IP, while the legitimate
// user keeps signing in one attempt at a time.
//
// stdout: one JSON line of set-up facts, then one JSON line of results:
//   { enumeration: { wrongPassword, unknownEmail }, signInQuiet, attack, serverCpu, signIn, partnerMe,
//     signUpFlood: { signUps, inviteSignUps, signIn, organizationsCreated },
//     targets: { signInP99Ms, meP99Ms }, meetsTargets } (each figure { p50Ms, p99Ms, maxMs, count, statuses })
// stderr: progress. Database: as bench:api (BENCH_DATABASE_SERVER / DATABASE_URL, fresh
// database BENCH_DATABASE_NAME, default svc_bench_auth; else embedded PGlite).
import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { hashPassword } from "@/lib/auth/passwords";
import { disconnectDb, getDb } from "@/lib/platform/db/client";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { createOrganization, setBilling } from "@/lib/domain/orgs/organizations";
import { prepareBenchDatabase, type BenchDatabase } from "./lib/database";
import { percentile } from "./lib/load";
import { ensureBuild, startNextServer, type NextServer } from "./lib/next-server";
import { processTreeCpuMs } from "./lib/process-cpu";
import { credentialsPost, csrf } from "./lib/sign-in";
import { postActionForm, readActionForm } from "./lib/action-form";
import { createInvite } from "@/lib/domain/orgs/invites";
import { runMain } from "./lib/run-main";

const log = (line: string) => process.stderr.write(`[bench:auth] ${line}\n`);
const emit = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const TARGET_ME_P99_MS = 50;
const TARGET_SIGN_IN_P99_MS = 2_000;
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
  const attackRate = numberFromEnv("BENCH_ATTACK_RATE", 40);
  const probes = numberFromEnv("BENCH_PROBES", 12);
  const meRate = numberFromEnv("BENCH_ME_RATE", 8);
  const signUpRate = numberFromEnv("BENCH_SIGN_UP_RATE", 20);
  process.env.BENCH_DATABASE_NAME ||= "svc_bench_auth";
  let database: BenchDatabase | undefined;
  let server: NextServer | undefined;
  try {
    database = await prepareBenchDatabase();
    log(`database: ${database.description}`);
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = String(database.poolMax);
    const org = await createOrganization({ name: "Bench organization" });
    await setBilling(org.id, { plan: "card" }, OPERATOR);
    const key = await createApiKey(org.id, { name: "bench key", scopes: ["events:read"] }, OPERATOR);
    const email = `bench-user-${randomBytes(4).toString("hex")}@example.com`;
    await getDb().user.create({ data: { email, name: "Bench", passwordHash: await hashPassword(PASSWORD) } });
    // Real accounts for the enumeration probes: one wrong password each (no limit reached).
    const probeAccounts = Array.from({ length: probes }, (_, index) => `bench-probe-${index}-${randomBytes(4).toString("hex")}@example.com`);
    const probeHash = await hashPassword("a probe account's own password");
    await getDb().user.createMany({ data: probeAccounts.map((address) => ({ email: address, passwordHash: probeHash })) });
    // An invitation whose page gives the invitation sign-up form (the flood posts it with random tokens).
    const invitation = await createInvite(org.id, { email: `bench-invited-${randomBytes(4).toString("hex")}@example.com`, role: "member" }, OPERATOR);
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

    // Quiet: a wrong password for a real account against an unknown address, alternating,
    // one at a time; then the legitimate sign-in alone.
    log(`enumeration probes: ${probes} of each`);
    const wrongPassword: Sample[] = [];
    const unknownEmail: Sample[] = [];
    for (const account of probeAccounts) {
      wrongPassword.push(await timed(() => credentialsPost(baseUrl, attackerSession, account, "wrong password guess", randomIp())));
      unknownEmail.push(await timed(() => credentialsPost(baseUrl, attackerSession, `nobody-${randomBytes(6).toString("hex")}@example.com`, "wrong password guess", randomIp())));
    }
    const signInQuiet: Sample[] = [];
    for (let index = 0; index < 5; index += 1) signInQuiet.push(await timed(() => credentialsPost(baseUrl, userSession, email, PASSWORD, randomIp())));
    emit({
      setup: {
        database: database.description,
        app: `next start (production build), ${baseUrl}`,
        attack: `${attackRate} sign-ins/s at unknown addresses for ${seconds} s, each a new email from a new forwarded IP`,
        enumeration: `${probes} wrong passwords of real accounts and ${probes} unknown addresses, alternating, one at a time, before the attack`,
        signIn: "one legitimate sign-in at a time, right password, throughout",
        partnerMe: `GET /partner/v1/me at ${meRate}/s; quiet baseline ${JSON.stringify(summarise(quiet))}`,
        hashing: `PASSWORD_HASH_CONCURRENCY=${process.env.PASSWORD_HASH_CONCURRENCY ?? "1 (default)"}`,
      },
    });

    log(`attack: ${attackRate}/s for ${seconds} s`);
    const cpuBefore = processTreeCpuMs(server.pid);
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
    const cpuAfter = processTreeCpuMs(server.pid);

    // The sign-up flood, measured by the legitimate user's sign-ins that run through it.
    log(`sign-up flood: ${signUpRate}/s for ${seconds} s`);
    const orgsBefore = await getDb().organization.count();
    const signUpForm = await readActionForm(baseUrl, "/sign-up");
    const inviteForm = await readActionForm(baseUrl, `/invite/${invitation.token}`);
    const floodDeadline = performance.now() + seconds * 1000;
    const floodSignIns: Sample[] = [];
    const floodLegitimate = (async () => {
      while (performance.now() < floodDeadline) {
        floodSignIns.push(await timed(() => credentialsPost(baseUrl, userSession, email, PASSWORD, randomIp())));
      }
    })();
    const signUps: Sample[] = [];
    const inviteSignUps: Sample[] = [];
    let sent = 0;
    await Promise.all([
      openLoop(signUpRate, seconds, async () => {
        sent += 1;
        if (sent % 2 === 0) {
          const token = randomBytes(32).toString("base64url");
          const sample = await timed(() => postActionForm(baseUrl, `/invite/${token}`, inviteForm, { token, name: "Flood", password: "flood password, long enough" }, randomIp()));
          inviteSignUps.push(sample);
          return sample;
        }
        const fields = { orgName: "Flood org", name: "Flood", email: `flood-${randomBytes(6).toString("hex")}@example.com`, password: "flood password, long enough" };
        const sample = await timed(() => postActionForm(baseUrl, "/sign-up", signUpForm, fields, randomIp()));
        signUps.push(sample);
        return sample;
      }),
      floodLegitimate,
    ]);
    const organizationsCreated = (await getDb().organization.count()) - orgsBefore;
    const floodSignInSummary = summarise(floodSignIns);
    // The server's CPU while the attack ran (the legitimate user's hashes included): what it
    // costs, a figure that keeps its meaning when other work shares the machine.
    const serverCpuMs = cpuBefore !== null && cpuAfter !== null ? Math.round(cpuAfter - cpuBefore) : null;
    const meSummary = summarise(partnerMe);
    const signInSummary = summarise(signIns);
    const allOk = (summary: { statuses: Record<string, number> }) => Object.keys(summary.statuses).every((status) => status === "200");
    emit({
      enumeration: { wrongPassword: summarise(wrongPassword), unknownEmail: summarise(unknownEmail) },
      signInQuiet: summarise(signInQuiet),
      attack: summarise(attack),
      serverCpu: serverCpuMs === null ? null : { totalMs: serverCpuMs, perAttackRequestMs: Math.round((serverCpuMs / attack.length) * 10) / 10, ofTheAttackWindow: Math.round((serverCpuMs / (seconds * 1000)) * 100) / 100 },
      signIn: signInSummary,
      partnerMe: meSummary,
      signUpFlood: { signUps: summarise(signUps), inviteSignUps: summarise(inviteSignUps), signIn: floodSignInSummary, organizationsCreated },
      targets: { signInP99Ms: TARGET_SIGN_IN_P99_MS, meP99Ms: TARGET_ME_P99_MS },
      meetsTargets:
        signInSummary.p99Ms < TARGET_SIGN_IN_P99_MS && allOk(signInSummary) && meSummary.p99Ms < TARGET_ME_P99_MS && allOk(meSummary) &&
        floodSignInSummary.p99Ms < TARGET_SIGN_IN_P99_MS && allOk(floodSignInSummary),
    });
    return 0;
  } finally {
    await server?.stop().catch(() => {});
    await disconnectDb().catch(() => {});
    await database?.cleanup().catch((error) => log(`cleanup failed: ${String(error)}`));
  }
}

runMain(main, log);
