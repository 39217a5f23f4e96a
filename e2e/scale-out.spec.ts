import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { verifyWebhook } from "@/lib/partner-sdk/src/verify-webhook";
import { readMigrations } from "@/lib/platform/db/migrate";
import { startPgBouncer, type PgBouncer } from "@/lib/testing/pgbouncer";
import { createEmptyTestDatabase, type TestDatabase } from "@/lib/testing/test-database";
import { startAppInstance, type AppInstance } from "./support/app-instance";

// The topology docs/deploy.md prescribes for production, on one machine: three `npm start`
// instances of this build (one APP_SECRET, each with its in-process worker) on one
// PostgreSQL database reached through a real PgBouncer in transaction mode with the stock
// `ignore_startup_parameters = extra_float_digits` (what Neon's pooled URL is). They start
// at the same moment on an empty database, so their migrations race through the direct
// URL. Then every promise that spans instances is checked across them. Two instances use
// `?pgbouncer=true`; the third does not, and must still answer without a 5xx.

const execFileAsync = promisify(execFile);
const APP_SECRET = "scale-out-app-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const CRON_SECRET = "scale-out-cron-secret-0123456789abcdef";
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3107) + 20;
const WEBHOOK_EVENTS = 120;

test.describe.configure({ mode: "serial" });
test.skip(!process.env.DATABASE_URL, "needs a PostgreSQL server in DATABASE_URL: three instances share one database through PgBouncer");

type Answer = { status: number; body: Record<string, unknown> | null; instance: string };

let pooler: PgBouncer;
let database: TestDatabase;
let instances: AppInstance[] = [];
const answers: Answer[] = [];
const figures: Record<string, unknown> = {};

async function call(instance: AppInstance, path: string, init: RequestInit & { key?: string } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("authorization", `Bearer ${init.key}`);
  if (init.body) headers.set("content-type", "application/json");
  const response = await fetch(`${instance.baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  const answer = { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, instance: instance.name };
  answers.push(answer);
  return answer;
}

/** Runs `count` calls, `concurrency` at a time, the i-th on instance i mod 3. */
async function spread(count: number, concurrency: number, one: (instance: AppInstance, i: number) => Promise<Answer>): Promise<Answer[]> {
  const results: Answer[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await one(instances[i % instances.length], i);
      }
    }),
  );
  return results;
}

async function ops(command: string, flags: Record<string, string>): Promise<Record<string, unknown>> {
  const args = ["node_modules/tsx/dist/cli.mjs", "scripts/ops.ts", command, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])];
  const { stdout } = await execFileAsync(process.execPath, args, {
    env: { ...process.env, DATABASE_URL: database.url, APP_SECRET, DATABASE_POOL_MAX: "1", OUTBOUND_ALLOW_LOOPBACK: "1" },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const statuses = (list: Answer[]) => list.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});
const reason = (answer: Answer) => (answer.body?.error as { details?: { reason?: string } } | undefined)?.details?.reason;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  pooler = await startPgBouncer(process.env.DATABASE_URL!);
  database = await createEmptyTestDatabase(process.env.DATABASE_URL!);
  const pooled = pooler.url(database.url);
  const common = { APP_SECRET, CRON_SECRET, DATABASE_URL_UNPOOLED: database.url, OUTBOUND_ALLOW_LOOPBACK: "1", LOG_LEVEL: "info" };
  instances = ["a", "b", "c"].map((name, i) =>
    startAppInstance(name, FIRST_PORT + i, {
      ...common,
      // c: a pooled URL without ?pgbouncer=true (prepared statements on, given up on the first miss).
      DATABASE_URL: name === "c" ? pooled : `${pooled}?pgbouncer=true`,
      NEXTAUTH_URL: `http://127.0.0.1:${FIRST_PORT + i}`,
    }),
  );
  figures.readyMs = Object.fromEntries(await Promise.all(instances.map(async (instance) => [instance.name, await instance.ready()] as const)));
});

test.afterAll(async () => {
  const exits = await Promise.all(instances.map((instance) => instance.stop()));
  figures.exitCodes = exits;
  figures.answers = statuses(answers);
  console.log(`scale-out figures: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: "scale-out figures", description: JSON.stringify(figures) });
  await database?.drop().catch(() => {});
  await pooler?.stop();
});

let orgId: string;
let eventId: string;

test("the three instances migrated one empty database once between them, through the direct URL", async () => {
  const rows = await sql<{ migration_name: string; finished: boolean }>(`SELECT migration_name, finished_at IS NOT NULL AS finished FROM "_prisma_migrations"`);
  expect(rows.map((row) => row.migration_name).sort()).toEqual(readMigrations().map((m) => m.name));
  expect(rows.every((row) => row.finished)).toBe(true);

  const { org } = (await ops("org:create", { name: "Scale-out" })) as { org: { id: string } };
  orgId = org.id;
  await ops("billing:set", { org: orgId, plan: "card" });
  await ops("demo:seed", { org: orgId, events: "2", attendees: "20" });
  [{ id: eventId }] = await sql<{ id: string }>(`SELECT id FROM "Event" WHERE "orgId" = $1 AND status = 'published' ORDER BY "createdAt" LIMIT 1`, [orgId]);
});

async function newKey(scopes = "events:read,attendees:read,attendees:write"): Promise<{ id: string; secret: string }> {
  return ((await ops("key:create", { org: orgId, name: `scale-out ${Date.now()}`, scopes })) as { key: { id: string; secret: string } }).key;
}

test("one key's 600 requests a minute are counted exactly across the three instances", async () => {
  const key = await newKey();
  const started = Date.now();
  const results = await spread(680, 24, (instance) => call(instance, "/partner/v1/me", { key: key.secret }));
  figures.rateLimit = { requests: 680, ms: Date.now() - started, ...statuses(results) };
  expect(statuses(results)).toEqual({ 200: 600, 429: 80 });
  for (const instance of instances) expect(results.some((a) => a.instance === instance.name && a.status === 200)).toBe(true);
});

test("one Idempotency-Key sent to all three at once makes one attendee", async () => {
  const key = await newKey();
  const email = `idem-${Date.now()}@example.com`;
  const body = JSON.stringify({ email, displayName: "Idem Potent" });
  const results = await spread(9, 9, (instance) =>
    call(instance, `/partner/v1/events/${eventId}/attendees`, { method: "POST", key: key.secret, body, headers: { "idempotency-key": `scale-out-${email}` } }),
  );
  figures.idempotency = statuses(results);
  for (const answer of results) {
    expect([201, 409]).toContain(answer.status);
    if (answer.status === 409) expect(reason(answer)).toBe("idempotency_key_in_use");
  }
  const created = results.filter((a) => a.status === 201).map((a) => (a.body!.data as { id: string }).id);
  expect(created.length).toBeGreaterThan(0);
  expect(new Set(created).size).toBe(1);
  expect(await sql(`SELECT id FROM "Attendee" WHERE "eventId" = $1 AND email = $2`, [eventId, email])).toEqual([{ id: created[0] }]);
});

test("one new email sent to all three at once makes one 201 and 409 attendee_exists for the rest", async () => {
  const key = await newKey();
  const email = `race-${Date.now()}@example.com`;
  const results = await spread(9, 9, (instance) =>
    call(instance, `/partner/v1/events/${eventId}/attendees`, { method: "POST", key: key.secret, body: JSON.stringify({ email, displayName: "Race" }) }),
  );
  figures.duplicateEmail = statuses(results);
  expect(statuses(results)).toEqual({ 201: 1, 409: 8 });
  for (const answer of results.filter((a) => a.status === 409)) expect(reason(answer)).toBe("attendee_exists");
  expect(await sql(`SELECT count(*)::int AS n FROM "Attendee" WHERE "eventId" = $1 AND email = $2`, [eventId, email])).toEqual([{ n: 1 }]);
});

test("a cursor from one instance pages on the others, without overlap or gap", async () => {
  const key = await newKey();
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const query: string = `limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const answer = await call(instances[page % 3], `/partner/v1/events/${eventId}/attendees?${query}`, { key: key.secret });
    expect(answer.status).toBe(200);
    seen.push(...(answer.body!.data as { id: string }[]).map((attendee) => attendee.id));
    cursor = (answer.body!.meta as { nextCursor: string | null }).nextCursor;
    if (!cursor) break;
  }
  const expected = await sql<{ id: string }>(`SELECT id FROM "Attendee" WHERE "eventId" = $1 ORDER BY "createdAt", id`, [eventId]);
  figures.cursorPages = Math.ceil(seen.length / 4);
  expect(seen).toEqual(expected.map((row) => row.id));
});

test("a revoked key is refused by all three at once", async () => {
  const key = await newKey();
  for (const instance of instances) expect((await call(instance, "/partner/v1/me", { key: key.secret })).status).toBe(200);
  await ops("key:revoke", { key: key.id });
  const after = await Promise.all(instances.map((instance) => call(instance, "/partner/v1/me", { key: key.secret })));
  for (const answer of after) {
    expect(answer.status).toBe(401);
    expect(reason(answer)).toBe("revoked_key");
  }
});

test(`${WEBHOOK_EVENTS} webhook events created through all three are each delivered once, signed, while every worker and the cron route run`, async () => {
  test.setTimeout(240_000);
  type Received = { eventId: string; deliveryId: string; attempt: string; verified: boolean };
  const received: Received[] = [];
  let secret = "";
  const receiver = http.createServer((request, response) => {
    let raw = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (raw += chunk));
    request.on("end", () => {
      let verified = false;
      try {
        verifyWebhook(raw, request.headers["x-service-signature"] as string, secret);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({
        eventId: String(request.headers["x-service-event-id"]),
        deliveryId: String(request.headers["x-service-delivery-id"]),
        attempt: String(request.headers["x-service-delivery-attempt"]),
        verified,
      });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    const { endpoint } = (await ops("webhook:create", { org: orgId, url: `http://127.0.0.1:${port}/hooks`, events: "attendee.created" })) as {
      endpoint: { id: string; secret: string };
    };
    secret = endpoint.secret;
    const key = await newKey();

    // The cron route on every instance, over and over, racing the three in-process workers.
    let cronRunning = true;
    const cronCalls: Answer[] = [];
    const cron = (async () => {
      while (cronRunning) {
        cronCalls.push(...(await Promise.all(instances.map((instance) => call(instance, "/api/cron/tick", { headers: { authorization: `Bearer ${CRON_SECRET}` } })))));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    const started = Date.now();
    const created = await spread(WEBHOOK_EVENTS, 12, (instance, i) =>
      call(instance, `/partner/v1/events/${eventId}/attendees`, {
        method: "POST",
        key: key.secret,
        body: JSON.stringify({ email: `hook-${started}-${i}@example.com`, displayName: `Hook ${i}` }),
      }),
    );
    expect(statuses(created)).toEqual({ 201: WEBHOOK_EVENTS });
    const events = await sql<{ id: string }>(`SELECT id FROM "WebhookEvent" WHERE "orgId" = $1 AND type = 'attendee.created' AND "createdAt" >= (SELECT "createdAt" FROM "WebhookEndpoint" WHERE id = $2)`, [orgId, endpoint.id]);
    expect(events).toHaveLength(WEBHOOK_EVENTS);

    await expect.poll(() => new Set(received.map((r) => r.eventId)).size, { timeout: 120_000, intervals: [250] }).toBe(WEBHOOK_EVENTS);
    const deliveredMs = Date.now() - started;
    // Keep every runner going a while longer: nothing may arrive twice.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    cronRunning = false;
    await cron;

    expect(new Set(received.map((r) => r.eventId))).toEqual(new Set(events.map((e) => e.id)));
    expect(received).toHaveLength(WEBHOOK_EVENTS);
    expect(received.every((r) => r.verified && r.attempt === "1")).toBe(true);
    expect(statuses(cronCalls)).toEqual({ 200: cronCalls.length });
    const deliveries = await sql<{ state: string; n: number }>(
      `SELECT state::text, count(*)::int AS n FROM "WebhookDelivery" WHERE "endpointId" = $1 GROUP BY state`,
      [endpoint.id],
    );
    expect(deliveries).toEqual([{ state: "succeeded", n: WEBHOOK_EVENTS }]);
    figures.webhooks = { events: WEBHOOK_EVENTS, deliveredMs, received: received.length, cronCalls: cronCalls.length };
  } finally {
    receiver.close();
  }
});

test("no 5xx anywhere, no error in any instance's log, no pooler error", async () => {
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  for (const instance of instances) {
    const lines = instance.output().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { level: number; msg: string; status?: number });
    expect(lines.filter((line) => line.level >= 50), `${instance.name}: error lines`).toEqual([]);
    expect(lines.filter((line) => line.msg === "partner api request" && (line.status ?? 0) >= 500), `${instance.name}: 5xx`).toEqual([]);
    expect(instance.output(), instance.name).not.toMatch(/worker tick failed|unsupported startup parameter/);
  }
  expect(pooler.log()).not.toMatch(/pooler error|unsupported startup parameter/);
});
