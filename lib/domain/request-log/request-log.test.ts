import http from "node:http";
import { randomUUID } from "node:crypto";
import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, sqlRows } from "@/lib/platform/db/client";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { drainForShutdown } from "@/lib/runtime/boot-server";
import { DEFAULT_BUFFER_OPTIONS, RequestLogBuffer, type ApiRequestRow } from "./buffer";
import { droppedRequestLogRows, flushRequestLog, setRequestLogBuffer } from "./record";
import { insertApiRequests } from "./write";

// Partner API requests end up in the request log through the real route handlers over
// HTTP: buffered off the response path, written in batches, never failing a request.

let server: RouteServer;
let orgId: string;
let eventId: string;
let key: Awaited<ReturnType<typeof createTestKey>>;

/** A buffer that writes only when flushed, so a test decides when rows reach the database. */
function heldBuffer(write: (rows: ApiRequestRow[]) => Promise<unknown> = insertApiRequests) {
  const buffer = new RequestLogBuffer(write, { ...DEFAULT_BUFFER_OPTIONS, flushIntervalMs: 3_600_000, retryDelayMs: 1 });
  setRequestLogBuffer(buffer);
  return buffer;
}

const rowsOf = (keyId: string) =>
  sqlRows<Record<string, unknown>>`SELECT * FROM "ApiRequest" WHERE "keyId" = ${keyId}::uuid ORDER BY at, id`;

beforeAll(async () => {
  server = await startRouteServer();
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  key = await createTestKey(orgId);
});
afterAll(async () => server.close());
afterEach(() => {
  setRequestLogBuffer(undefined);
  delete process.env.REQUEST_LOG;
  delete process.env.TRUST_PROXY_HEADERS;
});

describe("recording a request", () => {
  it("writes the route pattern, status and request id after the response, never the path's ids, the query or the key", async () => {
    const buffer = heldBuffer();
    const secretQuery = "q=needle-in-the-query&limit=5";
    const response = await fetch(`${server.baseUrl}/partner/v1/events/${eventId}/attendees?${secretQuery}`, {
      headers: { ...bearer(key.secret), "user-agent": "acme-sync/2.1", "x-forwarded-for": "203.0.113.9" },
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    // Answered before anything was written: the row waits in the buffer.
    expect(buffer.size).toBe(1);
    expect(await rowsOf(key.id)).toEqual([]);

    await flushRequestLog();
    const rows = await rowsOf(key.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      orgId,
      keyId: key.id,
      method: "GET",
      route: "/events/{eventId}/attendees",
      status: 200,
      errorCode: null,
      requestId,
      // No trusted proxy in front: the forwarded address is not believed.
      clientIp: null,
      userAgent: "acme-sync/2.1",
    });
    expect(rows[0].at).toBeInstanceOf(Date);
    expect(rows[0].durationMs).toEqual(expect.any(Number));
    const stored = JSON.stringify(rows[0]);
    for (const absent of [eventId, "needle", key.secret, key.secret.slice(-12)]) expect(stored).not.toContain(absent);
  });

  it("records the client IP by the proxy rule, and a failure's status and error code", async () => {
    heldBuffer();
    process.env.TRUST_PROXY_HEADERS = "1";
    const missing = randomUUID();
    const response = await fetch(`${server.baseUrl}/partner/v1/events/${missing}`, { headers: { ...bearer(key.secret), "x-forwarded-for": "198.51.100.1, 203.0.113.9" } });
    expect(response.status).toBe(404);
    await flushRequestLog();
    const [row] = (await rowsOf(key.id)).filter((r) => r.requestId === response.headers.get("x-request-id"));
    expect(row).toMatchObject({ route: "/events/{eventId}", status: 404, errorCode: "NOT_FOUND", clientIp: "203.0.113.9", userAgent: expect.any(String) });
    expect(JSON.stringify(row)).not.toContain(missing);
  });

  it("stores the User-Agent without its control characters (C0, DEL, C1: no escape sequence reaches a screen)", async () => {
    heldBuffer();
    // A header's bytes past 0x7f arrive as U+0080–U+00FF: 0x9b is the C1 escape (CSI).
    // fetch refuses such a header; node:http sends it as latin1 bytes, as any client can.
    const sent = "evil\u009b31m\tagent\u0085/1 caf\u00e9";
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${server.baseUrl}/partner/v1/me`, { headers: { ...bearer(key.secret), "user-agent": sent } }, resolve).on("error", reject),
    );
    response.resume();
    expect(response.statusCode).toBe(200);
    await flushRequestLog();
    const [row] = (await rowsOf(key.id)).filter((r) => r.requestId === response.headers["x-request-id"]);
    expect(row.userAgent).toBe("evil31magent/1 caf\u00e9");
  });

  it("records nothing for a key nobody has, and records a known key's refusal on that key", async () => {
    const buffer = heldBuffer();
    const unknown = await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer("svc_live_" + "c".repeat(32)) });
    expect(unknown.status).toBe(401);
    const none = await fetch(`${server.baseUrl}/partner/v1/me`);
    expect(none.status).toBe(401);
    expect(buffer.size).toBe(0);

    const revoked = await createTestKey(orgId, ["events:read"]);
    await revokeApiKey(revoked.id, orgId, OPERATOR);
    const refused = await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(revoked.secret) });
    expect(refused.status).toBe(401);
    await flushRequestLog();
    expect(await rowsOf(revoked.id)).toEqual([expect.objectContaining({ route: "/me", status: 401, errorCode: "UNAUTHORIZED" })]);
    const [{ count }] = await sqlRows<{ count: number }>`SELECT count(*)::int AS count FROM "ApiRequest" WHERE "requestId" = ${unknown.headers.get("x-request-id")}`;
    expect(count).toBe(0);
  });

  it("answers normally when the log's writes fail, retrying once and counting what it dropped", async () => {
    let attempts = 0;
    const buffer = heldBuffer(async () => {
      attempts++;
      throw new Error("connection refused");
    });
    const response = await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(key.secret) });
    expect(response.status).toBe(200);
    await expect(flushRequestLog()).resolves.toBeUndefined();
    expect(attempts).toBe(2);
    expect(buffer.dropped).toBe(1);
    expect(droppedRequestLogRows()).toBe(1);
  });

  it("records nothing with REQUEST_LOG=off", async () => {
    const buffer = heldBuffer();
    process.env.REQUEST_LOG = "off";
    expect((await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(key.secret) })).status).toBe(200);
    expect(buffer.size).toBe(0);
  });

  it("writes what is buffered on a graceful shutdown", async () => {
    const buffer = heldBuffer();
    const other = await createTestKey(orgId, ["events:read"]);
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.baseUrl}/partner/v1/events`, { headers: bearer(other.secret) })).status).toBe(200);
    expect(buffer.size).toBe(3);
    await drainForShutdown(null);
    expect(buffer.size).toBe(0);
    expect((await rowsOf(other.id)).map((row) => row.route)).toEqual(["/events", "/events", "/events"]);
  });
});

const row = (overrides: Partial<ApiRequestRow> = {}): ApiRequestRow => ({
  orgId,
  keyId: key.id,
  at: new Date(),
  method: "GET",
  route: "/me",
  status: 200,
  errorCode: null,
  durationMs: 3,
  requestId: `req_${randomUUID().replaceAll("-", "")}`,
  clientIp: null,
  userAgent: null,
  ...overrides,
});

describe("the batch writer", () => {
  it("writes a batch in one statement and skips rows whose organization is gone", async () => {
    const keyId = randomUUID();
    const written = await insertApiRequests([row({ keyId }), row({ keyId, orgId: randomUUID() }), row({ keyId, status: 429, errorCode: "RATE_LIMITED" })]);
    expect(written).toBe(2);
    expect((await rowsOf(keyId)).map((r) => r.status).sort()).toEqual([200, 429]);
  });
});

describe("the buffer", () => {
  it("writes when a batch is full, and on its timer otherwise", async () => {
    const batches: number[] = [];
    const buffer = new RequestLogBuffer(async (rows) => void batches.push(rows.length), { ...DEFAULT_BUFFER_OPTIONS, batchRows: 3, flushIntervalMs: 20 });
    const written = [1, 2, 3].map(() => buffer.record(row()));
    await Promise.all(written);
    expect(batches).toEqual([3]);
    await buffer.record(row());
    expect(batches).toEqual([3, 1]);
  });

  it("writes full batches while busy: rows that arrive during a write wait for a full batch or the timer", async () => {
    const batches: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const buffer = new RequestLogBuffer(
      async (rows) => {
        batches.push(rows.length);
        if (batches.length === 1) await held;
      },
      { ...DEFAULT_BUFFER_OPTIONS, batchRows: 3, flushIntervalMs: 3_600_000 },
    );
    const first = [1, 2, 3].map(() => buffer.record(row()));
    // The first batch is being written; two more rows come in meanwhile.
    const late = [1, 2].map(() => buffer.record(row()));
    release();
    await Promise.all(first);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([3]);
    expect(buffer.size).toBe(2);
    // Four more make two full batches, each written as soon as it is full.
    const more = [1, 2, 3, 4].map(() => buffer.record(row()));
    await Promise.all([...late, ...more]);
    expect(batches).toEqual([3, 3, 3]);
    // A lone row waits for the timer (or a flush).
    const lone = buffer.record(row());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([3, 3, 3]);
    await buffer.flush();
    await lone;
    expect(batches).toEqual([3, 3, 3, 1]);
  });

  it("a timer's write takes the rows there when it fired: those that arrive during it wait for a full batch or the next tick", async () => {
    const batches: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const firstWriteStarted = new Promise<void>((resolve) => (started = resolve));
    const buffer = new RequestLogBuffer(
      async (rows) => {
        batches.push(rows.length);
        if (batches.length === 1) {
          started();
          await held;
        }
      },
      { ...DEFAULT_BUFFER_OPTIONS, batchRows: 100, flushIntervalMs: 40 },
    );
    const early = [1, 2].map(() => buffer.record(row()));
    await firstWriteStarted;
    const late = [1, 2, 3].map(() => buffer.record(row()));
    release();
    await Promise.all(early);
    await new Promise((resolve) => setImmediate(resolve));
    // Draining them as they came made a busy server write a few rows per statement.
    expect(batches).toEqual([2]);
    expect(buffer.size).toBe(3);
    await Promise.all(late);
    expect(batches).toEqual([2, 3]);
  });

  it("is bounded: past its size the oldest rows are dropped and counted, and every waiter settles", async () => {
    const written: string[] = [];
    const buffer = new RequestLogBuffer(async (rows) => void written.push(...rows.map((r) => r.route)), {
      ...DEFAULT_BUFFER_OPTIONS,
      maxBuffered: 3,
      batchRows: 100,
      flushIntervalMs: 3_600_000,
    });
    const waits = ["/a", "/b", "/c", "/d", "/e"].map((route) => buffer.record(row({ route })));
    expect(buffer.size).toBe(3);
    expect(buffer.dropped).toBe(2);
    await buffer.flush();
    await Promise.all(waits);
    expect(written).toEqual(["/c", "/d", "/e"]);
  });

  it("keeps the rows of writes that fail during an outage, within its bound, and writes them when the database is back", async () => {
    let down = true;
    let calls = 0;
    const written: string[] = [];
    const buffer = new RequestLogBuffer(
      async (rows) => {
        calls++;
        if (down) throw new Error("connection refused");
        written.push(...rows.map((r) => r.route));
      },
      { ...DEFAULT_BUFFER_OPTIONS, maxBuffered: 5, batchRows: 100, flushIntervalMs: 20, retryDelayMs: 1 },
    );
    const first = ["/a", "/b", "/c"].map((route) => buffer.record(row({ route })));
    await Promise.all(first);
    // Written twice, failed twice: the rows are kept, nothing dropped.
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(buffer.size).toBe(3);
    expect(buffer.dropped).toBe(0);
    // More than the bound arrives meanwhile: the oldest go, counted.
    for (const route of ["/d", "/e", "/f", "/g"]) void buffer.record(row({ route }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(buffer.size).toBe(5);
    expect(buffer.dropped).toBe(2);
    down = false;
    await expect.poll(() => written.length).toBe(5);
    expect(written).toEqual(["/c", "/d", "/e", "/f", "/g"]);
    expect(buffer.dropped).toBe(2);
  });

  it("retries a failed write once", async () => {
    let calls = 0;
    const buffer = new RequestLogBuffer(async () => {
      if (++calls === 1) throw new Error("blip");
    }, { ...DEFAULT_BUFFER_OPTIONS, retryDelayMs: 1, flushIntervalMs: 3_600_000 });
    void buffer.record(row());
    await buffer.flush();
    expect(calls).toBe(2);
    expect(buffer.dropped).toBe(0);
  });
});

afterAll(async () => {
  await getDb().apiRequest.deleteMany({ where: { orgId } });
});
