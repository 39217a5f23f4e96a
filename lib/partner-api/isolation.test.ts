import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { SCOPES, type Scope } from "@/lib/domain/keys/scopes";
import { bearer, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { createStockedEvent, readEndpoints, type StockedEvent } from "@/lib/testing/programme-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// Tenant isolation and scopes over real HTTP. Another organization's ids must look
// exactly like ids that do not exist, and each endpoint answers only to its own scope.

let server: RouteServer;
let keyA: string;
let keyB: string;
let a: StockedEvent;
let a2: StockedEvent;
let b: StockedEvent;
const scopedKeys = {} as Record<Scope, string>;

type Write = { method: "POST" | "PATCH"; body: unknown };

const send = (path: string, secret = keyA, write?: Write) =>
  fetch(`${server.baseUrl}${path}`, {
    method: write?.method ?? "GET",
    headers: { ...bearer(secret), ...(write ? { "content-type": "application/json" } : {}) },
    body: write ? JSON.stringify(write.body) : undefined,
  });
const get = (path: string, secret = keyA) => send(path, secret);

/** Status and body with the request id blanked: what a client could tell apart. */
async function observe(path: string, secret = keyA, write?: Write) {
  const response = await send(path, secret, write);
  const body = await response.json();
  if (body.error) {
    expect(body.error.requestId).toBe(response.headers.get("x-request-id"));
    body.error.requestId = "<requestId>";
  }
  return { status: response.status, body };
}

const idsOf = (s: StockedEvent) => ({ eventId: s.event.id, attendeeId: s.attendee.id, formId: s.form.id });
const randomIds = () => ({ eventId: randomUUID(), attendeeId: randomUUID(), formId: randomUUID() });
/** Endpoints that take an id in the path. */
const withPathIds = (ids: Parameters<typeof readEndpoints>[0]) =>
  readEndpoints(ids).filter((endpoint) => endpoint.name.includes("{eventId}"));

beforeAll(async () => {
  server = await startRouteServer();
  const orgA = await createTestOrg({ name: "Org A" });
  const orgB = await createTestOrg({ name: "Org B" });
  keyA = (await createTestKey(orgA.id)).secret;
  keyB = (await createTestKey(orgB.id)).secret;
  for (const scope of SCOPES) scopedKeys[scope] = (await createTestKey(orgA.id, [scope])).secret;
  a = await createStockedEvent(orgA.id);
  a2 = await createStockedEvent(orgA.id);
  b = await createStockedEvent(orgB.id);
});
afterAll(async () => server?.close());

describe("another organization's ids", () => {
  it.each(withPathIds(randomIds()).map((endpoint) => [endpoint.name] as const))(
    "%s: org A's key on org B's ids is a 404 identical to unknown ids",
    async (name) => {
      const find = (ids: Parameters<typeof readEndpoints>[0]) => withPathIds(ids).find((e) => e.name === name)!.path;
      // The same key reaches its own records, so the 404s below are about ownership.
      expect((await observe(find(idsOf(a)))).status).toBe(200);

      const foreign = await observe(find(idsOf(b)));
      const unknown = await observe(find(randomIds()));
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe("NOT_FOUND");
      expect(foreign).toEqual(unknown);
      // Org B's own key does see them.
      expect((await observe(find(idsOf(b)), keyB)).status).toBe(200);
    },
  );

  // The two writes, with valid bodies: on foreign ids they must fail exactly like unknown
  // ids and change nothing.
  const WRITES: [name: string, path: (ids: Parameters<typeof readEndpoints>[0]) => string, write: () => Write, ok: number][] = [
    [
      "POST /events/{eventId}/attendees",
      (ids) => `/partner/v1/events/${ids.eventId}/attendees`,
      () => ({ method: "POST", body: { email: `isolation-${randomUUID()}@example.com` } }),
      201,
    ],
    [
      "PATCH /events/{eventId}/attendees/{attendeeId}",
      (ids) => `/partner/v1/events/${ids.eventId}/attendees/${ids.attendeeId}`,
      () => ({ method: "PATCH", body: { displayName: `Renamed ${randomUUID()}` } }),
      200,
    ],
  ];

  it.each(WRITES)("%s: org A's key on org B's ids is a 404 identical to unknown ids, and writes nothing", async (_name, path, write, ok) => {
    const before = await getDb().attendee.findMany({ where: { eventId: b.event.id }, orderBy: { id: "asc" } });
    const foreign = await observe(path(idsOf(b)), keyA, write());
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("NOT_FOUND");
    expect(foreign).toEqual(await observe(path(randomIds()), keyA, write()));
    expect(await getDb().attendee.findMany({ where: { eventId: b.event.id }, orderBy: { id: "asc" } })).toEqual(before);
    // The same write on org A's own second event succeeds, so the 404 is about ownership.
    expect((await observe(path(idsOf(a2)), keyA, write())).status).toBe(ok);
  });

  it.each([
    ["attendee of org B under org A's event", () => `/events/${a.event.id}/attendees/${b.attendee.id}`, () => `/events/${a.event.id}/attendees/${randomUUID()}`],
    ["form of org B under org A's event", () => `/events/${a.event.id}/forms/${b.form.id}/submissions`, () => `/events/${a.event.id}/forms/${randomUUID()}/submissions`],
    ["attendee of event X under event Y of the same org", () => `/events/${a2.event.id}/attendees/${a.attendee.id}`, () => `/events/${a2.event.id}/attendees/${randomUUID()}`],
    ["form of event X under event Y of the same org", () => `/events/${a2.event.id}/forms/${a.form.id}/submissions`, () => `/events/${a2.event.id}/forms/${randomUUID()}/submissions`],
  ])("%s → 404 NOT_FOUND like an unknown id", async (_name, path, unknownPath) => {
    const observed = await observe(`/partner/v1${path()}`);
    expect(observed.status).toBe(404);
    expect(observed.body.error.code).toBe("NOT_FOUND");
    expect(observed).toEqual(await observe(`/partner/v1${unknownPath()}`));
  });

  it("a sessionId filter naming org B's session matches nothing on org A's event", async () => {
    const observed = await observe(`/partner/v1/events/${a.event.id}/session-attendance?sessionId=${b.session.id}`);
    expect(observed).toEqual({ status: 200, body: { data: [], meta: { nextCursor: null } } });
  });

  it("lists never include org B's records", async () => {
    const bIds = [b.event.id, b.attendee.id, b.form.id, b.session.id, b.speaker.id, b.track.id, b.room.id, b.sponsor.id,
      b.infoSection.id, b.attendance.id, b.submission.id, b.feedback.id];
    for (const endpoint of readEndpoints(idsOf(a))) {
      const text = await (await get(endpoint.path)).text();
      for (const id of bIds) expect(text, endpoint.name).not.toContain(id);
    }
  });
});

describe("scope matrix", () => {
  // pretix style: endpoint × the scope of a single-scope key → expected status. Written
  // out by hand from the spec's endpoint table rather than derived from the code.
  const E = "events:read", AR = "attendees:read", EN = "engagement:read";
  const MATRIX: [name: string, required: Scope | null, byScope: Record<Scope, number>][] = [
    ["/me", null, { "events:read": 200, "attendees:read": 200, "attendees:write": 200, "engagement:read": 200 }],
    ["/events", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/sessions", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/tracks", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/rooms", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/speakers", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/sponsors", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/info-sections", E, { "events:read": 200, "attendees:read": 403, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/attendees", AR, { "events:read": 403, "attendees:read": 200, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/attendees/{attendeeId}", AR, { "events:read": 403, "attendees:read": 200, "attendees:write": 403, "engagement:read": 403 }],
    ["/events/{eventId}/check-ins", EN, { "events:read": 403, "attendees:read": 403, "attendees:write": 403, "engagement:read": 200 }],
    ["/events/{eventId}/session-attendance", EN, { "events:read": 403, "attendees:read": 403, "attendees:write": 403, "engagement:read": 200 }],
    ["/events/{eventId}/forms", EN, { "events:read": 403, "attendees:read": 403, "attendees:write": 403, "engagement:read": 200 }],
    ["/events/{eventId}/forms/{formId}/submissions", EN, { "events:read": 403, "attendees:read": 403, "attendees:write": 403, "engagement:read": 200 }],
    ["/events/{eventId}/feedback", EN, { "events:read": 403, "attendees:read": 403, "attendees:write": 403, "engagement:read": 200 }],
  ];
  // Writes are sent with an invalid body: a key holding the scope gets past the scope
  // check to body validation (400) and nothing is written by this table.
  const AW = "attendees:write";
  const WRITE_MATRIX: [name: string, write: Write, byScope: Record<Scope, number>][] = [
    ["POST /events/{eventId}/attendees", { method: "POST", body: {} }, { "events:read": 403, "attendees:read": 403, "attendees:write": 400, "engagement:read": 403 }],
    ["PATCH /events/{eventId}/attendees/{attendeeId}", { method: "PATCH", body: { displayName: "" } }, { "events:read": 403, "attendees:read": 403, "attendees:write": 400, "engagement:read": 403 }],
  ];

  it("covers every read endpoint", () => {
    expect(MATRIX.map(([name]) => name).sort()).toEqual(readEndpoints(randomIds()).map((e) => e.name).sort());
  });

  const cases = MATRIX.flatMap(([name, required, byScope]) =>
    SCOPES.map((scope) => [name, scope, byScope[scope], required] as const),
  );

  it.each(cases)("%s with a %s key → %i", async (name, scope, status, required) => {
    const path = readEndpoints(idsOf(a)).find((e) => e.name === name)!.path;
    const observed = await observe(path, scopedKeys[scope]);
    expect(observed.status, JSON.stringify(observed.body)).toBe(status);
    if (status === 200) {
      expect(observed.body.data).toBeDefined();
    } else {
      expect(observed.body).toEqual({
        error: {
          code: "FORBIDDEN",
          message: expect.any(String),
          details: { reason: "insufficient_scope", requiredScope: required },
          requestId: "<requestId>",
        },
      });
    }
  });

  it.each(WRITE_MATRIX.flatMap(([name, write, byScope]) => SCOPES.map((scope) => [name, scope, byScope[scope], write] as const)))(
    "%s with a %s key → %i",
    async (name, scope, status, write) => {
      const path = `/partner/v1/events/${a.event.id}/attendees${name.startsWith("PATCH") ? `/${a.attendee.id}` : ""}`;
      const observed = await observe(path, scopedKeys[scope], write);
      expect(observed.status, JSON.stringify(observed.body)).toBe(status);
      if (status === 403) expect(observed.body.error.details).toEqual({ reason: "insufficient_scope", requiredScope: AW });
      else expect(observed.body.error.code).toBe("INVALID_INPUT");
    },
  );

  it("scope is checked before ownership, so a missing scope says nothing about whose event it is", async () => {
    const foreign = await observe(`/partner/v1/events/${b.event.id}/sessions`, scopedKeys["engagement:read"]);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.details.requiredScope).toBe("events:read");
    expect(foreign).toEqual(await observe(`/partner/v1/events/${randomUUID()}/sessions`, scopedKeys["engagement:read"]));
  });
});
