// npx tsx scripts/bench/request-log-micro.ts — the request log's own cost, apart from the
// HTTP load test (whose req/s a busy shared machine can swamp): the CPU a request spends
// buffering its row, and the app's CPU, the database's CPU (a local server: every postgres
// process) and the wall time per row of a batched write. Needs DATABASE_URL (a fresh
// database svc_bench_request_log is made there and dropped).
process.env.LOG_LEVEL ??= "warn";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { localPostgresCpuMs } from "./lib/process-cpu";

const base = process.env.DATABASE_URL;
if (!base) throw new Error("DATABASE_URL is required");
const admin = new pg.Client({ connectionString: base });
await admin.connect();
const name = "svc_bench_request_log";
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
try {
  const { migrate } = await import("@/lib/platform/db/migrate");
  await migrate(url.toString());
  const { RequestLogBuffer, DEFAULT_BUFFER_OPTIONS } = await import("@/lib/domain/request-log/buffer");
  const { insertApiRequests } = await import("@/lib/domain/request-log/write");
  const { getDb, disconnectDb } = await import("@/lib/platform/db/client");
  const org = await getDb().organization.create({ data: { name: "bench" } });
  const row = () => ({
    orgId: org.id, keyId: randomUUID(), at: new Date(), method: "GET", route: "/events/{eventId}/attendees", status: 200, errorCode: null,
    durationMs: 12, requestId: `req_${randomUUID().replaceAll("-", "")}`, clientIp: "203.0.113.9", userAgent: "acme-sync/2.1 (node 24)",
  });

  // In the request: building the row and buffering it (a writer that does nothing), and the
  // buffer's own work around each batch.
  const calls = 200_000;
  const buffer = new RequestLogBuffer(async () => {}, { ...DEFAULT_BUFFER_OPTIONS });
  const cpu0 = process.cpuUsage();
  // In chunks, yielding between them as requests do, so the batches are written as they fill.
  for (let i = 0; i < calls; i += 100) {
    for (let j = 0; j < 100; j++) void buffer.record(row());
    await new Promise((resolve) => setImmediate(resolve));
  }
  await buffer.flush();
  const cpu = process.cpuUsage(cpu0);
  const recordUs = (cpu.user + cpu.system) / calls;

  // After the response: batches of 200 rows, one statement each.
  const batches = 100;
  const rows = Array.from({ length: batches }, () => Array.from({ length: 200 }, row));
  const wall0 = performance.now();
  const appCpu0 = process.cpuUsage();
  const databaseCpu0 = localPostgresCpuMs(base);
  for (const batch of rows) await insertApiRequests(batch);
  const wallMs = performance.now() - wall0;
  const appCpu = process.cpuUsage(appCpu0);
  const databaseCpu1 = localPostgresCpuMs(base);
  const databaseCpuUsPerRow = databaseCpu0 === null || databaseCpu1 === null ? null : Math.round(((databaseCpu1 - databaseCpu0) * 1000) / (batches * 200) * 10) / 10;
  const perRowWallUs = (wallMs * 1000) / (batches * 200);
  const perRowAppCpuUs = (appCpu.user + appCpu.system) / (batches * 200);
  process.stdout.write(
    `${JSON.stringify({
      bufferRecordCpuUsPerRequest: Math.round(recordUs * 100) / 100,
      batchWrite: { rowsPerBatch: 200, batches, wallMsPerBatch: Math.round((wallMs / batches) * 100) / 100, wallUsPerRow: Math.round(perRowWallUs * 10) / 10, appCpuUsPerRow: Math.round(perRowAppCpuUs * 10) / 10, databaseCpuUsPerRow },
    })}\n`,
  );
  await disconnectDb();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
