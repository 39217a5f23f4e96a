import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, getPgPool } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { setBilling } from "@/lib/orgs/organizations";
import { bearer, createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
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
    await setBilling(org.id, { plan: "free" });
    const { seen, key: found } = await probed(key.secret, "attendees:read");
    expect(seen).toBe(org.id);
    expect(found.org.billingPlan).toBe("free");
  });

  it("runs on its own for an organization given by id", async () => {
    const org = await createTestOrg();
    expect(await runKeyBoundRead(probe, org.id)).toBe(org.id);
  });
});

describe("a read request is one database statement", () => {
  let server: RouteServer;
  let secret: string;
  let path: Record<string, string>;

  beforeAll(async () => {
    server = await startRouteServer();
    const org = await createTestOrg();
    secret = (await createTestKey(org.id)).secret;
    const event = await createTestEvent(org.id);
    await createTestAttendees(event.id, 3, {});
    const attendee = await getDb().attendee.findFirstOrThrow({ where: { eventId: event.id } });
    path = {
      "events list": "/partner/v1/events?limit=1",
      event: `/partner/v1/events/${event.id}`,
      "attendee page": `/partner/v1/events/${event.id}/attendees?limit=2`,
      attendee: `/partner/v1/events/${event.id}/attendees/${attendee.id}`,
    };
    // The key's first use is recorded (lastUsedAt, at most once a minute): not counted below.
    expect((await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(secret) })).status).toBe(200);
  });
  afterAll(async () => server.close());

  it.each(["events list", "event", "attendee page", "attendee"])("%s", async (name) => {
    const pool = getPgPool();
    const query = vi.spyOn(pool, "query");
    const connect = vi.spyOn(pool, "connect");
    try {
      const response = await fetch(`${server.baseUrl}${path[name]}`, { headers: bearer(secret) });
      expect(response.status).toBe(200);
      expect((await response.json()).data).toBeTruthy();
      expect(query).toHaveBeenCalledTimes(1);
      // pool.query checks out its own connection; nothing else took one (no transaction).
      expect(connect).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
      connect.mockRestore();
    }
  });
});
