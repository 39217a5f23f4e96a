// npm run bench:imports — one data-source import of 5,000 attendees from a partner API
// served on 127.0.0.1, at the REAL limits (5,000 records / 60 s per run, 20 s / 5 MB per
// request), through the same runImport the scheduler, console and CLI use. Then the same
// pull again, where every record is unchanged.
//
// stdout: one JSON line of set-up facts, then one JSON line per run:
//   { run, wallMs, recordsPerSecond, status, counts, stoppedEarly }
// stderr: progress. Exit 1 when a run does not import everything (target: < 5 s).
//
// Environment (all optional):
//   BENCH_DATABASE_SERVER / DATABASE_URL  a PostgreSQL server: a fresh database (BENCH_DATABASE_NAME,
//                                         default svc_bench_imports) is made there and dropped at the
//                                         end unless BENCH_KEEP_DATABASE=1. Neither: in-memory PGlite.
//   BENCH_RECORDS (default 5000)  BENCH_PAGE_SIZE (default 1000; records per partner page)
import { OPERATOR } from "@/lib/domain/audit/record";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { disconnectDb, getDb } from "@/lib/platform/db/client";
import { createDataSource } from "@/lib/domain/imports/data-sources";
import { DEFAULT_IMPORT_LIMITS, runImport } from "@/lib/domain/imports/run-import";
import { prepareBenchDatabase, type BenchDatabase } from "./lib/database";

const log = (line: string) => process.stderr.write(`[bench:imports] ${line}\n`);
const emit = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

/** A partner API: `records` attendees in pages of `pageSize`, linked by a relative next URL. */
async function startPartner(records: number, pageSize: number): Promise<{ url: string; server: Server; bytes: number[] }> {
  const pages: string[] = [];
  for (let start = 0, page = 1; start < records; start += pageSize, page++) {
    const data = Array.from({ length: Math.min(pageSize, records - start) }, (_, i) => {
      const n = start + i;
      return {
        id: n,
        contact: { email: `guest${n}@bench.example.com`, phone: `+31 20 555 ${String(n).padStart(4, "0")}` },
        name: `Guest ${n}`,
        organisation: { name: `Company ${n % 97}`, country: "NL" },
        role: n % 3 === 0 ? null : `Role ${n % 13}`,
        registeredAt: "2027-01-15T10:00:00Z",
      };
    });
    const next = start + pageSize < records ? `/attendees?page=${page + 1}` : null;
    pages.push(JSON.stringify({ data, meta: { page, next } }));
  }
  const server = createServer((req, res) => {
    const page = Number(new URL(req.url ?? "/", "http://x").searchParams.get("page") ?? 1);
    const body = pages[page - 1];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/attendees?page=1`, server, bytes: pages.map((page) => Buffer.byteLength(page)) };
}

async function main(): Promise<number> {
  const records = numberFromEnv("BENCH_RECORDS", 5_000);
  const pageSize = numberFromEnv("BENCH_PAGE_SIZE", 1_000);
  // The partner runs on this machine: open the guard's loopback exception (http://127.0.0.1
  // only) for this process, as the test harness does.
  process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
  process.env.BENCH_DATABASE_NAME ||= "svc_bench_imports";

  let database: BenchDatabase | undefined;
  let partner: Awaited<ReturnType<typeof startPartner>> | undefined;
  try {
    database = await prepareBenchDatabase();
    log(`database: ${database.description}`);
    process.env.DATABASE_URL = database.url;
    process.env.DATABASE_POOL_MAX = String(database.poolMax);

    partner = await startPartner(records, pageSize);
    const db = getDb();
    const org = await db.organization.create({ data: { name: "Bench imports", billingPlan: "card" } });
    const event = await db.event.create({
      data: {
        orgId: org.id,
        slug: "bench-imports",
        name: "Bench imports",
        status: "published",
        startAt: new Date("2027-03-01T08:00:00Z"),
        endAt: new Date("2027-03-02T17:00:00Z"),
        timezone: "Europe/Amsterdam",
      },
    });
    const source = await createDataSource(org.id, {
      name: "Bench partner",
      eventId: event.id,
      target: "attendees",
      url: partner.url,
      headers: [{ name: "Authorization", value: "Bearer bench-token" }],
      recordsPath: "data",
      nextPagePath: "meta.next",
      mapping: {
        fields: {
          email: { path: "contact.email", transform: ["trim"] },
          displayName: { path: "name" },
          company: { path: "organisation.name" },
          jobTitle: { path: "role" },
        },
      },
    }, OPERATOR);
    emit({
      database: database.kind,
      records,
      pageSize,
      pages: partner.bytes.length,
      largestPageBytes: Math.max(...partner.bytes),
      limits: DEFAULT_IMPORT_LIMITS,
    });

    let ok = true;
    for (const [name, expected] of [
      ["first pull (all created)", "created"],
      ["second pull (all unchanged)", "unchanged"],
    ] as const) {
      log(`${name}...`);
      const started = performance.now();
      const run = await runImport(source.id, { trigger: "manual" });
      const wallMs = Math.round(performance.now() - started);
      emit({
        run: name,
        wallMs,
        recordsPerSecond: Math.round((run.counts.fetched / wallMs) * 1000),
        status: run.status,
        counts: run.counts,
        stoppedEarly: run.stoppedEarly,
      });
      if (run.status !== "succeeded" || run.counts[expected] !== records) {
        log(`${name}: expected ${records} ${expected}, got ${JSON.stringify(run.counts)} (${run.status}${run.fetchError ? `: ${run.fetchError}` : ""})`);
        ok = false;
      }
      if (wallMs >= 5_000) log(`${name}: ${wallMs} ms is over the 5 s target`);
    }
    return ok ? 0 : 1;
  } finally {
    partner?.server.closeAllConnections();
    partner?.server.close();
    await disconnectDb().catch(() => {});
    await database?.cleanup().catch((error) => log(`cleanup failed: ${String(error)}`));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
