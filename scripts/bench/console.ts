// npm run bench:console — how long the production build (`next start`) takes to render the
// console's guest list of an event with 100,000 attendees (BENCH_ATTENDEES), signed in as
// the organization's admin: the first page, a deep keyset page (after row 50,000), status
// filters, and searches (a common company, one attendee's email, a term that matches
// nobody). Each case: 3 warm-up requests, then BENCH_REQUESTS (default 20) one at a time.
// The client runs on the same machine over loopback, so the time to the last byte of the
// HTML is the server's time to render and stream the page (first byte reported too).
//
// stdout: one JSON line of set-up facts, then one JSON line per case:
//   { case, path, rows, ttfb: { p50Ms, p95Ms }, total: { p50Ms, p95Ms, maxMs }, meetsTarget }
// stderr: progress. Database: as bench:api (BENCH_DATABASE_SERVER / DATABASE_URL, fresh
// database BENCH_DATABASE_NAME, default svc_bench_console; else embedded PGlite).
import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { hashPassword } from "@/lib/auth/passwords";
import { disconnectDb, getDb } from "@/lib/platform/db/client";
import { createOrganization, setBilling } from "@/lib/domain/orgs/organizations";
import { seedDemoData } from "@/lib/domain/seed/demo-seed";
import { prepareBenchDatabase, type BenchDatabase } from "./lib/database";
import { percentile } from "./lib/load";
import { ensureBuild, startNextServer, type NextServer } from "./lib/next-server";
import { signInCookies } from "./lib/sign-in";
import { runMain } from "./lib/run-main";

const log = (line: string) => process.stderr.write(`[bench:console] ${line}\n`);
const emit = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const TARGET_MS = 300;
const PASSWORD = "bench-password-long-enough";
const WARM_UP = 3;

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

const round = (value: number) => Math.round(value * 10) / 10;

function stats(values: number[]) {
  const sorted = Float64Array.from(values).sort();
  return { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted.at(-1) ?? Number.NaN) };
}

async function timeCase(baseUrl: string, cookie: string, path: string, requests: number) {
  const ttfb: number[] = [];
  const total: number[] = [];
  let rows = 0;
  for (let index = 0; index < WARM_UP + requests; index += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(60_000) });
    const first = performance.now();
    const html = await response.text();
    const done = performance.now();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    rows = html.match(/data-testid="guest-row"/g)?.length ?? 0;
    if (index < WARM_UP) continue;
    ttfb.push(first - started);
    total.push(done - started);
  }
  return { rows, ttfb: stats(ttfb), total: stats(total) };
}

async function main(): Promise<number> {
  const attendees = numberFromEnv("BENCH_ATTENDEES", 100_000);
  const requests = numberFromEnv("BENCH_REQUESTS", 20);
  process.env.BENCH_DATABASE_NAME ||= "svc_bench_console";
  let database: BenchDatabase | undefined;
  let server: NextServer | undefined;
  try {
    database = await prepareBenchDatabase();
    log(`database: ${database.description}`);
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = String(database.poolMax);
    const org = await createOrganization({ name: "Bench organization" });
    await setBilling(org.id, { plan: "card" }, OPERATOR);
    const email = `bench-admin-${randomBytes(4).toString("hex")}@example.com`;
    const user = await getDb().user.create({ data: { email, name: "Bench admin", passwordHash: await hashPassword(PASSWORD) } });
    await getDb().membership.create({ data: { orgId: org.id, userId: user.id, role: "admin" } });
    log(`seeding ${attendees} attendees (the demo seed)`);
    const seeded = await seedDemoData(org.id, { events: 1, attendees, seed: 16 });
    const eventId = seeded.events[0].id;
    log(`seeded in ${Math.round(seeded.durationMs)} ms`);

    const db = getDb();
    const [middle] = await db.$queryRaw<{ createdAt: Date; id: string }[]>`
      SELECT "createdAt", id FROM "Attendee" WHERE "eventId" = ${eventId}::uuid ORDER BY "createdAt", id OFFSET ${Math.floor(attendees / 2)} LIMIT 1`;
    const [company] = await db.$queryRaw<{ company: string }[]>`
      SELECT company FROM "Attendee" WHERE "eventId" = ${eventId}::uuid AND company IS NOT NULL GROUP BY company ORDER BY count(*) DESC LIMIT 1`;
    const [one] = await db.$queryRaw<{ email: string }[]>`
      SELECT email::text AS email FROM "Attendee" WHERE "eventId" = ${eventId}::uuid ORDER BY "createdAt" DESC LIMIT 1`;
    await db.$executeRawUnsafe(`ANALYZE "Attendee"`);
    await disconnectDb();

    ensureBuild(log);
    server = await startNextServer({
      env: { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), APP_SECRET: randomBytes(48).toString("base64url") },
      readyPath: "/sign-in",
      readyHeaders: () => ({}),
      log,
    });
    const cookie = await signInCookies(server.baseUrl, email, PASSWORD);
    const base = `/console/${org.id}/events/${eventId}/guests`;
    const cases: [name: string, path: string][] = [
      ["first page", base],
      ["deep page (after row 50,000)", `${base}?after=${encodeURIComponent(`${middle.createdAt.toISOString()}|${middle.id}`)}`],
      ["status filter: revoked", `${base}?status=revoked`],
      ["status filter: active", `${base}?status=active`],
      [`search: a common company (${company.company})`, `${base}?q=${encodeURIComponent(company.company)}`],
      ["search: one attendee's email", `${base}?q=${encodeURIComponent(one.email)}`],
      ["search: a term that matches nobody", `${base}?q=zzqx-nobody`],
    ];
    emit({
      setup: {
        database: database.description,
        app: `next start (production build), ${server.baseUrl}`,
        attendees,
        requestsPerCase: requests,
        loadavg: fs.readFileSync("/proc/loadavg", "utf8").trim(),
      },
    });
    for (const [name, path] of cases) {
      log(name);
      const result = await timeCase(server.baseUrl, cookie, path, requests);
      emit({ case: name, path: path.replace(org.id, "<org>").replace(eventId, "<event>"), ...result, meetsTarget: result.total.p95Ms < TARGET_MS });
    }
    log(`loadavg after: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
    return 0;
  } finally {
    await server?.stop().catch(() => {});
    await disconnectDb().catch(() => {});
    await database?.cleanup().catch((error) => log(`cleanup failed: ${String(error)}`));
  }
}

runMain(main, log);
