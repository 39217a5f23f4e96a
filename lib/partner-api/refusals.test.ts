import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { OPERATOR } from "@/lib/domain/audit/record";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import { SCOPES } from "@/lib/domain/keys/scopes";
import { flushRequestLog } from "@/lib/domain/request-log/record";
import { getDb } from "@/lib/platform/db/client";
import { bearer, createTestOrg, createTestKey } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { RATE_LIMIT_PER_MINUTE } from "./rate-limit";
import { REFUSED_LOGGED_PER_MINUTE } from "./refusals";

// Refused requests are not free: over real HTTP through the route handlers, 700 requests
// with a revoked key, or with a fenced key from outside its allowlist, or with no key at
// all, get 401/403 up to the spec's 600 a minute and 429 after; and only the first few a
// minute of a key land in its organization's request log, whatever User-Agent they send.

let server: RouteServer;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let addressCounter = 0;
// Each test its own client address, so their counts do not meet.
const nextAddress = () => `198.51.100.${(addressCounter += 1)}`;

beforeAll(async () => {
  server = await startRouteServer();
  org = await createTestOrg();
});
afterAll(async () => server.close());
afterEach(() => vi.unstubAllEnvs());

async function flood(count: number, headers: Record<string, string>): Promise<{ statuses: number[]; last: Response }> {
  const statuses: number[] = [];
  let last: Response | undefined;
  // In order, a few at a time: the statuses' order is the order they were counted in.
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, () => fetch(`${server.baseUrl}/partner/v1/me`, { headers })),
    );
    for (const response of batch) {
      statuses.push(response.status);
      if (response.status === 429) last = response;
      await response.arrayBuffer();
    }
  }
  return { statuses, last: last! };
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});

async function loggedRowsOf(keyId: string) {
  await flushRequestLog();
  return getDb().apiRequest.findMany({ where: { keyId } });
}

describe("refused Partner API requests are counted", { timeout: 180_000 }, () => {
  it("700 requests with a revoked key: 600 × 401, then 429 with Retry-After; the key's log keeps only the first few", async () => {
    vi.stubEnv("VERCEL", "1");
    const key = await createTestKey(org.id);
    await revokeApiKey(key.id, org.id, OPERATOR);
    const headers = { ...bearer(key.secret), "x-forwarded-for": nextAddress(), "user-agent": "Your account will be suspended, see https://evil.example/" };
    const { statuses, last } = await flood(700, headers);
    expect(tally(statuses)).toEqual({ 401: RATE_LIMIT_PER_MINUTE, 429: 700 - RATE_LIMIT_PER_MINUTE });
    expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await (await fetch(`${server.baseUrl}/partner/v1/me`, { headers })).json()) as { error: { code: string; details: { reason: string } } };
    expect(body.error).toMatchObject({ code: "RATE_LIMITED", details: { reason: "rate_limited" } });
    const rows = await loggedRowsOf(key.id);
    expect(rows.length).toBe(REFUSED_LOGGED_PER_MINUTE);
  });

  it("a fenced key from outside its allowlist: 600 × 403, then 429, per key even from many addresses; its allowed address is still served", async () => {
    vi.stubEnv("VERCEL", "1");
    const { id, secret } = await createApiKey(org.id, { name: "fenced", scopes: [...SCOPES], allowedIps: ["203.0.113.0/24"] }, OPERATOR);
    // Every request from a new address: only the key's count can stop them.
    let statuses: number[] = [];
    for (let start = 0; start < 700; start += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          fetch(`${server.baseUrl}/partner/v1/me`, { headers: { ...bearer(secret), "x-forwarded-for": `192.0.2.${(start + index) % 250}`, "user-agent": `attacker ${start + index}` } }),
        ),
      );
      statuses = statuses.concat(batch.map((response) => response.status));
      await Promise.all(batch.map((response) => response.arrayBuffer()));
    }
    expect(tally(statuses)).toEqual({ 403: RATE_LIMIT_PER_MINUTE, 429: 700 - RATE_LIMIT_PER_MINUTE });
    expect((await loggedRowsOf(id)).length).toBe(REFUSED_LOGGED_PER_MINUTE);
    // The owner's own traffic is counted apart from the refusals.
    const own = await fetch(`${server.baseUrl}/partner/v1/me`, { headers: { ...bearer(secret), "x-forwarded-for": "203.0.113.9" } });
    expect(own.status).toBe(200);
    expect(own.headers.get("x-ratelimit-remaining")).toBe(String(RATE_LIMIT_PER_MINUTE - 1));
  });

  it("requests with no key or unknown keys from one address: 600 × 401, then 429", async () => {
    vi.stubEnv("VERCEL", "1");
    const address = nextAddress();
    const { statuses } = await flood(610, { "x-forwarded-for": address });
    expect(tally(statuses)).toEqual({ 401: RATE_LIMIT_PER_MINUTE, 429: 10 });
    // Another address is not held up by this one.
    expect((await fetch(`${server.baseUrl}/partner/v1/me`, { headers: { "x-forwarded-for": nextAddress() } })).status).toBe(401);
  });
});
