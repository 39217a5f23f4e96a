import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import {
  addAttendance,
  addAttendees,
  addCheckIns,
  addFeedback,
  addForms,
  addInfoSections,
  addRooms,
  addSessions,
  addSpeakers,
  addSponsors,
  addSubmissions,
  addTracks,
  featureSponsor,
} from "@/lib/testing/programme-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// The programme and engagement collections over real HTTP: envelopes, exact order (ties
// broken by id), keyset paging to the end, filters, and cursors bound to their list.
// Rows are inserted in the reverse of their expected order, so neither insertion order
// nor a default sort can pass for the real one.

type Item = Record<string, unknown> & { id?: string; attendeeId?: string };
type Body = { data: Item[]; meta?: { nextCursor: string | null } };

let server: RouteServer;
let orgId: string;
let secret: string;

const get = (path: string) => fetch(`${server.baseUrl}/partner/v1${path}`, { headers: bearer(secret) });

async function ok(path: string): Promise<Body> {
  const response = await get(path);
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function expectError(path: string, status: number, code: string, reason?: string) {
  const response = await get(path);
  const body = await response.json();
  expect(response.status, `${path} → ${JSON.stringify(body)}`).toBe(status);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  if (reason) expect(body.error.details?.reason).toBe(reason);
  return body.error;
}

function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const [base, existing] = path.split("?");
  const search = new URLSearchParams(existing);
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) search.set(name, String(value));
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

/** Follows nextCursor to the end; returns the ids of each page. */
async function walk(path: string, limit: number, idOf: (item: Item) => unknown, between?: (page: number) => Promise<void>) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const body: Body = await ok(withQuery(path, { limit, cursor }));
    expect(Object.keys(body).sort()).toEqual(["data", "meta"]);
    pages.push(body.data.map((item) => String(idOf(item))));
    cursor = body.meta!.nextCursor;
    if (pages.length > 100) throw new Error(`paging ${path} never ends`);
    if (cursor && between) await between(pages.length);
  } while (cursor);
  return pages;
}

/** Page sizes a correct keyset pager gives for `total` rows: never an empty extra page. */
function pageSizes(total: number, limit: number): number[] {
  if (total === 0) return [0];
  const sizes = Array.from({ length: Math.floor(total / limit) }, () => limit);
  if (total % limit) sizes.push(total % limit);
  return sizes;
}

/** Ids sorted by (key, id): the order every collection promises. uuid order = lowercase hex order. */
function sortedIds<T extends { id: string }>(rows: T[], key: (row: T) => string | number): string[] {
  return [...rows]
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      if (ka !== kb) return ka < kb ? -1 : 1;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })
    .map((row) => row.id);
}

/** Rows in the reverse of their expected order (ties too). */
function reversed<T extends { id: string }>(rows: T[], expected: string[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...expected].reverse().map((id) => byId.get(id)!);
}

const at = (minute: number) => new Date(Date.UTC(2027, 2, 1, 9, minute));
const ids = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => ({ id: randomUUID(), ...make(i) }));

// The main event and what each list must return, in order.
const expected: Record<string, string[]> = {};
let eventId: string;
let otherEventId: string;
let emptyEventId: string;
let sessionA: string;
let sessionB: string;
let foreignSessionId: string;
let billedSessionId: string;
let billedSpeakers: string[];
let unbilledSessionId: string;
let featuredSponsorId: string;
let hiddenSectionIds: string[];
let mainFormId: string;
let smallFormId: string;
let quietFormId: string;

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  orgId = org.id;
  secret = (await createTestKey(orgId)).secret;
  eventId = (await createTestEvent(orgId)).id;
  otherEventId = (await createTestEvent(orgId)).id;
  emptyEventId = (await createTestEvent(orgId)).id;

  const tracks = ids(5, (i) => ({ name: `Track ${i}`, sortOrder: [2, 1, 1, 0, 3][i] }));
  expected.tracks = sortedIds(tracks, (t) => t.sortOrder);
  await addTracks(eventId, reversed(tracks, expected.tracks));

  const rooms = ids(4, (i) => ({ name: `Room ${i}`, sortOrder: [1, 0, 1, 2][i] }));
  expected.rooms = sortedIds(rooms, (r) => r.sortOrder);
  await addRooms(eventId, reversed(rooms, expected.rooms));

  // Names whose order is the same under the C and en_US collations.
  const speakers = ids(6, (i) => ({ name: ["Ada", "Ben", "Ben", "Cleo", "Dan", "Dan"][i] }));
  expected.speakers = sortedIds(speakers, (s) => s.name);
  await addSpeakers(eventId, reversed(speakers, expected.speakers));

  // Billing order deliberately differs from both the name order and the id order of the
  // three speakers billed (Ada, Cleo, Dan): the first permutation that differs from both.
  const trio = [speakers[0].id, speakers[3].id, speakers[5].id];
  const permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]].map((p) => p.map((i) => trio[i]));
  const byName = trio.join();
  const byId = [...trio].sort().join();
  billedSpeakers = permutations.find((p) => p.join() !== byName && p.join() !== byId)!;
  const sessions = ids(6, (i) => ({
    title: `Session ${i}`,
    startAt: at([0, 10, 10, 20, 30, 30][i]),
    speakerIds: i === 1 ? billedSpeakers : i === 2 ? [speakers[1].id] : [],
  }));
  expected.sessions = sortedIds(sessions, (s) => s.startAt.getTime());
  await addSessions(eventId, reversed(sessions, expected.sessions));
  [sessionA, sessionB] = [sessions[0].id, sessions[3].id];
  billedSessionId = sessions[1].id;
  unbilledSessionId = sessions[4].id;
  foreignSessionId = (await addSessions(otherEventId, [{ title: "Elsewhere" }]))[0].id;

  const sponsors = ids(4, (i) => ({ name: `Sponsor ${i}`, tier: "gold", sortOrder: [0, 1, 1, 2][i] }));
  expected.sponsors = sortedIds(sponsors, (s) => s.sortOrder);
  await addSponsors(eventId, reversed(sponsors, expected.sponsors));
  featuredSponsorId = expected.sponsors[2];
  await featureSponsor(eventId, featuredSponsorId);
  await addSponsors(otherEventId, [{ name: "Unfeatured A" }, { name: "Unfeatured B" }]);

  const sections = ids(4, (i) => ({ title: `Section ${i}`, sortOrder: [0, 2, 2, 1][i] }));
  expected["info-sections"] = sortedIds(sections, (s) => s.sortOrder);
  const hidden = await addInfoSections(eventId, [
    { title: "DRAFT-SECTION-TITLE", sortOrder: -1, visibility: "draft" },
    ...reversed(sections, expected["info-sections"]),
    { title: "HIDDEN-SECTION-TITLE", sortOrder: 1, visibility: "hidden" },
  ]);
  hiddenSectionIds = [hidden[0].id, hidden.at(-1)!.id];

  const attendees = await addAttendees(eventId, 6);
  const checkIns = attendees.map((a, i) => ({ id: a.id, attendeeId: a.id, checkedInAt: at([0, 5, 5, 10, 15, 15][i]) }));
  expected["check-ins"] = sortedIds(checkIns, (c) => c.checkedInAt.getTime());
  await addCheckIns(eventId, reversed(checkIns, expected["check-ins"]).map(({ id: _id, ...row }) => row));

  const scans = ids(6, (i) => ({
    sessionId: [sessionA, sessionA, sessionB, sessionA, sessionB, sessionA][i],
    attendeeId: attendees[i].id,
    scannedAt: at([0, 5, 5, 5, 9, 12][i]),
  }));
  expected["session-attendance"] = sortedIds(scans, (s) => s.scannedAt.getTime());
  expected["session-attendance?A"] = sortedIds(scans.filter((s) => s.sessionId === sessionA), (s) => s.scannedAt.getTime());
  expected["session-attendance?B"] = sortedIds(scans.filter((s) => s.sessionId === sessionB), (s) => s.scannedAt.getTime());
  await addAttendance(eventId, reversed(scans, expected["session-attendance"]));

  const forms = ids(3, (i) => ({ name: `Form ${i}`, createdAt: at([5, 0, 5][i]) }));
  expected.forms = sortedIds(forms, (f) => f.createdAt.getTime());
  await addForms(eventId, reversed(forms, expected.forms));
  [mainFormId, smallFormId, quietFormId] = forms.map((f) => f.id);

  // updatedAt runs against submittedAt, so ordering by the wrong column shows.
  const submissions = ids(6, (i) => {
    const minute = [0, 3, 3, 6, 9, 9][i];
    return { attendeeId: attendees[i].id, submittedAt: at(minute), updatedAt: at(59 - minute), answers: { q: i } };
  });
  expected.submissions = sortedIds(submissions, (s) => s.submittedAt.getTime());
  await addSubmissions(mainFormId, reversed(submissions, expected.submissions));
  await addSubmissions(smallFormId, [
    { attendeeId: attendees[0].id, submittedAt: at(1) },
    { attendeeId: attendees[1].id, submittedAt: at(2) },
  ]);

  const feedback = ids(6, (i) => ({
    kind: (["feedback", "suggestion", "rating", "review", "rating", "feedback"] as const)[i],
    rating: [null, null, 3, 5, 1, null][i],
    attendeeId: i % 2 ? attendees[i].id : null,
    createdAt: at([0, 1, 1, 2, 3, 3][i]),
  }));
  expected.feedback = sortedIds(feedback, (f) => f.createdAt.getTime());
  await addFeedback(eventId, reversed(feedback, expected.feedback));
});
afterAll(async () => server?.close());

const idOf = (item: Item) => item.id;
const attendeeIdOf = (item: Item) => item.attendeeId;

// Every paged collection of this part of the API, with its expected order.
const PAGED: { name: string; path: () => string; expect: () => string[]; idOf: (item: Item) => unknown }[] = [
  { name: "sessions", path: () => `/events/${eventId}/sessions`, expect: () => expected.sessions, idOf },
  { name: "speakers", path: () => `/events/${eventId}/speakers`, expect: () => expected.speakers, idOf },
  { name: "check-ins", path: () => `/events/${eventId}/check-ins`, expect: () => expected["check-ins"], idOf: attendeeIdOf },
  { name: "session-attendance", path: () => `/events/${eventId}/session-attendance`, expect: () => expected["session-attendance"], idOf },
  {
    name: "session-attendance?sessionId",
    path: () => `/events/${eventId}/session-attendance?sessionId=${sessionA}`,
    expect: () => expected["session-attendance?A"],
    idOf,
  },
  { name: "submissions", path: () => `/events/${eventId}/forms/${mainFormId}/submissions`, expect: () => expected.submissions, idOf },
  { name: "feedback", path: () => `/events/${eventId}/feedback`, expect: () => expected.feedback, idOf },
];

const UNPAGED: { name: string; path: (eventId: string) => string; expect: () => string[] }[] = [
  { name: "tracks", path: (id) => `/events/${id}/tracks`, expect: () => expected.tracks },
  { name: "rooms", path: (id) => `/events/${id}/rooms`, expect: () => expected.rooms },
  { name: "sponsors", path: (id) => `/events/${id}/sponsors`, expect: () => expected.sponsors },
  { name: "info-sections", path: (id) => `/events/${id}/info-sections`, expect: () => expected["info-sections"] },
  { name: "forms", path: (id) => `/events/${id}/forms`, expect: () => expected.forms },
];

describe("envelopes and order", () => {
  it.each(PAGED.map((c) => [c.name, c] as const))("%s: paged envelope, exact order with ties broken by id", async (_name, c) => {
    const body = await ok(c.path());
    expect(Object.keys(body).sort()).toEqual(["data", "meta"]);
    expect(body.meta).toEqual({ nextCursor: null });
    expect(body.data.map(c.idOf)).toEqual(c.expect());
  });

  it.each(UNPAGED.map((c) => [c.name, c] as const))("%s: unpaged envelope with no meta, exact order", async (_name, c) => {
    const body = await ok(c.path(eventId));
    expect("meta" in body).toBe(false);
    expect(Object.keys(body)).toEqual(["data"]);
    expect(body.data.map(idOf)).toEqual(c.expect());
  });

  it.each([
    ...["sessions", "speakers", "check-ins", "session-attendance", "feedback"].map((name) => [name, "paged"] as const),
    ...["tracks", "rooms", "sponsors", "info-sections", "forms"].map((name) => [name, "unpaged"] as const),
  ])("an event without %s still answers the %s envelope", async (name, kind) => {
    const body = await ok(`/events/${emptyEventId}/${name}`);
    expect(body).toEqual(kind === "paged" ? { data: [], meta: { nextCursor: null } } : { data: [] });
  });

  it("a form without submissions answers an empty paged envelope", async () => {
    expect(await ok(`/events/${eventId}/forms/${quietFormId}/submissions`)).toEqual({ data: [], meta: { nextCursor: null } });
  });

  it("unpaged lists ignore limit and cursor rather than paging silently", async () => {
    const body = await ok(`/events/${eventId}/tracks?limit=1&cursor=whatever`);
    expect(body.data.map(idOf)).toEqual(expected.tracks);
    expect("meta" in body).toBe(false);
  });
});

describe("paging to the end", () => {
  it.each(PAGED.map((c) => [c.name, c] as const))(
    "%s: every limit walks the whole list once, last page says null even when exactly full",
    async (_name, c) => {
      const all = c.expect();
      for (const limit of [1, 2, 3, 4, all.length, all.length + 1]) {
        const pages = await walk(c.path(), limit, c.idOf);
        expect(pages.map((page) => page.length), `limit ${limit}`).toEqual(pageSizes(all.length, limit));
        expect(pages.flat(), `limit ${limit}`).toEqual(all);
      }
    },
  );
});

describe("programme details", () => {
  it("speakerIds are in billing order, and an empty array when a session has no speakers", async () => {
    const { data } = await ok(`/events/${eventId}/sessions`);
    const byId = new Map(data.map((session) => [session.id, session]));
    expect(byId.get(billedSessionId)!.speakerIds).toEqual(billedSpeakers);
    expect(byId.get(unbilledSessionId)!.speakerIds).toEqual([]);
    // The billing order is neither the name order nor the id order of those speakers.
    expect(billedSpeakers).not.toEqual(expected.speakers.filter((id) => billedSpeakers.includes(id)));
    expect(billedSpeakers).not.toEqual([...billedSpeakers].sort());
    expect(billedSpeakers).toHaveLength(3);
  });

  it("featuredOnCards is true for exactly the nominated sponsor, and moves when another is nominated", async () => {
    const { data } = await ok(`/events/${eventId}/sponsors`);
    expect(data.filter((s) => s.featuredOnCards === true).map(idOf)).toEqual([featuredSponsorId]);
    expect(data.every((s) => typeof s.featuredOnCards === "boolean")).toBe(true);

    const none = await ok(`/events/${otherEventId}/sponsors`);
    expect(none.data).toHaveLength(2);
    expect(none.data.map((s) => s.featuredOnCards)).toEqual([false, false]);

    const moving = await createTestEvent(orgId);
    const [first, second] = await addSponsors(moving.id, [{ sortOrder: 0 }, { sortOrder: 1 }]);
    await featureSponsor(moving.id, first.id);
    expect((await ok(`/events/${moving.id}/sponsors`)).data.map((s) => s.featuredOnCards)).toEqual([true, false]);
    await featureSponsor(moving.id, second.id);
    expect((await ok(`/events/${moving.id}/sponsors`)).data.map((s) => s.featuredOnCards)).toEqual([false, true]);
  });

  it("draft and hidden info sections never appear", async () => {
    const response = await get(`/events/${eventId}/info-sections`);
    const text = await response.text();
    for (const id of hiddenSectionIds) expect(text).not.toContain(id);
    expect(text).not.toContain("DRAFT-SECTION-TITLE");
    expect(text).not.toContain("HIDDEN-SECTION-TITLE");
    expect(JSON.parse(text).data).toHaveLength(expected["info-sections"].length);
  });
});

describe("session attendance filter", () => {
  it("sessionId keeps only that session's scans, in scan order", async () => {
    expect((await ok(`/events/${eventId}/session-attendance?sessionId=${sessionB}`)).data.map(idOf)).toEqual(
      expected["session-attendance?B"],
    );
    expect((await ok(`/events/${eventId}/session-attendance?sessionId=${sessionA}`)).data.every((s) => s.sessionId === sessionA)).toBe(true);
  });

  it.each([
    ["a session of another event", () => foreignSessionId],
    ["an unknown session", () => randomUUID()],
  ])("%s matches nothing: an empty page with a null cursor", async (_name, sessionId) => {
    expect(await ok(`/events/${eventId}/session-attendance?sessionId=${sessionId()}&limit=1`)).toEqual({
      data: [],
      meta: { nextCursor: null },
    });
  });

  it("a sessionId that is not a uuid is INVALID_INPUT on that field", async () => {
    const error = await expectError(`/events/${eventId}/session-attendance?sessionId=abc`, 400, "INVALID_INPUT", "invalid_body");
    expect(Object.keys(error.details.fields)).toEqual(["sessionId"]);
  });
});

describe("records inserted while a client pages", () => {
  // Six rows at minutes 10..60; after the first page of two, one row is inserted before
  // the cursor (minute 5) and one after it (minute 45). The client must see every
  // pre-existing row exactly once, the later row once, and the earlier row not at all.
  type Growing = {
    name: string;
    setup: (eventId: string) => Promise<{ path: string; idOf: (item: Item) => unknown; add: (minute: number) => Promise<string> }>;
  };
  const label = (minute: number) => `Name ${String(minute).padStart(2, "0")}`;
  const GROWING: Growing[] = [
    {
      name: "sessions",
      setup: async (id) => ({
        path: `/events/${id}/sessions`,
        idOf,
        add: async (minute) => (await addSessions(id, [{ startAt: at(minute) }]))[0].id,
      }),
    },
    {
      name: "speakers",
      setup: async (id) => ({
        path: `/events/${id}/speakers`,
        idOf,
        add: async (minute) => (await addSpeakers(id, [{ name: label(minute) }]))[0].id,
      }),
    },
    {
      name: "check-ins",
      setup: async (id) => {
        const people = await addAttendees(id, 8);
        let next = 0;
        return {
          path: `/events/${id}/check-ins`,
          idOf: attendeeIdOf,
          add: async (minute) => {
            const attendeeId = people[next++].id;
            await addCheckIns(id, [{ attendeeId, checkedInAt: at(minute) }]);
            return attendeeId;
          },
        };
      },
    },
    {
      name: "session-attendance",
      setup: async (id) => {
        const people = await addAttendees(id, 8);
        const [session] = await addSessions(id, [{}]);
        let next = 0;
        return {
          path: `/events/${id}/session-attendance?sessionId=${session.id}`,
          idOf,
          add: async (minute) =>
            (await addAttendance(id, [{ sessionId: session.id, attendeeId: people[next++].id, scannedAt: at(minute) }]))[0].id,
        };
      },
    },
    {
      name: "submissions",
      setup: async (id) => {
        const people = await addAttendees(id, 8);
        const [form] = await addForms(id, [{}]);
        let next = 0;
        return {
          path: `/events/${id}/forms/${form.id}/submissions`,
          idOf,
          add: async (minute) => (await addSubmissions(form.id, [{ attendeeId: people[next++].id, submittedAt: at(minute) }]))[0].id,
        };
      },
    },
    {
      name: "feedback",
      setup: async (id) => ({
        path: `/events/${id}/feedback`,
        idOf,
        add: async (minute) => (await addFeedback(id, [{ createdAt: at(minute) }]))[0].id,
      }),
    },
  ];

  it.each(GROWING.map((c) => [c.name, c] as const))("%s: no pre-existing record is skipped or repeated", async (_name, c) => {
    const event = await createTestEvent(orgId);
    const list = await c.setup(event.id);
    const existing: string[] = [];
    for (const minute of [10, 20, 30, 40, 50, 60]) existing.push(await list.add(minute));
    let earlier = "";
    let later = "";
    const pages = await walk(list.path, 2, list.idOf, async (page) => {
      if (page !== 1) return;
      earlier = await list.add(5);
      later = await list.add(45);
    });
    const seen = pages.flat();
    expect(seen).toEqual([...existing.slice(0, 4), later, ...existing.slice(4)]);
    expect(seen).not.toContain(earlier);
    // The earlier record is in the list; a new walk sees it first.
    expect((await walk(list.path, 50, list.idOf)).flat()[0]).toBe(earlier);
  });
});

describe("cursors are bound to their list", () => {
  const cursorOf = async (path: string) => {
    const cursor = (await ok(withQuery(path, { limit: 1 }))).meta!.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    return cursor!;
  };

  it.each(PAGED.map((c) => [c.name, c] as const))("%s: an edited signature or payload is INVALID_CURSOR", async (_name, c) => {
    const cursor = await cursorOf(c.path());
    // The genuine cursor works, so the refusals below are about the edits.
    expect((await ok(withQuery(c.path(), { limit: 1, cursor }))).data).toHaveLength(1);
    const [payload, signature] = cursor.split(".");
    const position = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    const edited = Buffer.from(JSON.stringify([position[0], "00000000-0000-4000-8000-000000000000"])).toString("base64url");
    // Edit the first character: the last one of a base64url signature partly holds padding bits.
    const flipped = (signature.startsWith("A") ? "B" : "A") + signature.slice(1);
    for (const bad of [`${payload}.${flipped}`, `${edited}.${signature}`, "made-up", `${cursor}.extra`]) {
      await expectError(withQuery(c.path(), { cursor: bad }), 400, "INVALID_CURSOR", "invalid_cursor");
    }
  });

  it("a cursor of one list is refused by every other list, event and filter", async () => {
    const sessions = await cursorOf(`/events/${eventId}/sessions`);
    const submissions = await cursorOf(`/events/${eventId}/forms/${mainFormId}/submissions`);
    const attendanceA = await cursorOf(`/events/${eventId}/session-attendance?sessionId=${sessionA}`);
    const attendanceAll = await cursorOf(`/events/${eventId}/session-attendance`);
    const cases: [string, string][] = [
      [`/events/${eventId}/speakers`, sessions],
      [`/events/${eventId}/check-ins`, sessions],
      [`/events/${eventId}/feedback`, sessions],
      [`/events/${eventId}/session-attendance`, sessions],
      [`/events/${otherEventId}/sessions`, sessions],
      [`/events/${eventId}/attendees`, sessions],
      [`/events/${eventId}/forms/${smallFormId}/submissions`, submissions],
      [`/events/${eventId}/session-attendance?sessionId=${sessionB}`, attendanceA],
      [`/events/${eventId}/session-attendance`, attendanceA],
      [`/events/${eventId}/session-attendance?sessionId=${sessionA}`, attendanceAll],
    ];
    for (const [path, cursor] of cases) {
      await expectError(withQuery(path, { cursor }), 400, "INVALID_CURSOR", "invalid_cursor");
    }
  });
});
