import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flushRequestLog } from "@/lib/domain/request-log/record";
import { getDb, getPgPool } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { bearer, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { createStockedEvent, readEndpoints, type StockedEvent } from "@/lib/testing/programme-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { authenticateAndCount } from "./authenticate";
import { runKeyBoundRead, type KeyBoundRead } from "./key-bound-read";
import { RATE_LIMIT_PER_MINUTE } from "./rate-limit";

// A read route's SQL runs inside the key's statement. It must be given the key's
// organization only when the request will reach the read, so a key without the scope or
// over its limit reads nothing; and a request costs one statement.

/** Reports the organization the read was given, and a column named like the key's. */
const probe: KeyBoundRead<string | null> = {
  sql: (org) => Prisma.sql`SELECT ${org}::text AS "probeOrg", gen_random_uuid() AS id, 'read' AS name`,
  finish: (row) => row.probeOrg as string | null,
};

async function probed(secret: string, scope: "attendees:read" | "engagement:read") {
  const result = await authenticateAndCount(secret, undefined, { scope, read: probe });
  return { ...result, seen: probe.finish(result.row, result.key.org.id) };
}

describe("the read in the key's statement", () => {
  it("is given the key's organization when the key holds the scope and is within its limit", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id, ["attendees:read"]);
    const { seen, key: found } = await probed(key.secret, "attendees:read");
    expect(seen).toBe(org.id);
    // The read's "id" and "name" columns do not replace the key's.
    expect(found.id).toBe(key.id);
    expect(found.name).not.toBe("read");
  });

  it("is given NULL (so reads nothing) when the key lacks the scope", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id, ["attendees:read"]);
    expect((await probed(key.secret, "engagement:read")).seen).toBeNull();
  });

  it("is given NULL once the request is over the key's limit, and again the org when a new window opens", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id, ["attendees:read"]);
    await getDb().rateLimitCounter.create({ data: { keyId: key.id, windowStart: new Date(), count: RATE_LIMIT_PER_MINUTE - 1 } });
    const last = await probed(key.secret, "attendees:read");
    expect(last.rate.exceeded).toBe(false);
    expect(last.seen).toBe(org.id);
    const over = await probed(key.secret, "attendees:read");
    expect(over.rate.exceeded).toBe(true);
    expect(over.seen).toBeNull();
    await getDb().rateLimitCounter.update({ where: { keyId: key.id }, data: { windowStart: new Date(Date.now() - 61_000) } });
    expect((await probed(key.secret, "attendees:read")).seen).toBe(org.id);
  });

  it("runs for a locked organization too; the pipeline refuses it from the key's row before the result is used", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id, ["attendees:read"]);
    await setBilling(org.id, { plan: "free" }, OPERATOR);
    const { seen, key: found } = await probed(key.secret, "attendees:read");
    expect(seen).toBe(org.id);
    expect(found.org.billingPlan).toBe("free");
  });

  it("runs on its own for an organization given by id", async () => {
    const org = await createTestOrg();
    expect(await runKeyBoundRead(probe, org.id)).toBe(org.id);
  });
});

/** The statements (pool.query calls) and connection checkouts a request costs. */
async function statementsOf(url: string, secret: string) {
  // The request log writes earlier requests' rows in a batch off the response path (a timer
  // or after()): written now, so no batch lands inside the request being counted.
  await flushRequestLog();
  const pool = getPgPool();
  const query = vi.spyOn(pool, "query");
  const connect = vi.spyOn(pool, "connect");
  try {
    const response = await fetch(url, { headers: bearer(secret) });
    const body = await response.json();
    return { status: response.status, body, statements: query.mock.calls.length, checkouts: connect.mock.calls.length };
  } finally {
    query.mockRestore();
    connect.mockRestore();
  }
}

describe("database statements per read request", () => {
  let server: RouteServer;
  let secret: string;
  let stocked: StockedEvent;
  let foreign: StockedEvent;
  let sibling: StockedEvent;

  beforeAll(async () => {
    server = await startRouteServer();
    const org = await createTestOrg();
    secret = (await createTestKey(org.id)).secret;
    stocked = await createStockedEvent(org.id);
    foreign = await createStockedEvent((await createTestOrg()).id);
    sibling = await createStockedEvent(org.id);
    // The key's first use is recorded (lastUsedAt, at most once a minute): not counted below.
    expect((await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(secret) })).status).toBe(200);
  });
  afterAll(async () => server.close());

  // The busiest reads run whole in the key's statement; an event's other collections check
  // the event there and read the list in a second statement.
  const ONE = new Set(["/me", "/events", "/events/{eventId}", "/events/{eventId}/attendees", "/events/{eventId}/attendees/{attendeeId}"]);
  const endpoints = readEndpoints({ eventId: "e", attendeeId: "a", formId: "f" }).map((endpoint) => endpoint.name);
  /** The endpoint's URL for a stocked event's ids. */
  const urlOf = (name: string, of: StockedEvent) =>
    server.baseUrl +
    readEndpoints({ eventId: of.event.id, attendeeId: of.attendee.id, formId: of.form.id }).find((endpoint) => endpoint.name === name)!.path;

  it.each(endpoints)("%s", async (name) => {
    const { status, body, statements, checkouts } = await statementsOf(urlOf(name, stocked), secret);
    expect(status).toBe(200);
    expect(body.data).toBeTruthy();
    expect(statements).toBe(ONE.has(name) ? 1 : 2);
    // pool.query checks out its own connection; nothing else took one (no transaction).
    expect(checkouts).toBe(statements);
  });

  it.each(endpoints.filter((name) => name.includes("{eventId}")))("%s of another organization's event: 404 after one statement", async (name) => {
    const { status, body, statements } = await statementsOf(urlOf(name, foreign), secret);
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
    expect(statements).toBe(1);
  });

  it("a form of another event of the organization: 404 No such form, after one statement", async () => {
    const path = `/partner/v1/events/${stocked.event.id}/forms/${sibling.form.id}/submissions`;
    const { status, body, statements } = await statementsOf(`${server.baseUrl}${path}`, secret);
    expect(status).toBe(404);
    expect(body.error.message).toBe("No such form.");
    expect(statements).toBe(1);
  });
});
