import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/test-database";
import { startAppInstance, type AppInstance } from "./support/app-instance";

// `npm start` as a customer runs it, over the build this Playwright run already made
// (e2e/serve.ts): refusal of a bad configuration at start, then with a valid one the
// probes, a paged Partner API request, the cron route, the log lines and a graceful stop.

const execFileAsync = promisify(execFile);
const PORT = Number(process.env.E2E_PORT ?? 3107) + 10;
const BASE = `http://127.0.0.1:${PORT}`;
const APP_SECRET = "smoke-app-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const CRON_SECRET = "smoke-cron-secret-0123456789abcdef";

test.describe.configure({ mode: "serial" });

type Started = AppInstance;
const start = (env: Record<string, string | undefined>): Started => startAppInstance("smoke", PORT, env);

async function waitForExit(server: Started, ms: number) {
  return Promise.race([server.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

let database: TestDatabase;
test.beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
});
test.afterAll(async () => {
  await database?.drop();
});

const VALID = () => ({ APP_SECRET, DATABASE_URL: database.url, NEXTAUTH_URL: BASE, CRON_SECRET });

/** The real operator CLI against the smoke database. */
async function ops(command: string, flags: Record<string, string>) {
  const args = ["node_modules/tsx/dist/cli.mjs", "scripts/ops.ts", command, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])];
  const { stdout } = await execFileAsync(process.execPath, args, { env: { ...process.env, DATABASE_URL: database.url, APP_SECRET, DATABASE_POOL_MAX: "1" } });
  return JSON.parse(stdout);
}

/** An organization with a plan and one key that may read events. */
async function createOrgWithKey(): Promise<{ id: string; secret: string }> {
  const { org } = await ops("org:create", { name: "Signals" });
  await ops("billing:set", { org: org.id, plan: "card" });
  const { key } = await ops("key:create", { org: org.id, name: "signals", scopes: "events:read" });
  return { id: org.id, secret: key.secret };
}

for (const [variable, change] of [
  ["APP_SECRET", { APP_SECRET: undefined }],
  ["APP_SECRET", { APP_SECRET: "too-short" }],
  ["DATABASE_URL", { DATABASE_URL: undefined }],
  ["NEXTAUTH_URL", { NEXTAUTH_URL: "integrations.example.com" }],
  // A pooled URL (Neon's -pooler host) without a direct one for the migrations.
  ["DATABASE_URL_UNPOOLED", { DATABASE_URL: "postgresql://app@ep-example-123-pooler.us-east-2.aws.neon.tech/app?sslmode=require" }],
  ["INNGEST_DEV", { INNGEST_DEV: "1" }],
] as const) {
  test(`refuses to start with a bad ${variable} (${JSON.stringify(change)})`, async () => {
    const server = start({ ...VALID(), ...change });
    const exit = await waitForExit(server, 15_000);
    if (!exit) process.kill(-server.child.pid!, "SIGKILL");
    expect(exit, "exits within 15 s").not.toBeNull();
    expect(exit!.code).not.toBe(0);
    const lines = server.stderr().split("\n").filter((line) => line.startsWith("Configuration error:"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Configuration error: ${variable} is (not set|invalid|set): `));
    // Nothing was served: the port stays closed.
    await expect(fetch(`${BASE}/api/health`)).rejects.toThrow();
  });
}

test("serves with a valid configuration, logs one line per request, and stops cleanly on SIGTERM", async () => {
  const server = start(VALID());
  try {
    // Cold start: process spawned → first 200 from /api/ready.
    let readyAt: number | null = null;
    while (readyAt === null) {
      if (Date.now() - server.startedAt > 60_000) throw new Error(`not ready after 60 s\n${server.stderr()}`);
      const response = await fetch(`${BASE}/api/ready`).catch(() => null);
      if (response?.status === 200) {
        readyAt = Date.now() - server.startedAt;
        expect(await response.json()).toEqual({ status: "ready", schemaVersion: expect.stringMatching(/^\d{14}_\w+$/) });
        expect(response.headers.get("cache-control")).toBe("no-store");
      } else {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    test.info().annotations.push({ type: "cold start to /api/ready 200 (ms)", description: String(readyAt) });
    console.log(`cold start of npm start to first 200 on /api/ready: ${readyAt} ms`);

    expect(await (await fetch(`${BASE}/api/health`)).json()).toEqual({ status: "ok" });

    const { org } = await ops("org:create", { name: "Smoke" });
    await ops("billing:set", { org: org.id, plan: "card" });
    await ops("demo:seed", { org: org.id, events: "3", attendees: "5" });
    const { key } = await ops("key:create", { org: org.id, name: "smoke", scopes: "events:read" });
    const auth = { authorization: `Bearer ${key.secret}` };

    const requestIds: string[] = [];
    const first = await fetch(`${BASE}/partner/v1/events?limit=1`, { headers: auth });
    expect(first.status).toBe(200);
    requestIds.push(first.headers.get("x-request-id")!);
    const cursor = (await first.json()).meta.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await fetch(`${BASE}/partner/v1/events?limit=1&cursor=${encodeURIComponent(cursor)}`, { headers: auth });
    expect(second.status).toBe(200);
    requestIds.push(second.headers.get("x-request-id")!);
    const unknown = await fetch(`${BASE}/partner/v1/events/00000000-0000-4000-8000-000000000000`, { headers: auth });
    expect(unknown.status).toBe(404);
    requestIds.push(unknown.headers.get("x-request-id")!);

    for (const authorization of [undefined, "Bearer wrong-cron-secret-0123456789"]) {
      const refused = await fetch(`${BASE}/api/cron/tick`, { headers: authorization ? { authorization } : {} });
      expect(refused.status).toBe(401);
      expect((await refused.json()).error.code).toBe("UNAUTHORIZED");
    }
    const ran = await fetch(`${BASE}/api/cron/tick`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ deliveries: { attempted: expect.any(Number) }, imports: { ran: 0, failed: 0 }, pruned: expect.any(Object) });

    // Anyone can call /api/inngest (here Inngest is not configured): the SDK's complaint is
    // one JSON line a minute, not an error with a stack per request.
    for (let index = 0; index < 3; index += 1) await fetch(`${BASE}/api/inngest`, { method: "POST", body: "{}" });

    // pino writes synchronously; give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = server.stdout().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = lines.filter((line) => line.msg === "partner api request");
    for (const requestId of requestIds) expect(requestLines.filter((line) => line.requestId === requestId)).toHaveLength(1);
    expect(requestLines.find((line) => line.requestId === requestIds[1])).toMatchObject({
      method: "GET", route: "/events", status: 200, orgId: org.id, keyId: key.id, errorCode: null, durationMs: expect.any(Number),
    });
    expect(requestLines.find((line) => line.requestId === requestIds[2])).toMatchObject({ route: "/events/{eventId}", status: 404, errorCode: "NOT_FOUND" });
    expect(lines.filter((line) => line.component === "inngest")).toHaveLength(1);
    const output = server.stdout() + server.stderr();
    for (const secret of [key.secret, APP_SECRET, CRON_SECRET, cursor]) expect(output).not.toContain(secret);
    // No multi-line stack trace anywhere: errors are single JSON lines.
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

    // Graceful stop while Partner API requests are in flight: exit 0 within 10 s, the pool
    // closed, no lease left claimed, and every request that was answered is in the key's
    // request log (the server stops taking requests before the log's last write).
    // Four clients call back to back until the server stops answering, the signal coming
    // after their first answers.
    const answered: string[] = [];
    let signalled = false;
    const client = async () => {
      for (;;) {
        const response = await fetch(`${BASE}/partner/v1/events?limit=50`, { headers: auth }).catch(() => null);
        if (!response) return;
        expect(response.status).toBe(200);
        answered.push(response.headers.get("x-request-id")!);
        if (!signalled && answered.length >= 8) {
          signalled = true;
          server.child.kill("SIGTERM");
        }
      }
    };
    await Promise.all([client(), client(), client(), client()]);
    const exit = await waitForExit(server, 10_000);
    expect(exit, "exits within 10 s of SIGTERM").not.toBeNull();
    expect(exit!.code).toBe(0);
    expect(server.stdout()).toContain('"msg":"shutdown complete"');
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT
        (SELECT count(*) FROM "WebhookDelivery" WHERE "lockedUntil" > now())::int AS deliveries,
        (SELECT count(*) FROM "DataSource" WHERE "runLeaseUntil" > now())::int AS imports`);
      expect(rows[0]).toEqual({ deliveries: 0, imports: 0 });
      const logged = await db.query<{ requestId: string }>(`SELECT "requestId" FROM "ApiRequest" WHERE "requestId" = ANY($1::text[])`, [answered]);
      expect(logged.rows.length, "every answered request is in the request log").toBe(answered.length);
      console.log(`SIGTERM while four clients called: ${answered.length} answered, all in the request log`);
    } finally {
      await db.end();
    }
  } finally {
    if (server.child.exitCode === null) process.kill(-server.child.pid!, "SIGKILL");
  }
});

/** The process group's members still running (ps), the group leader included. */
async function groupMembers(pgid: number): Promise<string[]> {
  const { stdout } = await execFileAsync("ps", ["-o", "pid=,args=", "-g", String(pgid)]).catch(() => ({ stdout: "" }));
  return stdout.split("\n").map((line) => line.trim()).filter(Boolean);
}

for (const target of ["npm alone", "the process group"] as const) {
  test(`npm start drains once and exits when ${target} gets SIGTERM, every answered request logged`, async () => {
    const server = startAppInstance("signals", PORT, VALID(), "npm");
    const pgid = server.child.pid!;
    try {
      await server.ready();
      const org = await createOrgWithKey();
      const answered: string[] = [];
      let signalled = false;
      const client = async () => {
        for (;;) {
          const response = await fetch(`${BASE}/partner/v1/me`, { headers: { authorization: `Bearer ${org.secret}` } }).catch(() => null);
          if (!response) return;
          if (response.status !== 200) return;
          answered.push(response.headers.get("x-request-id")!);
          if (!signalled && answered.length >= 8) {
            signalled = true;
            // npm alone is what `docker stop` signals when npm is PID 1; the group is Ctrl-C or systemd.
            process.kill(target === "npm alone" ? pgid : -pgid, "SIGTERM");
          }
        }
      };
      await Promise.all([client(), client(), client(), client()]);
      const deadline = Date.now() + 15_000;
      while ((await groupMembers(pgid)).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(await groupMembers(pgid), "nothing of npm start keeps running").toEqual([]);
      expect(server.output().match(/"msg":"shutdown complete"/g), "one drain").toHaveLength(1);
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      try {
        const logged = await db.query<{ requestId: string }>(`SELECT "requestId" FROM "ApiRequest" WHERE "requestId" = ANY($1::text[])`, [answered]);
        expect(logged.rows.length, "every answered request is in the request log").toBe(answered.length);
      } finally {
        await db.end();
      }
    } finally {
      try {
        process.kill(-pgid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}
