import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { requestFingerprint } from "./idempotency-key";
import { claimLockId, pruneIdempotencyKeys } from "./run-idempotent";

// Idempotency-Key on POST /events/{eventId}/attendees over real HTTP against PostgreSQL:
// replay, reuse with another body, in-flight refusal, released claims after errors,
// abandoned and expired claims, organization scope, and 20 concurrent identical requests.

let server: RouteServer;
let orgId: string;
let secret: string;
let eventId: string;

beforeAll(async () => {
  server = await startRouteServer();
  orgId = (await createTestOrg()).id;
  secret = (await createTestKey(orgId)).secret;
  eventId = (await createTestEvent(orgId)).id;
});

afterAll(async () => {
  await server?.close();
});

function post(body: unknown, key: string | null, options: { secret?: string; eventId?: string; raw?: string } = {}) {
  const headers: Record<string, string> = { ...bearer(options.secret ?? secret), "content-type": "application/json" };
  if (key !== null) headers["idempotency-key"] = key;
  return fetch(`${server.baseUrl}/partner/v1/events/${options.eventId ?? eventId}/attendees`, {
    method: "POST",
    headers,
    body: options.raw ?? JSON.stringify(body),
  });
}

async function attendeesWithEmail(email: string) {
  return getDb().attendee.findMany({ where: { email } });
}

async function createdEventsFor(attendeeId: string): Promise<number> {
  const rows = await getDb().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM "WebhookEvent" WHERE type = 'attendee.created' AND data->>'id' = ${attendeeId}`;
  return Number(rows[0].n);
}

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

describe("Idempotency-Key on POST /events/{eventId}/attendees", () => {
  it("replays the first 201 byte for byte, with Idempotent-Replayed, and writes nothing twice", async () => {
    const key = `order-${unique()}`;
    const email = `replay-${unique()}@example.com`;
    const first = await post({ email, displayName: "Ada Lovelace", company: "Engines" }, key);
    const firstText = await first.text();
    expect(first.status, firstText).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    // Same request, keys in another order and other whitespace: the same body.
    const again = await post(null, key, {
      raw: `{ "company": "Engines",  "displayName": "Ada Lovelace", "email": "${email}" }`,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstText);

    const rows = await attendeesWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(await createdEventsFor(rows[0].id)).toBe(1);
  });

  it("refuses the same key with a different body (409 idempotency_key_reused) and writes nothing", async () => {
    const key = unique();
    const email = `reuse-${unique()}@example.com`;
    expect((await post({ email, displayName: "First" }, key)).status).toBe(201);
    const otherEmail = `reuse-other-${unique()}@example.com`;
    const response = await post({ email: otherEmail, displayName: "First" }, key);
    const body = await response.json();
    expect(response.status).toBe(409);
    expect(body.error.code).toBe("CONFLICT");
    expect(body.error.details).toEqual({ reason: "idempotency_key_reused" });
    expect(typeof body.error.requestId).toBe("string");
    expect(await attendeesWithEmail(otherEmail)).toHaveLength(0);
  });

  it("scopes keys to the organization", async () => {
    const otherOrg = (await createTestOrg()).id;
    const otherSecret = (await createTestKey(otherOrg)).secret;
    const otherEvent = (await createTestEvent(otherOrg)).id;
    const key = unique();
    const body = { email: `scope-${unique()}@example.com`, displayName: "Scoped" };
    expect((await post(body, key)).status).toBe(201);
    const elsewhere = await post(body, key, { secret: otherSecret, eventId: otherEvent });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.headers.get("idempotent-replayed")).toBeNull();
    expect((await elsewhere.json()).data.eventId).toBe(otherEvent);
  });

  it.each([
    ["empty", ""],
    ["longer than 255 characters", "k".repeat(256)],
    ["a control character (tab)", "abc\tdef"],
    ["a non-ASCII character", "caf\u00e9"],
  ])("refuses a key that is %s with 400 naming the header, writing nothing", async (_label, key) => {
    const email = `badkey-${unique()}@example.com`;
    const response = await post({ email, displayName: "Bad key" }, key);
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.error.code).toBe("INVALID_INPUT");
    expect(body.error.details).toEqual({ reason: "invalid_header", header: "Idempotency-Key" });
    expect(body.error.message).toContain("Idempotency-Key");
    expect(await attendeesWithEmail(email)).toHaveLength(0);
  });

  it("accepts a 255-character key", async () => {
    const key = `${unique()}${"~".repeat(255)}`.slice(0, 255);
    expect((await post({ email: `long-${unique()}@example.com`, displayName: "Long key" }, key)).status).toBe(201);
  });

  it("does not store an error: the claim is released and the same key may run again", async () => {
    const archived = (await createTestEvent(orgId, { status: "archived" })).id;
    const key = unique();
    const body = { email: `later-${unique()}@example.com`, displayName: "Later" };
    const refused = await post(body, key, { eventId: archived });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.details.reason).toBe("event_archived");
    expect(await getDb().idempotencyKey.count({ where: { orgId, key } })).toBe(0);

    await getDb().event.update({ where: { id: archived }, data: { status: "published" } });
    const retried = await post(body, key, { eventId: archived });
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers 409 idempotency_key_in_use while a claim is in flight, and takes over an abandoned one", async () => {
    const key = unique();
    const body = { email: `inflight-${unique()}@example.com`, displayName: "In flight" };
    const requestHash = requestFingerprint("POST", `/events/${eventId}/attendees`, body);
    await getDb().idempotencyKey.create({
      data: { orgId, key, requestHash, claimToken: crypto.randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const busy = await post(body, key);
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.details).toEqual({ reason: "idempotency_key_in_use" });
    expect(await attendeesWithEmail(body.email)).toHaveLength(0);

    // The claim's owner died two minutes ago without writing (the write and the stored
    // response commit together): the next request with the key does the work.
    await getDb().idempotencyKey.update({
      where: { orgId_key: { orgId, key } },
      data: { claimedAt: new Date(Date.now() - 120_000) },
    });
    const taken = await post(body, key);
    expect(taken.status).toBe(201);
    expect(await attendeesWithEmail(body.email)).toHaveLength(1);
  });

  it("releases a key at once when the claimant's connection dies mid-write: the retry runs within seconds", async () => {
    const key = unique();
    const body = { email: `killed-${unique()}@example.com`, displayName: "Killed mid-write" };
    const requestHash = requestFingerprint("POST", `/events/${eventId}/attendees`, body);
    // A claimant 5 s into its write: the committed in_flight claim, and its write
    // transaction, on a connection of its own, holding the claim's lock.
    await getDb().idempotencyKey.create({
      data: { orgId, key, requestHash, claimToken: crypto.randomUUID(), claimedAt: new Date(Date.now() - 5_000), expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const claimant = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await claimant.connect();
    claimant.on("error", () => {});
    await claimant.query("BEGIN");
    const lock = claimLockId(orgId, key);
    await claimant.query(`SELECT pg_advisory_xact_lock(${lock.sql.replace("?", "$1")})`, lock.values);
    const { rows } = await claimant.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");

    // Alive: the key is in use.
    const busy = await post(body, key);
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.details).toEqual({ reason: "idempotency_key_in_use" });

    // Its connection is killed (the instance died): the very next retry does the work.
    await getDb().$queryRaw`SELECT pg_terminate_backend(${rows[0].pid}::int)`;
    await claimant.end().catch(() => {});
    const started = Date.now();
    let retried = await post(body, key);
    while (retried.status === 409 && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      retried = await post(body, key);
    }
    expect(retried.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await attendeesWithEmail(body.email)).toHaveLength(1);
    // And its answer is stored as usual: the same key replays it.
    const replay = await post(body, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("forgets a key after 24 hours: an expired key runs as new, and the prune deletes expired rows", async () => {
    const key = unique();
    expect((await post({ email: `old-${unique()}@example.com`, displayName: "Old" }, key)).status).toBe(201);
    await getDb().idempotencyKey.update({
      where: { orgId_key: { orgId, key } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const fresh = await post({ email: `new-${unique()}@example.com`, displayName: "New" }, key);
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();

    await getDb().idempotencyKey.update({
      where: { orgId_key: { orgId, key } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await pruneIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    expect(await getDb().idempotencyKey.count({ where: { orgId, key } })).toBe(0);
  });

  it("20 parallel identical requests with one key: one attendee, one webhook, identical 201s or in-use refusals", async () => {
    const key = `burst-${unique()}`;
    const email = `burst-${unique()}@example.com`;
    const body = { email, displayName: "Burst", jobTitle: "Tester" };
    const responses = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await post(body, key);
        return { status: response.status, replayed: response.headers.get("idempotent-replayed"), text: await response.text() };
      }),
    );
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.filter((r) => r.replayed === null)).toHaveLength(1);
    expect(created.filter((r) => r.replayed !== null).every((r) => r.replayed === "true")).toBe(true);
    expect(new Set(created.map((r) => r.text)).size).toBe(1);
    for (const response of refused) {
      expect(response.status).toBe(409);
      expect(JSON.parse(response.text).error.details).toEqual({ reason: "idempotency_key_in_use" });
    }
    const rows = await attendeesWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(await createdEventsFor(rows[0].id)).toBe(1);

    // Afterwards every retry is a replay of that one body.
    const later = await post(body, key);
    expect(later.headers.get("idempotent-replayed")).toBe("true");
    expect(await later.text()).toBe(created[0].text);
  });
});
