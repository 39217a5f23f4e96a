// npm run bench:exports — the guest-list export of an event with 100,000 and with 1,000,000
// attendees (BENCH_SIZES, comma-separated), CSV and .xlsx (BENCH_FORMATS), each downloaded
// once through the real route of the production build (`next start`), signed in as the
// organization's admin. For each: the time to the last byte, the bytes, the rows (CSV:
// records counted; both: the audit entry's count), and the server process's peak resident
// memory during that export (VmHWM, reset through /proc/<pid>/clear_refs just before, so
// each export's peak is its own) beside its resident memory just before.
//
// The attendees go in as one INSERT ... SELECT FROM generate_series per 100,000 rows, with
// badge codes computed in SQL from the row number (five base-31 characters and the check
// character of lib/domain/badges/badge-code.ts), so a million rows take a minute or two.
//
// stdout: one JSON line of set-up facts, then one JSON line per export:
//   { attendees, format, seconds, bytes, rows, rssBeforeMb, peakRssMb, meetsTarget }
// stderr: progress. Exit 1 when an export does not hold every row. Target: 100,000 rows in
// under 10 s, the peak flat with size. Database: as bench:api (BENCH_DATABASE_SERVER /
// DATABASE_URL, fresh database BENCH_DATABASE_NAME, default svc_bench_exports; else PGlite).
import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { hashPassword } from "@/lib/auth/passwords";
import { BADGE_ALPHABET } from "@/lib/domain/badges/badge-code";
import { createOrganization, setBilling } from "@/lib/domain/orgs/organizations";
import { disconnectDb, getDb } from "@/lib/platform/db/client";
import { prepareBenchDatabase, type BenchDatabase } from "./lib/database";
import { ensureBuild, startNextServer, type NextServer } from "./lib/next-server";
import { runMain } from "./lib/run-main";
import { signInCookies } from "./lib/sign-in";

const log = (line: string) => process.stderr.write(`[bench:exports] ${line}\n`);
const emit = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const PASSWORD = "bench-password-long-enough";
const TARGET_SECONDS_PER_100K = 10;
const SEED_BATCH = 100_000;

function listFromEnv<T extends string>(name: string, fallback: string, check: (value: string) => boolean): T[] {
  const values = (process.env[name] || fallback).split(",").map((value) => value.trim()).filter(Boolean);
  for (const value of values) if (!check(value)) throw new Error(`${name}: ${value} is not allowed`);
  return values as T[];
}

/** The i-th base-31 digit of n as an SQL expression, 0-based from the least significant. */
const digit = (i: number) => `((t.n / ${31 ** i}) % 31)`;

/** A valid, per-event unique badge code from the row number n (< 31^5), in SQL. */
function badgeCodeSql(): string {
  const alphabet = `'${BADGE_ALPHABET}'`;
  const data = [0, 1, 2, 3, 4].map((i) => `substr(${alphabet}, ${digit(i)}::int + 1, 1)`);
  const check = `substr(${alphabet}, ((${[0, 1, 2, 3, 4].map((i) => `${i + 1} * ${digit(i)}`).join(" + ")}) % 31)::int + 1, 1)`;
  return [...data, check].join(" || ");
}

async function seedAttendees(pool: pg.Pool, eventId: string, count: number): Promise<void> {
  const started = performance.now();
  for (let first = 0; first < count; first += SEED_BATCH) {
    const last = Math.min(first + SEED_BATCH, count) - 1;
    await pool.query(
      `INSERT INTO "Attendee" ("eventId", "displayName", email, company, "jobTitle", status, "visibleInList",
                               "badgeCode", "qrToken", "invitedAt", "checkedInAt", "createdAt", "updatedAt")
       SELECT $1::uuid, 'Attendee ' || t.n, 'attendee-' || t.n || '@bench.example',
              CASE WHEN t.n % 3 = 0 THEN NULL ELSE 'Company ' || (t.n % 500) END,
              CASE WHEN t.n % 4 = 0 THEN NULL ELSE 'Engineer' END,
              (CASE WHEN t.n % 5 = 0 THEN 'active' ELSE 'invited' END)::"AttendeeStatus",
              t.n % 2 = 0, ${badgeCodeSql()}, 'bench-' || $1 || '-' || t.n,
              t.at, CASE WHEN t.n % 5 = 0 THEN t.at + interval '400 days' END, t.at, t.at
       FROM (SELECT n, timestamptz '2026-01-01 00:00:00+00' + make_interval(secs => n) AS at FROM generate_series($2::int, $3::int) AS n) AS t`,
      [eventId, first, last],
    );
    log(`  ${last + 1} of ${count}`);
  }
  await pool.query(`ANALYZE "Attendee"`);
  log(`seeded ${count} attendees in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function memoryKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, "") ?? Number.NaN);
}

/** Downloads one export, reading the body as it arrives; counts bytes and (CSV) CRLF-ended records. */
async function download(url: string, cookie: string): Promise<{ seconds: number; bytes: number; records: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(30 * 60_000) });
  if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let records = 0;
  let previous = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.byteLength; i++) {
      if (chunk[i] === 10 && (i > 0 ? chunk[i - 1] : previous) === 13) records++;
    }
    previous = chunk[chunk.byteLength - 1];
  }
  return { seconds: (performance.now() - started) / 1000, bytes, records };
}

async function main(): Promise<number> {
  const sizes = listFromEnv<string>("BENCH_SIZES", "100000,1000000", (value) => /^[1-9]\d*$/.test(value) && Number(value) < 31 ** 5).map(Number);
  const formats = listFromEnv<"csv" | "xlsx">("BENCH_FORMATS", "csv,xlsx", (value) => value === "csv" || value === "xlsx");
  process.env.BENCH_DATABASE_NAME ||= "svc_bench_exports";
  let database: BenchDatabase | undefined;
  let server: NextServer | undefined;
  let pool: pg.Pool | undefined;
  let failed = false;
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
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const events: { id: string; size: number }[] = [];
    for (const size of sizes) {
      const event = await getDb().event.create({
        data: {
          orgId: org.id, slug: `bench-${size}`, name: `Bench ${size}`, status: "published", timezone: "Europe/Amsterdam",
          startAt: new Date("2027-03-01T09:00:00.000Z"), endAt: new Date("2027-03-03T17:00:00.000Z"),
        },
      });
      log(`seeding ${size} attendees`);
      await seedAttendees(pool, event.id, size);
      events.push({ id: event.id, size });
    }
    await pool.end();
    pool = undefined;
    await disconnectDb();

    ensureBuild(log);
    server = await startNextServer({
      env: { DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), APP_SECRET: randomBytes(48).toString("base64url") },
      readyPath: "/sign-in",
      readyHeaders: () => ({}),
      log,
    });
    const cookie = await signInCookies(server.baseUrl, email, PASSWORD);
    emit({
      setup: {
        database: database.description,
        app: `next start (production build), ${server.baseUrl}`,
        node: process.version,
        cpus: (await import("node:os")).cpus().length,
        loadavg: fs.readFileSync("/proc/loadavg", "utf8").trim(),
      },
    });
    for (const event of events) {
      for (const format of formats) {
        const url = `${server.baseUrl}/console/${org.id}/events/${event.id}/exports/guests?format=${format}`;
        const rssBefore = memoryKb(server.pid, "VmRSS");
        // "5" resets the peak resident set size (VmHWM) to the current one (proc(5)).
        fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
        log(`exporting ${event.size} rows as ${format}`);
        const result = await download(url, cookie);
        const peak = memoryKb(server.pid, "VmHWM");
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [audit] = await getDb().$queryRaw<{ rows: number }[]>`
          SELECT (summary->>'rows')::int AS rows FROM "AuditEntry" WHERE "orgId" = ${org.id}::uuid AND action = 'event.exported'
            AND "targetId" = ${event.id} AND summary->>'format' = ${format} ORDER BY at DESC LIMIT 1`;
        const rows = audit?.rows ?? Number.NaN;
        // CSV: the header record and one per attendee (no field holds a line break here).
        const complete = rows === event.size && (format === "xlsx" || result.records === event.size + 1);
        if (!complete) failed = true;
        emit({
          attendees: event.size, format, seconds: Math.round(result.seconds * 100) / 100, bytes: result.bytes, rows,
          rssBeforeMb: Math.round(rssBefore / 1024), peakRssMb: Math.round(peak / 1024),
          meetsTarget: complete && result.seconds < (TARGET_SECONDS_PER_100K * event.size) / 100_000,
        });
      }
    }
    log(`loadavg after: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
    return failed ? 1 : 0;
  } finally {
    await pool?.end().catch(() => {});
    await server?.stop().catch(() => {});
    await disconnectDb().catch(() => {});
    await database?.cleanup().catch((error) => log(`cleanup failed: ${String(error)}`));
  }
}

runMain(main, log);
