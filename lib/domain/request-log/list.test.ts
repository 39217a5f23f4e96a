import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sqlRows } from "@/lib/platform/db/client";
import { keysetCursor } from "@/lib/console/keyset-cursor";
import { createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import type { ApiRequestRow } from "./buffer";
import { listKeyRequests, routesOfKey } from "./list";
import { pruneRequestLog, REQUEST_LOG_RETENTION_MS } from "./prune";
import { insertApiRequests } from "./write";

// The console's list of a key's requests and the 14-day prune, against the database.

let orgId: string;
let keyId: string;
let otherOrgId: string;
let otherKeyId: string;
const base = Date.parse("2026-11-20T10:00:00.000Z");

const row = (i: number, overrides: Partial<ApiRequestRow> = {}): ApiRequestRow => ({
  orgId,
  keyId,
  at: new Date(base + i * 1000),
  method: "GET",
  route: i % 2 ? "/events" : "/me",
  status: [200, 404, 429, 500, 201][i % 5],
  errorCode: null,
  durationMs: i,
  requestId: `req_${String(i).padStart(32, "0")}`,
  clientIp: null,
  userAgent: "test",
  ...overrides,
});

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  keyId = (await createTestKey(orgId)).id;
  otherOrgId = (await createTestOrg()).id;
  otherKeyId = (await createTestKey(otherOrgId)).id;
  await insertApiRequests(Array.from({ length: 20 }, (_, i) => row(i)));
  // The other organization's key: its rows must never show under the first.
  await insertApiRequests([row(100, { orgId: otherOrgId, keyId: otherKeyId, requestId: "req_other" })]);
});

describe("listKeyRequests", () => {
  it("lists newest first, keyset-paged without gaps or repeats", async () => {
    const first = await listKeyRequests(orgId, keyId, { limit: 8 });
    expect(first.rows.map((r) => r.durationMs)).toEqual([19, 18, 17, 16, 15, 14, 13, 12]);
    expect(first.more).toBe(true);
    const seen = [...first.rows];
    let after = first.rows.at(-1)!;
    for (;;) {
      const next = await listKeyRequests(orgId, keyId, { limit: 8, after: { at: after.at, id: after.id } });
      seen.push(...next.rows);
      if (!next.more) break;
      after = next.rows.at(-1)!;
    }
    expect(seen.map((r) => r.durationMs)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
    expect(keysetCursor(after.at, after.id)).toContain("|");
  });

  it.each([
    ["2xx", [200, 201]],
    ["4xx", [404, 429]],
    ["429", [429]],
    ["5xx", [500]],
  ] as const)("filters the status class %s", async (status, statuses) => {
    const { rows } = await listKeyRequests(orgId, keyId, { status, limit: 100 });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(statuses));
  });

  it("filters a route, and finds one request by its exact id", async () => {
    const events = await listKeyRequests(orgId, keyId, { route: "/events", limit: 100 });
    expect(events.rows).toHaveLength(10);
    expect(events.rows.every((r) => r.route === "/events")).toBe(true);
    const one = await listKeyRequests(orgId, keyId, { requestId: row(7).requestId });
    expect(one.rows.map((r) => r.durationMs)).toEqual([7]);
    expect((await listKeyRequests(orgId, keyId, { requestId: row(7).requestId.slice(0, 20) })).rows).toEqual([]);
  });

  it("finds nothing of another organization's key, nor with a malformed id", async () => {
    expect((await listKeyRequests(orgId, otherKeyId)).rows).toEqual([]);
    expect((await listKeyRequests(otherOrgId, keyId)).rows).toEqual([]);
    expect((await listKeyRequests(orgId, keyId, { requestId: "req_other" })).rows).toEqual([]);
    expect((await listKeyRequests(orgId, "not-a-uuid")).rows).toEqual([]);
    expect(await routesOfKey(otherOrgId, keyId)).toEqual([]);
  });

  it("offers the routes the key used", async () => {
    expect(await routesOfKey(orgId, keyId)).toEqual(["/events", "/me"]);
  });
});

describe("pruneRequestLog", () => {
  it("deletes rows older than 14 days, in batches, and keeps the rest", async () => {
    const pruneKey = randomUUID();
    const now = new Date();
    const old = new Date(now.getTime() - REQUEST_LOG_RETENTION_MS - 60_000);
    await insertApiRequests([
      ...Array.from({ length: 5 }, (_, i) => row(i, { keyId: pruneKey, at: new Date(old.getTime() - i) })),
      row(9, { keyId: pruneKey, at: new Date(now.getTime() - REQUEST_LOG_RETENTION_MS + 60_000) }),
    ]);
    expect(await pruneRequestLog(now, { batch: 2 })).toBeGreaterThanOrEqual(5);
    const left = await sqlRows<{ durationMs: number }>`SELECT "durationMs" FROM "ApiRequest" WHERE "keyId" = ${pruneKey}::uuid`;
    expect(left).toEqual([{ durationMs: 9 }]);
    // The pruned requests still count in their day for the 30-day chart.
    const [counted] = await sqlRows<{ ok: number; clientError: number; rateLimited: number; serverError: number }>`
      SELECT sum(ok)::int AS ok, sum("clientError")::int AS "clientError", sum("rateLimited")::int AS "rateLimited", sum("serverError")::int AS "serverError"
      FROM "ApiUsageDay" WHERE "keyId" = ${pruneKey}::uuid`;
    // Statuses 200, 404, 429, 500, 201 (the five old rows) and 201 (the kept one).
    expect(counted).toEqual({ ok: 3, clientError: 1, rateLimited: 1, serverError: 1 });
  });

  it("keeps the daily counts 31 days, today included", async () => {
    const dayKey = randomUUID();
    const now = new Date();
    const DAY = 24 * 60 * 60 * 1000;
    await insertApiRequests([row(1, { keyId: dayKey, at: new Date(now.getTime() - 30 * DAY) }), row(2, { keyId: dayKey, at: new Date(now.getTime() - 31 * DAY) })]);
    await pruneRequestLog(now);
    const days = await sqlRows<{ day: Date }>`SELECT day FROM "ApiUsageDay" WHERE "keyId" = ${dayKey}::uuid`;
    const firstKept = new Date(now.getTime() - 30 * DAY).toISOString().slice(0, 10);
    expect(days.map((day) => new Date(day.day).toISOString().slice(0, 10))).toEqual([firstKept]);
  });
});
