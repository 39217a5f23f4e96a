import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import type { AppError } from "@/lib/platform/errors/app-error";
import { setPlatformIntegrations } from "@/lib/platform/integrations-switch";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { addTracks } from "@/lib/testing/programme-fixtures";
import { createDataSource } from "./data-sources";
import { runImport, type ImportLimits } from "./run-import";
import { sendJson, sleep, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";

// One test flips the platform-wide integrations switch: this file gets its own database.
isolateDatabase();

// Import runs end to end: a partner API on 127.0.0.1, the real database, the real domain
// operations. Limits are injected small so every limit case takes well under a second.

let partner: PartnerServer;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let eventId: string;

const FAST: Partial<ImportLimits> = { fetchTimeoutMs: 2_000, maxSeconds: 10 };

const ATTENDEE_MAPPING = {
  fields: {
    email: { path: "email", transform: ["trim"] },
    displayName: { path: "name" },
    company: { path: "company" },
  },
};

const SESSION_MAPPING = {
  sourceIdPath: "id",
  fields: {
    title: { path: "title" },
    startAt: { path: "start" },
    endAt: { path: "end" },
    type: { path: "kind", transform: [{ op: "map", values: { Keynote: "keynote", Talk: "talk" }, default: "other" }] },
    track: { path: "track" },
    room: { path: "room" },
  },
};

let routeCounter = 0;
/** A fresh path serving `body` (or running `handler`), so cases never share a route. */
function serve(body: unknown | ((req: unknown, res: import("node:http").ServerResponse) => void)): string {
  const path = `/feed-${++routeCounter}`;
  partner.route(path, typeof body === "function" ? (body as never) : (_req, res) => sendJson(res, body));
  return path;
}

async function attendeeSource(path: string, extra: Record<string, unknown> = {}, event = eventId) {
  return createDataSource(org.id, {
    name: `Guests ${path}`,
    eventId: event,
    target: "attendees",
    url: `${partner.baseUrl}${path}`,
    mapping: ATTENDEE_MAPPING,
    ...extra,
  }, OPERATOR);
}

async function sessionSource(path: string, event: string) {
  return createDataSource(org.id, {
    name: `Programme ${path}`,
    eventId: event,
    target: "sessions",
    url: `${partner.baseUrl}${path}`,
    recordsPath: "sessions",
    mapping: SESSION_MAPPING,
  }, OPERATOR);
}

const guests = (event: string) =>
  getDb().attendee.findMany({ where: { eventId: event }, orderBy: { email: "asc" } });

const webhookTypes = async (since: Date) =>
  (await getDb().webhookEvent.findMany({ where: { orgId: org.id, createdAt: { gte: since } }, orderBy: { createdAt: "asc" } })).map(
    (event) => `${event.type}:${(event.data as { email?: string; title?: string }).email ?? (event.data as { title?: string }).title}`,
  );

async function expectRejects(promise: Promise<unknown>, code: string, reason?: string) {
  const error = (await promise.then(
    () => null,
    (err: unknown) => err,
  )) as AppError | null;
  expect(error, "expected the call to be refused").not.toBeNull();
  expect(error!.code).toBe(code);
  if (reason) expect(error!.details?.reason).toBe(reason);
  return error!;
}

beforeAll(async () => {
  partner = await startPartnerServer();
  org = await createTestOrg();
  eventId = (await createTestEvent(org.id)).id;
});
afterAll(async () => partner.close());

describe("attendees: create, update, unchanged, never delete", () => {
  it("counts across two runs with edited data, and keeps what the source dropped", async () => {
    const event = (await createTestEvent(org.id)).id;
    let feed: unknown[] = [
      { email: "ada@example.com", name: "Ada", company: "Analytical" },
      { email: "grace@example.com", name: "Grace", company: "Navy" },
      { email: "linus@example.com", name: "Linus", company: null },
    ];
    const path = serve((_req: unknown, res: import("node:http").ServerResponse) => sendJson(res, feed));
    const source = await attendeeSource(path, {}, event);

    const t0 = new Date();
    const first = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(first).toMatchObject({
      status: "succeeded",
      trigger: "manual",
      counts: { fetched: 3, created: 3, updated: 0, unchanged: 0, skipped: 0 },
      stoppedEarly: null,
      fetchError: null,
      recordErrors: [],
    });
    expect(first.finishedAt).toBeInstanceOf(Date);
    const afterFirst = await guests(event);
    expect(afterFirst.map((a) => [a.email, a.displayName, a.company, a.status])).toEqual([
      ["ada@example.com", "Ada", "Analytical", "invited"],
      ["grace@example.com", "Grace", "Navy", "invited"],
      ["linus@example.com", "Linus", null, "invited"],
    ]);
    expect(afterFirst.every((a) => isValidBadgeCode(a.badgeCode))).toBe(true);
    expect((await webhookTypes(t0)).sort()).toEqual([
      "attendee.created:ada@example.com",
      "attendee.created:grace@example.com",
      "attendee.created:linus@example.com",
    ]);

    // Second pull: Ada unchanged (her address now in capitals), Grace edited, Linus gone, Joan new.
    feed = [
      { email: "ADA@example.com ", name: "Ada", company: "Analytical" },
      { email: "grace@example.com", name: "Grace Hopper", company: "Navy" },
      { email: "joan@example.com", name: "Joan", company: "Bletchley" },
    ];
    const t1 = new Date();
    const second = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(second).toMatchObject({ status: "succeeded", counts: { fetched: 3, created: 1, updated: 1, unchanged: 1, skipped: 0 } });

    const afterSecond = await guests(event);
    expect(afterSecond.map((a) => [a.email, a.displayName])).toEqual([
      ["ada@example.com", "Ada"],
      ["grace@example.com", "Grace Hopper"],
      ["joan@example.com", "Joan"],
      ["linus@example.com", "Linus"], // never deleted
    ]);
    const before = new Map(afterFirst.map((a) => [a.email, a]));
    const ada = afterSecond.find((a) => a.email === "ada@example.com")!;
    expect(ada.updatedAt.getTime()).toBe(before.get("ada@example.com")!.updatedAt.getTime());
    const grace = afterSecond.find((a) => a.email === "grace@example.com")!;
    expect(grace.updatedAt.getTime()).toBeGreaterThan(before.get("grace@example.com")!.updatedAt.getTime());
    expect(grace.badgeCode).toBe(before.get("grace@example.com")!.badgeCode);
    // Only the change and the creation were announced; the unchanged record recorded nothing.
    expect((await webhookTypes(t1)).sort()).toEqual(["attendee.created:joan@example.com", "attendee.updated:grace@example.com"]);

    // A third identical pull changes nothing at all.
    const t2 = new Date();
    const third = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(third.counts).toEqual({ fetched: 3, created: 0, updated: 0, unchanged: 3, skipped: 0, excluded: 0 });
    expect(await webhookTypes(t2)).toEqual([]);
  });

  it("follows next-page links and counts every page", async () => {
    const event = (await createTestEvent(org.id)).id;
    partner.route("/paged/1", (_req, res) => sendJson(res, { data: [{ email: "p1@example.com" }, { email: "p2@example.com" }], links: { next: "/paged/2" } }));
    partner.route("/paged/2", (_req, res) => sendJson(res, { data: [{ email: "p3@example.com" }], links: { next: `${partner.baseUrl}/paged/3` } }));
    partner.route("/paged/3", (_req, res) => sendJson(res, { data: [{ email: "p4@example.com" }], links: { next: null } }));
    const source = await attendeeSource("/paged/1", { recordsPath: "data", nextPagePath: "links.next" }, event);
    const run = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(run).toMatchObject({ status: "succeeded", counts: { fetched: 4, created: 4 } });
    expect((await guests(event)).map((a) => a.displayName)).toEqual(["p1", "p2", "p3", "p4"]);
  });
});

describe("the same address twice in one pull", () => {
  it("applies the records in source order, whatever the letter case", async () => {
    const event = (await createTestEvent(org.id)).id;
    let feed: unknown[] = [
      { email: "twice@example.com", name: "First" },
      { email: "TWICE@example.com", name: "Second" },
    ];
    const path = serve((_req: unknown, res: import("node:http").ServerResponse) => sendJson(res, feed));
    const source = await attendeeSource(path, {}, event);
    expect((await runImport(source.id, { trigger: "manual", limits: FAST })).counts).toEqual({ fetched: 2, created: 1, updated: 1, unchanged: 0, skipped: 0, excluded: 0 });
    expect((await guests(event)).map((a) => [a.email, a.displayName])).toEqual([["twice@example.com", "Second"]]);

    // Stored "Second"; the pull changes it and changes it back: both are real updates.
    feed = [
      { email: "twice@example.com", name: "Third" },
      { email: "twice@example.com", name: "Second" },
    ];
    const t0 = new Date();
    expect((await runImport(source.id, { trigger: "manual", limits: FAST })).counts).toEqual({ fetched: 2, created: 0, updated: 2, unchanged: 0, skipped: 0, excluded: 0 });
    expect((await guests(event)).map((a) => a.displayName)).toEqual(["Second"]);
    expect(await webhookTypes(t0)).toEqual(["attendee.updated:twice@example.com", "attendee.updated:twice@example.com"]);
  });
});

describe("bad records are skipped with their index and reason", () => {
  it("applies the good ones and reports the bad ones", async () => {
    const event = (await createTestEvent(org.id)).id;
    const path = serve([
      { email: "ok1@example.com" },
      { email: "not-an-email" },
      { name: "No address" },
      "just a string",
      { email: "ok2@example.com", name: "x".repeat(201) },
      { email: "ok3@example.com", company: { nested: true } },
      { email: "ok4@example.com" },
    ]);
    const source = await attendeeSource(path, {}, event);
    const run = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(run.status).toBe("partial");
    expect(run.counts).toEqual({ fetched: 7, created: 2, updated: 0, unchanged: 0, skipped: 5, excluded: 0 });
    expect(run.recordErrors).toEqual([
      { index: 1, reason: "email must be an email address (no spaces, ASCII only).", field: "email", value: "not-an-email" },
      { index: 2, reason: 'email: no value at "email".', field: "email" },
      { index: 3, reason: "The record is text, not an object." },
      { index: 4, reason: "displayName must be at most 200 characters.", field: "displayName", value: `${"x".repeat(119)}…` },
      { index: 5, reason: "company: found an object, not text.", field: "company", value: '{"nested":true}' },
    ]);
    expect((await guests(event)).map((a) => a.email)).toEqual(["ok1@example.com", "ok4@example.com"]);
  });

  it("a record holding a NUL character is skipped with its reason; the records around it are written and counted", async () => {
    const event = (await createTestEvent(org.id)).id;
    const records = Array.from({ length: 12 }, (_, index) => ({ email: `nul-${index}@example.com`, name: `Guest ${index}` }));
    records[10] = { email: "nul-10@example.com", name: "a\u0000b" };
    const source = await attendeeSource(serve(records), {}, event);
    const run = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(run.status).toBe("partial");
    expect(run.counts).toEqual({ fetched: 12, created: 11, updated: 0, unchanged: 0, skipped: 1, excluded: 0 });
    expect(run.recordErrors).toEqual([{ index: 10, reason: "displayName must not contain control characters.", field: "displayName", value: "ab" }]);
    expect(await guests(event)).toHaveLength(11);
  });

  it("keeps the first 50 record errors and counts them all", async () => {
    const event = (await createTestEvent(org.id)).id;
    const path = serve(Array.from({ length: 60 }, (_, i) => ({ email: `broken-${i}` })));
    const run = await runImport((await attendeeSource(path, {}, event)).id, { trigger: "manual", limits: FAST });
    expect(run.counts.skipped).toBe(60);
    expect(run.recordErrors).toHaveLength(50);
    expect(run.recordErrors[49].index).toBe(49);
  });
});

describe("limits", () => {
  it("stops at the record limit and says so, without asking for the next page", async () => {
    const event = (await createTestEvent(org.id)).id;
    partner.route("/lim/1", (_req, res) => sendJson(res, { items: Array.from({ length: 3 }, (_, i) => ({ email: `l${i}@example.com` })), next: "/lim/2" }));
    partner.route("/lim/2", (_req, res) => sendJson(res, { items: Array.from({ length: 3 }, (_, i) => ({ email: `m${i}@example.com` })), next: "/lim/3" }));
    partner.route("/lim/3", (_req, res) => sendJson(res, { items: [{ email: "never@example.com" }], next: null }));
    const source = await attendeeSource("/lim/1", { recordsPath: "items", nextPagePath: "next" }, event);

    partner.requests.length = 0;
    const mid = await runImport(source.id, { trigger: "manual", limits: { ...FAST, maxRecords: 5 } });
    expect(mid).toMatchObject({ status: "partial", stoppedEarly: "record_limit", counts: { fetched: 5, created: 5, skipped: 0 } });
    expect(partner.requests.map((r) => r.path)).toEqual(["/lim/1", "/lim/2"]);

    partner.requests.length = 0;
    const atPageEnd = await runImport(source.id, { trigger: "manual", limits: { ...FAST, maxRecords: 6 } });
    expect(atPageEnd).toMatchObject({ status: "partial", stoppedEarly: "record_limit", counts: { fetched: 6 } });
    expect(partner.requests.map((r) => r.path)).toEqual(["/lim/1", "/lim/2"]);

    // Exactly the limit and nothing more: not stopped early.
    const exact = await runImport(source.id, { trigger: "manual", limits: { ...FAST, maxRecords: 7 } });
    expect(exact).toMatchObject({ status: "succeeded", stoppedEarly: null, counts: { fetched: 7, created: 1, unchanged: 6 } });
  });

  it("stops at the time limit while pages keep coming", async () => {
    const event = (await createTestEvent(org.id)).id;
    let page = 0;
    partner.route("/slow-pages", async (_req, res) => {
      await sleep(150);
      page++;
      sendJson(res, { items: [{ email: `slow${page}@example.com` }], next: `/slow-pages?page=${page + 1}` });
    });
    const source = await attendeeSource("/slow-pages", { recordsPath: "items", nextPagePath: "next" }, event);
    const started = Date.now();
    const run = await runImport(source.id, { trigger: "manual", limits: { ...FAST, maxSeconds: 1 } });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(run).toMatchObject({ status: "partial", stoppedEarly: "time_limit", fetchError: null });
    // Several pages were followed before the clock stopped it (how many depends on the
    // machine's load: at least two).
    expect(run.counts.created).toBeGreaterThanOrEqual(2);
    expect(run.counts.created).toBe(run.counts.fetched);
  });

  it("stops at the time limit in the middle of a hanging request", async () => {
    const path = serve(() => {}); // never answers
    const source = await attendeeSource(path);
    const run = await runImport(source.id, { trigger: "manual", limits: { fetchTimeoutMs: 5_000, maxSeconds: 0.5 } });
    expect(run).toMatchObject({ status: "partial", stoppedEarly: "time_limit", fetchError: null, counts: { fetched: 0 } });
  });

  it("fails on a response over the size cap", async () => {
    const path = serve(Array.from({ length: 200 }, (_, i) => ({ email: `big${i}@example.com` })));
    const run = await runImport((await attendeeSource(path)).id, { trigger: "manual", limits: { ...FAST, maxBytes: 1024 } });
    expect(run).toMatchObject({ status: "failed", counts: { fetched: 0 } });
    expect(run.fetchError).toMatch(/is larger than 1 KB\.$/);
  });

  it("fails on a request slower than the per-request timeout", async () => {
    const path = serve(() => {});
    const run = await runImport((await attendeeSource(path)).id, { trigger: "manual", limits: { fetchTimeoutMs: 200, maxSeconds: 5 } });
    expect(run).toMatchObject({ status: "failed", stoppedEarly: null });
    expect(run.fetchError).toContain("timed out after 200 ms");
  });
});

describe("fetch failures fail the run", () => {
  it.each([
    ["a non-JSON content type", (res: import("node:http").ServerResponse) => sendJson(res, "[]", { contentType: "text/html" }), "not JSON"],
    ["malformed JSON", (res: import("node:http").ServerResponse) => sendJson(res, "[{"), "not valid JSON"],
    ["an HTTP 500", (res: import("node:http").ServerResponse) => sendJson(res, {}, { status: 500 }), "answered HTTP 500"],
    ["a redirect to a private address", (res: import("node:http").ServerResponse) => res.writeHead(302, { location: "http://10.0.0.1/" }).end(), "The redirect to http://10.0.0.1/ was refused"],
    ["a redirect to the metadata service", (res: import("node:http").ServerResponse) => res.writeHead(302, { location: "https://169.254.169.254/" }).end(), "link-local"],
  ])("%s", async (_name, handler, expected) => {
    const path = serve((_req: unknown, res: import("node:http").ServerResponse) => handler(res));
    const run = await runImport((await attendeeSource(path)).id, { trigger: "manual", limits: FAST });
    expect(run.status).toBe("failed");
    expect(run.fetchError).toContain(expected);
    expect(run.counts).toEqual({ fetched: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, excluded: 0 });
  });

  it("keeps what earlier pages applied when a later page fails", async () => {
    const event = (await createTestEvent(org.id)).id;
    partner.route("/half/1", (_req, res) => sendJson(res, { items: [{ email: "early@example.com" }], next: "/half/2" }));
    partner.route("/half/2", (_req, res) => sendJson(res, "<html>", { contentType: "text/html" }));
    const run = await runImport((await attendeeSource("/half/1", { recordsPath: "items", nextPagePath: "next" }, event)).id, { trigger: "manual", limits: FAST });
    expect(run).toMatchObject({ status: "failed", counts: { fetched: 1, created: 1 } });
    expect((await guests(event)).map((a) => a.email)).toEqual(["early@example.com"]);
  });

  it("fails without writing when the event is archived", async () => {
    const event = (await createTestEvent(org.id, { status: "archived" })).id;
    const source = await attendeeSource(serve([{ email: "late@example.com" }]), {}, event);
    const run = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(run).toMatchObject({ status: "failed", fetchError: "The event is archived; its guest list is read-only." });
    expect(await guests(event)).toEqual([]);
  });
});

describe("runs of one source never overlap", () => {
  it("refuses a second start while one runs, and frees the source afterwards", async () => {
    const path = serve(async (_req: unknown, res: import("node:http").ServerResponse) => {
      await sleep(300);
      sendJson(res, [{ email: "lease@example.com" }]);
    });
    const source = await attendeeSource(path);
    const results = await Promise.allSettled([
      runImport(source.id, { trigger: "manual", limits: FAST }),
      runImport(source.id, { trigger: "manual", limits: FAST }),
    ]);
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toMatchObject({ code: "CONFLICT", details: { reason: "run_in_progress" } });
    expect((rejected[0].reason as AppError).status).toBe(409);

    const row = await getDb().dataSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.runLeaseUntil).toBeNull();
    expect(await getDb().dataSourceRun.count({ where: { dataSourceId: source.id } })).toBe(1);
  });

  it("a scheduled start during a run is recorded as skipped", async () => {
    const path = serve(async (_req: unknown, res: import("node:http").ServerResponse) => {
      await sleep(300);
      sendJson(res, []);
    });
    const source = await attendeeSource(path);
    const [manual, scheduled] = await Promise.all([
      runImport(source.id, { trigger: "manual", limits: FAST }),
      sleep(50).then(() => runImport(source.id, { trigger: "schedule", limits: FAST })),
    ]);
    expect(manual.status).toBe("succeeded");
    expect(scheduled).toMatchObject({ status: "skipped", trigger: "schedule", skipReason: "run_in_progress" });
  });

  it("takes over a lease left behind by a crashed run once it expires", async () => {
    const source = await attendeeSource(serve([]));
    await getDb().$executeRaw`UPDATE "DataSource" SET "runLeaseUntil" = now() + interval '60 seconds' WHERE id = ${source.id}::uuid`;
    await expectRejects(runImport(source.id, { trigger: "manual", limits: FAST }), "CONFLICT", "run_in_progress");
    await getDb().$executeRaw`UPDATE "DataSource" SET "runLeaseUntil" = now() - interval '1 second' WHERE id = ${source.id}::uuid`;
    expect((await runImport(source.id, { trigger: "manual", limits: FAST })).status).toBe("succeeded");
  });
});

describe("progress", () => {
  it("writes the counts to the run row while the run goes on", async () => {
    const event = (await createTestEvent(org.id)).id;
    let seenMidRun: { status: string; fetched: number; created: number } | null = null;
    partner.route("/progress/1", (_req, res) =>
      sendJson(res, { items: Array.from({ length: 250 }, (_, i) => ({ email: `pr${i}@example.com` })), next: "/progress/2" }),
    );
    partner.route("/progress/2", async (_req, res) => {
      // The run is waiting for this page: what does the console see right now?
      const source = await getDb().dataSource.findFirstOrThrow({ where: { eventId: event } });
      seenMidRun = await getDb().dataSourceRun.findFirstOrThrow({
        where: { dataSourceId: source.id },
        select: { status: true, fetched: true, created: true },
      });
      sendJson(res, { items: [], next: null });
    });
    const run = await runImport((await attendeeSource("/progress/1", { recordsPath: "items", nextPagePath: "next" }, event)).id, {
      trigger: "manual",
      limits: FAST,
    });
    expect(run.counts.created).toBe(250);
    expect(seenMidRun).toEqual({ status: "running", fetched: 250, created: 250 });
  });
});

describe("sessions", () => {
  it("links sessions to source ids, matches tracks by name, updates and leaves unchanged ones alone", async () => {
    const event = (await createTestEvent(org.id)).id;
    const [main] = await addTracks(event, [{ name: "Main Stage" }, { name: "Workshops" }]);
    let feed: unknown[] = [
      { id: "s1", title: "Opening", start: "2027-03-01T09:00", end: "2027-03-01T09:30", kind: "Keynote", track: "main stage ", room: "Hall" },
      { id: 2, title: "Deep dive", start: "2027-03-01T10:00:00Z", end: "2027-03-01T11:00:00Z", kind: "Fireside", track: null },
      { id: "s3", title: "Lost", start: "2027-03-01T12:00", end: "2027-03-01T13:00", track: "Nowhere" },
      { id: "s4", title: "Backwards", start: "2027-03-01T12:00", end: "2027-03-01T11:00" },
      { id: "s5", title: "Bad date", start: "March 1st", end: "2027-03-01T11:00" },
      { title: "No id", start: "2027-03-01T12:00", end: "2027-03-01T13:00" },
    ];
    const path = serve((_req: unknown, res: import("node:http").ServerResponse) => sendJson(res, { sessions: feed }));
    const source = await sessionSource(path, event);

    const t0 = new Date();
    const first = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(first.status).toBe("partial");
    expect(first.counts).toEqual({ fetched: 6, created: 2, updated: 0, unchanged: 0, skipped: 4, excluded: 0 });
    expect(first.recordErrors).toEqual([
      { index: 2, sourceId: "s3", reason: 'track: the event has no track named "Nowhere" (create it in the console first).', field: "track", value: "Nowhere" },
      { index: 3, sourceId: "s4", reason: "endAt: 2027-03-01T10:00:00.000Z is not after startAt 2027-03-01T11:00:00.000Z.", field: "endAt", value: "2027-03-01T10:00:00.000Z" },
      { index: 4, sourceId: "s5", reason: 'startAt: "March 1st" is not an ISO 8601 date such as 2027-03-01T09:30 (set a date format for other layouts).', field: "startAt", value: "March 1st" },
      { index: 5, reason: 'sourceId: no value at "id".', field: "sourceId" },
    ]);

    const links = await getDb().sessionSourceLink.findMany({ where: { dataSourceId: source.id }, orderBy: { externalId: "asc" } });
    expect(links.map((l) => l.externalId)).toEqual(["2", "s1"]);
    const sessions = await getDb().session.findMany({ where: { eventId: event }, orderBy: { startAt: "asc" } });
    expect(sessions.map((s) => [s.title, s.type, s.trackId, s.room, s.startAt.toISOString(), s.endAt.toISOString()])).toEqual([
      // Local times read in the event's zone (Europe/Amsterdam, CET in March).
      ["Opening", "keynote", main.id, "Hall", "2027-03-01T08:00:00.000Z", "2027-03-01T08:30:00.000Z"],
      ["Deep dive", "other", null, null, "2027-03-01T10:00:00.000Z", "2027-03-01T11:00:00.000Z"],
    ]);
    expect(links.find((l) => l.externalId === "s1")!.sessionId).toBe(sessions[0].id);
    expect((await webhookTypes(t0)).sort()).toEqual(["session.created:Deep dive", "session.created:Opening"]);

    // Second pull: Opening renamed, Deep dive identical, Lost now has a real track.
    feed = [
      { ...(feed[0] as object), title: "Grand opening" },
      feed[1],
      { id: "s3", title: "Found", start: "2027-03-01T12:00", end: "2027-03-01T13:00", track: "WORKSHOPS" },
    ];
    const t1 = new Date();
    const second = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(second).toMatchObject({ status: "succeeded", counts: { fetched: 3, created: 1, updated: 1, unchanged: 1, skipped: 0 } });
    expect((await webhookTypes(t1)).sort()).toEqual(["session.created:Found", "session.updated:Grand opening"]);
    const opening = await getDb().session.findUniqueOrThrow({ where: { id: sessions[0].id } });
    expect(opening.title).toBe("Grand opening");
    expect(await getDb().session.count({ where: { eventId: event } })).toBe(3);

    // The organiser deletes an imported session: the next pull brings it back as a new one.
    await getDb().session.delete({ where: { id: sessions[1].id } });
    const third = await runImport(source.id, { trigger: "manual", limits: FAST });
    expect(third.counts).toEqual({ fetched: 3, created: 1, updated: 0, unchanged: 2, skipped: 0, excluded: 0 });
    expect(await getDb().session.count({ where: { eventId: event } })).toBe(3);
  });
});

describe("locked integrations", () => {
  it("refuses a manual run with the spec's reasons and records a skipped scheduled run", async () => {
    const source = await attendeeSource(serve([{ email: "locked@example.com" }]));
    await getDb().organization.update({ where: { id: org.id }, data: { billingPlan: "free" } });
    try {
      await expectRejects(runImport(source.id, { trigger: "manual", limits: FAST }), "PAYMENT_REQUIRED", "payment_required");
      const skipped = await runImport(source.id, { trigger: "schedule", limits: FAST });
      expect(skipped).toMatchObject({ status: "skipped", trigger: "schedule", skipReason: "payment_required", counts: { fetched: 0 } });
      expect(skipped.finishedAt).toBeInstanceOf(Date);

      await getDb().organization.update({ where: { id: org.id }, data: { billingPlan: "card", billingAccountState: "suspended" } });
      await expectRejects(runImport(source.id, { trigger: "manual", limits: FAST }), "PAYMENT_REQUIRED", "billing_suspended");
      await getDb().organization.update({ where: { id: org.id }, data: { billingAccountState: "active", status: "suspended" } });
      await expectRejects(runImport(source.id, { trigger: "manual", limits: FAST }), "FORBIDDEN", "org_suspended");
    } finally {
      await getDb().organization.update({ where: { id: org.id }, data: { billingPlan: "card", billingAccountState: "active", status: "active" } });
    }
    // Nothing was fetched or written by any refused or skipped run.
    expect(partner.requests.some((r) => r.path === source.url.slice(partner.baseUrl.length))).toBe(false);
  });

  it("answers 503 while integrations are switched off platform-wide", async () => {
    const source = await attendeeSource(serve([]));
    await setPlatformIntegrations(false);
    try {
      await expectRejects(runImport(source.id, { trigger: "manual", limits: FAST }), "INTEGRATIONS_DISABLED");
      expect(await runImport(source.id, { trigger: "schedule", limits: FAST })).toMatchObject({ status: "skipped", skipReason: "integrations_disabled" });
    } finally {
      await setPlatformIntegrations(true);
    }
  });
});

describe("tenancy", () => {
  it("answers 404 for another organization's source and for ids that are not ids", async () => {
    const other = await createTestOrg();
    const source = await attendeeSource(serve([]));
    await expectRejects(runImport(source.id, { trigger: "manual", orgId: other.id }), "NOT_FOUND");
    await expectRejects(runImport("not-a-uuid", { trigger: "manual" }), "NOT_FOUND");
    await expectRejects(runImport("00000000-0000-4000-8000-000000000000", { trigger: "manual" }), "NOT_FOUND");
  });
});
