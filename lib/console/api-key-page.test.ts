import { beforeAll, describe, expect, it } from "vitest";
import { insertApiRequests } from "@/lib/domain/request-log/write";
import { createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { findOrgApiKey, parseRequestLogView, requestLogPage } from "./api-key-page";

// The key page's data: one organization's key and its requests; another organization's
// key id (or a malformed one) finds nothing, which the page turns into the console's 404.

let orgA: string;
let orgB: string;
let keyA: Awaited<ReturnType<typeof createTestKey>>;

beforeAll(async () => {
  orgA = (await createTestOrg()).id;
  orgB = (await createTestOrg()).id;
  keyA = await createTestKey(orgA, ["events:read"]);
  await insertApiRequests(
    Array.from({ length: 60 }, (_, i) => ({
      orgId: orgA,
      keyId: keyA.id,
      at: new Date(Date.now() - 60_000 + i * 100),
      method: "GET",
      route: i % 3 ? "/events" : "/me",
      status: i % 10 === 0 ? 429 : 200,
      errorCode: i % 10 === 0 ? "RATE_LIMITED" : null,
      durationMs: i,
      requestId: `req_${String(i).padStart(32, "a")}`,
      clientIp: null,
      userAgent: null,
    })),
  );
});

describe("the API key page", () => {
  it("shows the organization's key with its details, never its secret", async () => {
    const key = await findOrgApiKey(orgA, keyA.id);
    expect(key).toMatchObject({ id: keyA.id, name: keyA.name, prefix: keyA.prefix, scopes: ["events:read"], state: "active", revokedAt: null });
    expect(JSON.stringify(key)).not.toContain(keyA.secret);
  });

  it("finds nothing with another organization's id or a malformed one", async () => {
    expect(await findOrgApiKey(orgB, keyA.id)).toBeNull();
    expect(await findOrgApiKey(orgA, "not-a-uuid")).toBeNull();
    expect(await findOrgApiKey("not-a-uuid", keyA.id)).toBeNull();
    expect(await requestLogPage(orgB, keyA.id, parseRequestLogView({}))).toEqual({ rows: [], next: null, routes: [] });
  });

  it("pages the log 50 at a time and follows its cursor", async () => {
    const first = await requestLogPage(orgA, keyA.id, parseRequestLogView({}));
    expect(first.rows).toHaveLength(50);
    expect(first.routes).toEqual(["/events", "/me"]);
    expect(first.next).not.toBeNull();
    const second = await requestLogPage(orgA, keyA.id, parseRequestLogView({ after: first.next! }));
    expect(second.rows.map((r) => r.durationMs)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(second.next).toBeNull();
  });

  it.each([
    ["year -271821", "-271821-04-20T00:00:00.000Z"],
    ["year 0", "0000-01-01T00:00:00.000Z"],
    ["year 275760", "+275760-09-13T00:00:00.000Z"],
  ])("treats an ?after= cursor in %s, which PostgreSQL cannot hold, as the first page", async (_name, at) => {
    const page = await requestLogPage(orgA, keyA.id, parseRequestLogView({ after: `${at}|6a1f7c2e-0000-4000-8000-0000000000aa` }));
    expect(page.rows).toHaveLength(50);
    expect(page.rows[0].durationMs).toBe(59);
  });

  it("reads its filters from the address, ignoring what it cannot read", async () => {
    expect(parseRequestLogView({ status: "429", route: "/me", requestId: "  req_x  ", after: ["a", "b"] })).toEqual({ status: "429", route: "/me", requestId: "req_x", after: "a" });
    expect(parseRequestLogView({ status: "3xx", requestId: "x".repeat(65) })).toEqual({ status: null, route: "", requestId: "", after: "" });
    const limited = await requestLogPage(orgA, keyA.id, parseRequestLogView({ status: "429" }));
    expect(limited.rows.map((r) => r.status)).toEqual(Array(6).fill(429));
    // A cursor that does not parse is the first page, not an error.
    expect((await requestLogPage(orgA, keyA.id, parseRequestLogView({ after: "garbage" }))).rows).toHaveLength(50);
  });
});
