import { beforeAll, afterAll, describe, expect, it } from "vitest";
import type { ApiRequestRow } from "@/lib/domain/request-log/buffer";
import { flushRequestLog } from "@/lib/domain/request-log/record";
import { REQUEST_LOG_RETENTION_MS } from "@/lib/domain/request-log/prune";
import { insertApiRequests } from "@/lib/domain/request-log/write";
import { ApiRequestSchema, pagedEnvelope } from "@/lib/domain/resources/resources";
import { bearer, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// GET /partner/v1/requests over HTTP against the real handlers: the calling key's own
// rows only (never a sibling key's or another organization's), newest first, paged by
// signed cursors, the status and since filters, the 14-day retention, and bad input as
// a 400 in the envelope.

let server: RouteServer;
let orgId: string;
let key: { id: string; secret: string };
let sibling: { id: string; secret: string };
let foreign: { id: string; secret: string };
const now = Date.now();

const row = (i: number, overrides: Partial<ApiRequestRow> = {}): ApiRequestRow => ({
  orgId,
  keyId: key.id,
  at: new Date(now - 60 * 60_000 + i * 1000),
  method: i % 3 === 0 ? "POST" : "GET",
  route: "/events/{eventId}/attendees",
  status: [200, 404, 429, 500, 201][i % 5],
  errorCode: [null, "NOT_FOUND", "RATE_LIMITED", "INTERNAL", null][i % 5],
  durationMs: i,
  requestId: `req_${String(i).padStart(32, "0")}`,
  clientIp: "203.0.113.7",
  userAgent: "sync/1.0",
  ...overrides,
});

type Entry = { requestId: string; route: string; status: number; durationMs: number };
type Body = {
  data: Entry[];
  meta: { nextCursor: string };
  error: { code: string; details: { reason?: string; fields: Record<string, unknown> } };
};

async function get(path: string, secret = key.secret) {
  const response = await fetch(`${server.baseUrl}/partner/v1${path}`, { headers: bearer(secret) });
  return { status: response.status, body: (await response.json()) as Body };
}

/** The seeded rows of a page: this file's own calls to /requests are logged too, a moment later. */
const seeded = (body: { data: Entry[] }): Entry[] => (body.data as Entry[]).filter((entry) => entry.route !== "/requests");

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  orgId = org.id;
  key = await createTestKey(orgId, ["events:read"]);
  sibling = await createTestKey(orgId);
  const other = await createTestOrg();
  foreign = await createTestKey(other.id);
  await insertApiRequests([
    ...Array.from({ length: 12 }, (_, i) => row(i)),
    row(50, { keyId: sibling.id, requestId: "req_sibling" }),
    { ...row(51, { requestId: "req_foreign" }), orgId: other.id, keyId: foreign.id },
    // Past the retention: the daily prune may not have run yet; it is not listed either way.
    row(52, { at: new Date(now - REQUEST_LOG_RETENTION_MS - 60_000), requestId: "req_expired" }),
  ]);
});
afterAll(async () => server?.close());

describe("GET /partner/v1/requests", () => {
  it("lists only the calling key's requests, newest first, paged without gaps or repeats", async () => {
    const seen: string[] = [];
    let path = "/requests?limit=5";
    for (let pages = 0; pages < 10; pages++) {
      const page = await get(path);
      expect(page.status).toBe(200);
      const parsed = pagedEnvelope(ApiRequestSchema).strict().parse(page.body);
      seen.push(...seeded(parsed).map((entry) => entry.requestId));
      if (!parsed.meta.nextCursor) break;
      path = `/requests?limit=5&cursor=${encodeURIComponent(parsed.meta.nextCursor)}`;
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `req_${String(11 - i).padStart(32, "0")}`));
    const first = seeded((await get("/requests?status=4xx&limit=20")).body)[0];
    expect(first).toEqual({
      requestId: `req_${"11".padStart(32, "0")}`,
      at: new Date(now - 60 * 60_000 + 11_000).toISOString(),
      method: "GET",
      route: "/events/{eventId}/attendees",
      status: 404,
      errorCode: "NOT_FOUND",
      durationMs: 11,
      clientIp: "203.0.113.7",
      userAgent: "sync/1.0",
    });
    // The sibling key sees its own row and nothing of this key's; the other organization's key likewise.
    expect(seeded((await get("/requests", sibling.secret)).body).map((entry) => entry.requestId)).toEqual(["req_sibling"]);
    expect(seeded((await get("/requests", foreign.secret)).body).map((entry) => entry.requestId)).toEqual(["req_foreign"]);
  });

  it("filters by status class and since, each cursor bound to its filters", async () => {
    const errors = await get("/requests?status=4xx");
    expect(seeded(errors.body).map((entry) => entry.status)).toEqual([404, 429, 404, 429, 404]);
    expect(seeded((await get("/requests?status=5xx")).body).map((entry) => entry.durationMs)).toEqual([8, 3]);
    const since = new Date(now - 60 * 60_000 + 9_000).toISOString();
    expect(seeded((await get(`/requests?since=${encodeURIComponent(since)}`)).body).map((entry) => entry.durationMs)).toEqual([11, 10, 9]);
    const firstPage = await get("/requests?status=2xx&limit=1");
    const other = await get(`/requests?status=4xx&cursor=${encodeURIComponent(firstPage.body.meta.nextCursor)}`);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: "INVALID_CURSOR", details: { reason: "invalid_cursor" } });
    // Another key cannot continue this key's list.
    expect((await get(`/requests?status=2xx&limit=1&cursor=${encodeURIComponent(firstPage.body.meta.nextCursor)}`, sibling.secret)).status).toBe(400);
  });

  it("refuses a bad status, since or limit with 400 naming the field", async () => {
    for (const [query, field] of [["status=3xx", "status"], ["since=yesterday", "since"], ["limit=0", "limit"]]) {
      const answer = await get(`/requests?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code, query).toBe("INVALID_INPUT");
      expect(Object.keys(answer.body.error.details.fields), query).toEqual([field]);
    }
  });

  it("shows a real request once it is recorded; without a key it is 401", async () => {
    const fresh = await createTestKey(orgId);
    expect((await get("/me", fresh.secret)).status).toBe(200);
    await flushRequestLog();
    const listed = await get("/requests", fresh.secret);
    expect(listed.body.data[0]).toMatchObject({ method: "GET", route: "/me", status: 200, errorCode: null });
    const anonymous = await fetch(`${server.baseUrl}/partner/v1/requests`);
    expect(anonymous.status).toBe(401);
  });
});
