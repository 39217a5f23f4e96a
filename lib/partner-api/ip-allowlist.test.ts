import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { OPERATOR } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { SCOPES } from "@/lib/domain/keys/scopes";
import { bearer, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// Per-key IP allowlists over real HTTP through the route handlers: which addresses a
// key admits, where the check sits in the pipeline, and which address is believed.

let server: RouteServer;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let eventId: string;

const keyWith = async (allowedIps: string[], orgId = org.id) =>
  (await createApiKey(orgId, { name: `fenced ${allowedIps.join(" ")}`, scopes: [...SCOPES], allowedIps }, OPERATOR)).secret;

const from = (secret: string, forwardedFor: string | null, path = "/partner/v1/me") =>
  fetch(`${server.baseUrl}${path}`, { headers: { ...bearer(secret), ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) } });

async function expectRefused(response: Response) {
  const body = await response.json();
  expect(response.status).toBe(403);
  expect(body).toEqual({
    error: {
      code: "FORBIDDEN",
      message: "This API key does not accept requests from this IP address.",
      details: { reason: "ip_not_allowed" },
      requestId: response.headers.get("x-request-id"),
    },
  });
  // Refused before the rate limit: no counter headers, nothing counted.
  expect(response.headers.get("x-ratelimit-limit")).toBeNull();
  return body;
}

beforeAll(async () => {
  server = await startRouteServer();
  org = await createTestOrg();
  eventId = (await createTestEvent(org.id)).id;
});
afterAll(async () => server.close());
afterEach(() => vi.unstubAllEnvs());

describe("behind a trusted proxy (Vercel)", () => {
  const trusted = () => vi.stubEnv("VERCEL", "1");

  it("IPv4: admits an address inside a range, refuses one outside", async () => {
    trusted();
    const secret = await keyWith(["203.0.113.0/24", "198.51.100.7"]);
    expect((await from(secret, "203.0.113.200")).status).toBe(200);
    expect((await from(secret, "198.51.100.7")).status).toBe(200);
    await expectRefused(await from(secret, "203.0.114.1"));
    await expectRefused(await from(secret, "198.51.100.8"));
  });

  it("IPv6: admits an address inside a range, refuses one outside and IPv4 callers", async () => {
    trusted();
    const secret = await keyWith(["2001:db8:abcd::/48"]);
    expect((await from(secret, "2001:db8:abcd:12::1")).status).toBe(200);
    expect((await from(secret, "2001:DB8:ABCD:0:0:0:0:9")).status).toBe(200);
    await expectRefused(await from(secret, "2001:db8:abce::1"));
    await expectRefused(await from(secret, "203.0.113.1"));
  });

  it("an IPv4-mapped IPv6 address matches the IPv4 range", async () => {
    trusted();
    const secret = await keyWith(["192.0.2.0/24"]);
    expect((await from(secret, "::ffff:192.0.2.33")).status).toBe(200);
    await expectRefused(await from(secret, "::ffff:192.0.3.33"));
  });

  it("a key without ranges admits any address, and an unknown one", async () => {
    trusted();
    const secret = await keyWith([]);
    for (const address of ["203.0.113.1", "2001:db8::1", "not-an-ip", null]) expect((await from(secret, address)).status).toBe(200);
  });

  it("::/0 admits every client, IPv4 ones included (IPv4-mapped); 0.0.0.0/0 admits every IPv4 client and no IPv6 one", async () => {
    trusted();
    const everyone = await keyWith(["::/0"]);
    expect((await from(everyone, "203.0.113.1")).status).toBe(200);
    expect((await from(everyone, "2001:db8::1")).status).toBe(200);
    const mapped = await keyWith(["::ffff:203.0.113.0/120"]);
    expect((await from(mapped, "203.0.113.9")).status).toBe(200);
    await expectRefused(await from(mapped, "198.51.100.9"));
    const ipv4 = await keyWith(["0.0.0.0/0"]);
    expect((await from(ipv4, "203.0.113.1")).status).toBe(200);
    await expectRefused(await from(ipv4, "2001:db8::1"));
  });

  it("a key with ranges refuses a request whose address is unknown", async () => {
    trusted();
    const secret = await keyWith(["0.0.0.0/0", "::/0"]);
    expect((await from(secret, "203.0.113.1")).status).toBe(200);
    await expectRefused(await from(secret, null));
    await expectRefused(await from(secret, "garbage"));
  });

  it("TRUST_PROXY_HEADERS=1 trusts the right-most hop, the one the proxy added", async () => {
    vi.stubEnv("VERCEL", "");
    vi.stubEnv("TRUST_PROXY_HEADERS", "1");
    const secret = await keyWith(["203.0.113.0/24"]);
    expect((await from(secret, "203.0.113.5")).status).toBe(200);
    expect((await from(secret, "198.51.100.1, 203.0.113.5")).status).toBe(200);
    // A first hop inside the range is the client's own writing: it does not admit.
    await expectRefused(await from(secret, "203.0.113.5, 198.51.100.1"));
  });
});

describe("without a trusted proxy", () => {
  it("a forwarded-for header the client wrote is not believed: a key with ranges admits nothing", async () => {
    vi.stubEnv("VERCEL", "");
    vi.stubEnv("TRUST_PROXY_HEADERS", "");
    const secret = await keyWith(["203.0.113.0/24"]);
    await expectRefused(await from(secret, "203.0.113.5"));
    await expectRefused(await from(secret, null));
    expect((await from(await keyWith([]), "203.0.113.5")).status).toBe(200);
  });
});

describe("place in the pipeline", () => {
  it("comes after the credentials and before the organization's state, billing and the scope", async () => {
    vi.stubEnv("VERCEL", "1");
    const suspended = await createTestOrg();
    const secret = await keyWith(["203.0.113.0/24"], suspended.id);
    await getDb().organization.update({ where: { id: suspended.id }, data: { status: "suspended", billingPlan: "free" } });
    // Outside: the caller learns nothing of the suspension or the billing.
    await expectRefused(await from(secret, "198.51.100.1"));
    // Inside: the usual answer.
    const inside = await from(secret, "203.0.113.1");
    expect(inside.status).toBe(403);
    expect((await inside.json()).error.details.reason).toBe("org_suspended");
    // A bad key is still 401 from anywhere.
    const unknown = await from("svc_live_" + "d".repeat(32), "198.51.100.1");
    expect(unknown.status).toBe(401);
  });

  it("refused requests are not counted and never update lastUsedAt", async () => {
    vi.stubEnv("VERCEL", "1");
    const created = await createApiKey(org.id, { name: "counted?", scopes: ["events:read"], allowedIps: ["203.0.113.0/24"] }, OPERATOR);
    for (let i = 0; i < 3; i++) await expectRefused(await from(created.secret, "198.51.100.1", `/partner/v1/events/${eventId}`));
    expect(await getDb().rateLimitCounter.count({ where: { keyId: created.id } })).toBe(0);
    expect((await getDb().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toBeNull();

    const admitted = await from(created.secret, "203.0.113.9", `/partner/v1/events/${eventId}`);
    expect(admitted.status).toBe(200);
    expect((await admitted.json()).data.id).toBe(eventId);
    expect(admitted.headers.get("x-ratelimit-remaining")).toBe("599");
  });
});

describe("GET /me", () => {
  it("gives the key's ranges, normalised", async () => {
    vi.stubEnv("VERCEL", "1");
    const secret = await keyWith(["203.0.113.77/24", "2001:DB8::/32"]);
    const response = await from(secret, "203.0.113.1");
    expect((await response.json()).data.key.allowedIps).toEqual(["203.0.113.0/24", "2001:db8::/32"]);
  });
});
