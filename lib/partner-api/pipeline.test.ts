import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import { bearer, createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// The request pipeline of every keyed route: credentials, locks, rate limit, scope,
// headers and the error envelope, over real HTTP.

let server: RouteServer;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let fullKey: string;
let eventId: string;

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });

async function expectError(response: Response, status: number, code: string, reason?: string) {
  const body = await response.json();
  expect(response.status).toBe(status);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  if (reason) expect(body.error.details?.reason).toBe(reason);
  expect(body.error.requestId).toBe(response.headers.get("x-request-id"));
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return body.error;
}

beforeAll(async () => {
  server = await startRouteServer();
  org = await createTestOrg();
  fullKey = (await createTestKey(org.id)).secret;
  eventId = (await createTestEvent(org.id)).id;
});
afterAll(async () => server.close());

describe("credentials", () => {
  it.each([
    ["no header", {}, "missing_key", 'Bearer realm="partner-api"'],
    ["unknown key", bearer("svc_live_" + "a".repeat(32)), "invalid_key", 'Bearer realm="partner-api", error="invalid_token"'],
    ["test-mode key", bearer("svc_test_" + "a".repeat(32)), "invalid_key", 'Bearer realm="partner-api", error="invalid_token"'],
    ["malformed key", bearer("hello"), "invalid_key", 'Bearer realm="partner-api", error="invalid_token"'],
    ["Basic scheme", { authorization: "Basic abc" }, "invalid_key", 'Bearer realm="partner-api", error="invalid_token"'],
  ])("%s → 401 %s with a Bearer challenge", async (_name, headers, reason, challenge) => {
    const response = await get("/partner/v1/me", headers);
    await expectError(response, 401, "UNAUTHORIZED", reason);
    expect(response.headers.get("www-authenticate")).toBe(challenge);
  });

  it("accepts X-API-Key, and Authorization wins when both are sent", async () => {
    expect((await get("/partner/v1/me", { "x-api-key": fullKey })).status).toBe(200);
    const both = await get("/partner/v1/me", { ...bearer("svc_live_" + "b".repeat(32)), "x-api-key": fullKey });
    await expectError(both, 401, "UNAUTHORIZED", "invalid_key");
  });

  it("never reads a key from the query string", async () => {
    await expectError(await get(`/partner/v1/me?api_key=${fullKey}&key=${fullKey}`), 401, "UNAUTHORIZED", "missing_key");
  });

  it("refuses revoked and expired keys", async () => {
    const key = await createTestKey(org.id);
    await revokeApiKey(key.id, org.id, OPERATOR);
    await expectError(await get("/partner/v1/me", bearer(key.secret)), 401, "UNAUTHORIZED", "revoked_key");

    const expiring = await createTestKey(org.id, ["events:read"], new Date(Date.now() + 60_000));
    await getDb().apiKey.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expectError(await get("/partner/v1/me", bearer(expiring.secret)), 401, "UNAUTHORIZED", "expired_key");
  });
});

describe("GET /me", () => {
  it("describes the key and its organization, never the secret", async () => {
    const key = await createTestKey(org.id, ["attendees:read"]);
    const response = await get("/partner/v1/me", bearer(key.secret));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-ratelimit-limit")).toBe("600");
    const body = await response.json();
    expect(body).toEqual({
      data: {
        org: { id: org.id, name: org.name },
        key: { id: key.id, name: key.name, prefix: key.secret.slice(0, 13), scopes: ["attendees:read"], expiresAt: null, allowedIps: [] },
      },
    });
    expect(JSON.stringify(body)).not.toContain(key.secret);
  });
});

describe("locks, in order", () => {
  it("403 org_suspended before 402 billing; the platform switch is in platform-switch.test.ts", async () => {
    const locked = await createTestOrg({ plan: "free" });
    const key = (await createTestKey(locked.id, ["events:read"]).catch(() => null)) ?? null;
    expect(key).toBeNull(); // a free organization cannot even create keys

    await getDb().organization.update({ where: { id: locked.id }, data: { billingPlan: "card" } });
    const secret = (await createTestKey(locked.id, ["events:read"])).secret;
    const set = (data: object) => getDb().organization.update({ where: { id: locked.id }, data });

    await set({ billingPlan: "free" });
    await expectError(await get("/partner/v1/me", bearer(secret)), 402, "PAYMENT_REQUIRED", "payment_required");
    await set({ billingPlan: "annual", annualPlanUntil: new Date(Date.now() - 1000) });
    await expectError(await get("/partner/v1/me", bearer(secret)), 402, "PAYMENT_REQUIRED", "payment_required");
    await set({ annualPlanUntil: new Date(Date.now() + 86_400_000) });
    expect((await get("/partner/v1/me", bearer(secret))).status).toBe(200);
    await set({ billingAccountState: "suspended" });
    await expectError(await get("/partner/v1/me", bearer(secret)), 402, "PAYMENT_REQUIRED", "billing_suspended");
    await set({ billingAccountState: "closed" });
    await expectError(await get("/partner/v1/me", bearer(secret)), 402, "PAYMENT_REQUIRED", "billing_closed");
    await set({ status: "suspended" });
    await expectError(await get("/partner/v1/me", bearer(secret)), 403, "FORBIDDEN", "org_suspended");

    // Credentials come first: a bad key is 401 even while everything else is locked.
    await expectError(await get("/partner/v1/me", bearer("svc_live_" + "c".repeat(32))), 401, "UNAUTHORIZED", "invalid_key");
  });
});

describe("scopes", () => {
  it("403 insufficient_scope names the required scope", async () => {
    const key = await createTestKey(org.id, ["engagement:read"]);
    const error = await expectError(await get("/partner/v1/events", bearer(key.secret)), 403, "FORBIDDEN", "insufficient_scope");
    expect(error.details.requiredScope).toBe("events:read");
  });
});

describe("paths and queries", () => {
  it("a malformed id is 404, an unknown route is 404, both in the envelope", async () => {
    await expectError(await get("/partner/v1/events/not-a-uuid", bearer(fullKey)), 404, "NOT_FOUND");
    await expectError(await get("/partner/v1/nope", bearer(fullKey)), 404, "NOT_FOUND");
    await expectError(await get("/partner/v1/events/" + eventId + "/unknown"), 404, "NOT_FOUND");
  });

  it.each(["limit=0", "limit=201", "limit=abc", "limit=1.5", "status=deleted", `cursor=${"x".repeat(513)}`])(
    "?%s is INVALID_INPUT with the details shape",
    async (query) => {
      const error = await expectError(
        await get(`/partner/v1/events/${eventId}/attendees?${query}`, bearer(fullKey)),
        400,
        "INVALID_INPUT",
        "invalid_body",
      );
      expect(error.message).toBe("Validation failed");
      const [field] = query.split("=");
      expect(Object.keys(error.details.fields)).toEqual([field]);
      expect(error.details.fields[field]).toEqual({ code: expect.any(String), message: expect.any(String) });
      expect(error.details.issues[0]).toMatchObject({ path: [field], code: expect.any(String), message: expect.any(String) });
    },
  );
});

describe("paging", () => {
  it("walks 450 attendees in pages of 200, 200, 50 and ends with a null cursor", async () => {
    const event = await createTestEvent(org.id);
    const attendees = await createTestAttendees(event.id, 450);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const response = await get(`/partner/v1/events/${event.id}/attendees?limit=200${query}`, bearer(fullKey));
      expect(response.status).toBe(200);
      const body = await response.json();
      sizes.push(body.data.length);
      seen.push(...body.data.map((a: { id: string }) => a.id));
      cursor = body.meta.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([200, 200, 50]);
    expect(seen).toEqual(attendees.map((a) => a.id));
  });

  it("refuses a tampered cursor or one from another list", async () => {
    const event = await createTestEvent(org.id);
    await createTestAttendees(event.id, 3);
    const first = await (await get(`/partner/v1/events/${event.id}/attendees?limit=1`, bearer(fullKey))).json();
    const cursor: string = first.meta.nextCursor;
    const tampered = cursor.slice(0, -2) + (cursor.endsWith("A") ? "BB" : "AA");
    for (const [path, value] of [
      [`/partner/v1/events/${event.id}/attendees`, tampered],
      [`/partner/v1/events/${event.id}/attendees`, "made-up"],
      [`/partner/v1/events/${event.id}/attendees?status=invited`, cursor],
      [`/partner/v1/events/${eventId}/attendees`, cursor],
      ["/partner/v1/events", cursor],
    ]) {
      const separator = path.includes("?") ? "&" : "?";
      await expectError(
        await get(`${path}${separator}cursor=${encodeURIComponent(value)}`, bearer(fullKey)),
        400,
        "INVALID_CURSOR",
        "invalid_cursor",
      );
    }
  });
});

describe("rate limit", () => {
  it("the 601st request in a minute is 429; another key is unaffected", async () => {
    const key = await createTestKey(org.id, ["events:read"]);
    const other = await createTestKey(org.id, ["events:read"]);
    let last: Response | undefined;
    for (let batch = 0; batch < 30; batch++) {
      const responses = await Promise.all(Array.from({ length: 20 }, () => get("/partner/v1/me", bearer(key.secret))));
      expect(responses.every((response) => response.status === 200)).toBe(true);
      last = responses.at(-1);
      await Promise.all(responses.map((response) => response.arrayBuffer()));
    }
    expect(Number(last!.headers.get("x-ratelimit-remaining"))).toBeLessThan(20);
    const limited = await get("/partner/v1/me", bearer(key.secret));
    const error = await expectError(limited, 429, "RATE_LIMITED", "rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.details.retryAfterSeconds).toBe(retryAfter);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("600");

    const fresh = await get("/partner/v1/me", bearer(other.secret));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-ratelimit-remaining")).toBe("599");
  });
});
