import { beforeAll, describe, expect, it } from "vitest";
import { BADGE_CODE_ATTEMPTS } from "@/lib/domain/badges/assign-badge-code";
import { generateBadgeCode, isValidBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import type { AttendeeResource } from "@/lib/domain/resources/resources";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import type { Tx } from "./attendee-sql";
import { createAttendee } from "./create-attendee";
import { updateAttendee } from "./update-attendee";
import { upsertAttendeeByEmail } from "./upsert-attendee";
import { upsertAttendeesByEmail, type UpsertResult } from "./upsert-attendees";

// The batch create-or-update against the single-record one it replaces in the importer:
// the same outcomes, stored rows and outbox events for the same records, in a fixed
// number of statements per batch, and safe when two batches race on PostgreSQL.

let org: Awaited<ReturnType<typeof createTestOrg>>;

beforeAll(async () => {
  org = await createTestOrg();
});

const newEvent = async (status: "draft" | "published" | "archived" = "published") => (await createTestEvent(org.id, { status })).id;

/** The per-record path: each record through upsertAttendeeByEmail, a refusal of the record reported like the batch does. */
async function viaSingle(eventId: string, records: unknown[]) {
  const results: ({ outcome: string; attendee: AttendeeResource } | { outcome: "invalid"; error: AppError })[] = [];
  for (const record of records) {
    try {
      results.push(await upsertAttendeeByEmail(org.id, eventId, record));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "INVALID_INPUT") throw error;
      results.push({ outcome: "invalid", error });
    }
  }
  return results;
}

/**
 * Ids, badge codes and timestamps differ between two events by nature: ids and codes are
 * replaced by labels in order of first appearance (so "the same attendee" still shows),
 * timestamps are dropped (their rules are checked on their own below).
 */
function labeller() {
  const labels = new Map<string, string>();
  const label = (kind: string, value: string) => {
    if (!labels.has(value)) labels.set(value, `${kind}#${[...labels.keys()].filter((key) => labels.get(key)!.startsWith(kind)).length}`);
    return labels.get(value)!;
  };
  return (attendee: Record<string, unknown>) => {
    const { id, eventId: _eventId, badgeCode, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = attendee;
    expect(isValidBadgeCode(badgeCode as string)).toBe(true);
    return { ...rest, id: label("attendee", id as string), badgeCode: label("badge", badgeCode as string) };
  };
}

type AnyResult = { outcome: string; attendee?: AttendeeResource; error?: AppError };

/** Outcomes, stored rows and outbox events of one event, comparable across events. */
async function observe(eventId: string, results: AnyResult[]) {
  const normalize = labeller();
  const outcomes = results.map((result) =>
    result.outcome === "invalid" ? { outcome: "invalid", details: result.error!.details } : { outcome: result.outcome, attendee: normalize(result.attendee!) },
  );
  const stored = await getDb().attendee.findMany({
    where: { eventId },
    select: { id: true, eventId: true, email: true, displayName: true, company: true, jobTitle: true, status: true, badgeCode: true, createdAt: true, updatedAt: true },
    orderBy: { email: "asc" },
  });
  const events = (await getDb().webhookEvent.findMany({ where: { orgId: org.id } }))
    .filter((event) => (event.data as { eventId?: string }).eventId === eventId)
    .map((event) => JSON.stringify({ type: event.type, data: normalize(event.data as Record<string, unknown>) }))
    .sort();
  return { outcomes, stored: stored.map(normalize), events };
}

const ada = "ada@example.com";
const grace = "grace@example.com";

// [name, records stored beforehand (through the single-record path), the batch, expected outcomes]
const CASES: [string, unknown[], unknown[], string[]][] = [
  ["a new address", [], [{ email: ada, company: "Analytical" }], ["created"]],
  ["the displayName defaults from the address, blank texts are null", [], [{ email: "Ada.L+x@example.com", company: " ", jobTitle: "" }], ["created"]],
  ["a record identical to the stored attendee", [{ email: ada, displayName: "Ada", company: "Acme" }], [{ email: ada, displayName: "Ada", company: "Acme" }], ["unchanged"]],
  ["identical once trimmed, matched in another letter case", [{ email: ada, displayName: "Ada" }], [{ email: "ADA@Example.com", displayName: "  Ada  " }], ["unchanged"]],
  ["a field that differs; fields left out keep their value", [{ email: ada, displayName: "Ada", company: "Acme", jobTitle: "CTO" }], [{ email: ada, company: "Babbage" }], ["updated"]],
  ["null and blank clear", [{ email: ada, company: "Acme", jobTitle: "CTO" }], [{ email: ada, company: null, jobTitle: "  " }], ["updated"]],
  [
    "invalid records among valid ones",
    [],
    [{ email: "not an email" }, { email: ada }, { email: grace, displayName: "x".repeat(201) }, { email: grace, status: "active" }, null, [], "text", { email: grace }],
    ["invalid", "created", "invalid", "invalid", "invalid", "invalid", "invalid", "created"],
  ],
  ["the same new address twice, in another case", [], [{ email: ada, displayName: "First" }, { email: "ADA@example.com", displayName: "Second" }], ["created", "updated"]],
  ["the same new address repeated as is", [], [{ email: ada, company: "A" }, { email: ada, company: "A" }, { email: ada }], ["created", "unchanged", "unchanged"]],
  ["a stored address changed and changed back", [{ email: ada, displayName: "Second" }], [{ email: ada, displayName: "Third" }, { email: ada, displayName: "Second" }], ["updated", "updated"]],
  ["a stored address repeated with no change", [{ email: ada, displayName: "Ada" }], [{ email: ada, displayName: "Ada" }, { email: "Ada@example.com" }], ["unchanged", "unchanged"]],
  [
    "a mixed batch: new, stored, repeated, different fields",
    [{ email: grace, displayName: "Grace", company: "Navy" }],
    [{ email: ada }, { email: grace, jobTitle: "Rear Admiral" }, { email: "linus@example.com", company: "Linux" }, { email: "GRACE@example.com", company: "Yale" }, { email: ada, displayName: "Ada L." }],
    ["created", "updated", "created", "updated", "updated"],
  ],
];

describe("upsertAttendeesByEmail ≡ upsertAttendeeByEmail record by record", () => {
  it.each(CASES)("%s", async (_name, before, batch, expected) => {
    const [single, batched] = [await newEvent(), await newEvent()];
    await viaSingle(single, before);
    await viaSingle(batched, before);

    const one = await observe(single, await viaSingle(single, batch));
    const many = await observe(batched, await upsertAttendeesByEmail(org.id, batched, batch));
    expect(one.outcomes.map((outcome) => outcome.outcome)).toEqual(expected);
    expect(many).toEqual(one);
  });

  it("stores the rows and outbox events the API's own create and PATCH store", async () => {
    const [viaApi, viaBatch] = [await newEvent(), await newEvent()];
    const started = new Date();
    const created = await createAttendee(org.id, viaApi, { email: ada, displayName: " Ada ", company: "Acme", jobTitle: "" }, null);
    await updateAttendee(org.id, viaApi, created.id, { company: null, jobTitle: "CTO" }, null);
    await upsertAttendeesByEmail(org.id, viaBatch, [{ email: ada, displayName: " Ada ", company: "Acme", jobTitle: "" }]);
    await upsertAttendeesByEmail(org.id, viaBatch, [{ email: ada, company: null, jobTitle: "CTO" }]);
    const finished = new Date();

    const snapshot = async (eventId: string) => {
      const normalize = labeller();
      const [attendee] = await getDb().attendee.findMany({ where: { eventId }, omit: { qrToken: true } });
      const events = (await getDb().webhookEvent.findMany({ where: { orgId: org.id }, orderBy: { createdAt: "asc" } }))
        .filter((event) => (event.data as { eventId?: string }).eventId === eventId)
        .map(({ id, createdAt, dispatchedAt: _fanOut, data, ...rest }) => {
          expect(id).toMatch(/^[0-9a-f-]{36}$/);
          expect(createdAt.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1);
          expect(createdAt.getTime()).toBeLessThanOrEqual(finished.getTime() + 1);
          return { ...rest, data: normalize(data as Record<string, unknown>) };
        });
      expect(attendee.updatedAt.getTime()).toBeGreaterThan(attendee.createdAt.getTime());
      return { attendee: { ...normalize(attendee as unknown as Record<string, unknown>) }, events };
    };
    const api = await snapshot(viaApi);
    expect(api.events.map((event) => event.type)).toEqual(["attendee.created", "attendee.updated"]);
    expect(await snapshot(viaBatch)).toEqual(api);
  });

  it("reports each invalid record with the API's INVALID_INPUT error and a one-line reason", async () => {
    const results = await upsertAttendeesByEmail(org.id, await newEvent(), [{ email: "not an email" }, { email: ada, jobtitle: "CTO" }, { email: ada, displayName: "x".repeat(201) }]);
    expect(results.map((result) => (result.outcome === "invalid" ? result.reason : result.outcome))).toEqual([
      "email must be an email address (no spaces, ASCII only).",
      expect.stringMatching(/^jobtitle: Unknown field "jobtitle"/),
      "displayName must be at most 200 characters.",
    ]);
    const [first] = results as Extract<UpsertResult, { outcome: "invalid" }>[];
    expect(first.error).toMatchObject({ code: "INVALID_INPUT", details: { reason: "invalid_body", fields: { email: expect.any(Object) } } });
  });

  it("moves updatedAt only on a real change, strictly forward, and never createdAt", async () => {
    const event = await newEvent();
    const [created] = await upsertAttendeesByEmail(org.id, event, [{ email: ada, company: "A" }]);
    const [unchanged, updated] = await upsertAttendeesByEmail(org.id, event, [{ email: ada, company: "A" }, { email: ada, company: "B" }]);
    if (created.outcome === "invalid" || unchanged.outcome === "invalid" || updated.outcome === "invalid") throw new Error("valid records");
    expect(created.attendee.updatedAt).toBe(created.attendee.createdAt);
    expect(unchanged.attendee).toEqual(created.attendee);
    expect(updated.attendee.createdAt).toBe(created.attendee.createdAt);
    expect(Date.parse(updated.attendee.updatedAt)).toBeGreaterThan(Date.parse(created.attendee.updatedAt));
    const row = await getDb().attendee.findUniqueOrThrow({ where: { id: created.attendee.id } });
    expect(row.updatedAt.toISOString()).toBe(updated.attendee.updatedAt);
  });

  it("refuses an archived event (409) and another organization's (404) as the single record does, writing nothing", async () => {
    const archived = await newEvent("archived");
    const foreign = (await createTestEvent((await createTestOrg()).id)).id;
    const outbox = () => getDb().webhookEvent.count({ where: { orgId: org.id } });
    const start = await outbox();
    for (const [event, code, reason] of [[archived, "CONFLICT", "event_archived"], [foreign, "NOT_FOUND", undefined]] as const) {
      for (const attempt of [
        () => upsertAttendeesByEmail(org.id, event, [{ email: "bad" }, { email: ada }]),
        () => upsertAttendeeByEmail(org.id, event, { email: ada }),
      ]) {
        const error = await attempt().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ code, ...(reason ? { details: { reason } } : {}) });
      }
      expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(0);
      // Validation comes first, as for a single record: a batch of invalid records only is answered.
      expect((await upsertAttendeesByEmail(org.id, event, [{ email: "bad" }]))[0].outcome).toBe("invalid");
    }
    expect(await upsertAttendeesByEmail(org.id, archived, [])).toEqual([]);
    expect(await outbox()).toBe(start);
  });

  it("in the caller's transaction: a rollback takes the rows and their outbox events with it", async () => {
    const event = await newEvent();
    const outbox = () => getDb().webhookEvent.count({ where: { orgId: org.id } });
    const start = await outbox();
    const failure = await getDb()
      .$transaction(async (tx) => {
        const results = await upsertAttendeesByEmail(org.id, event, [{ email: ada }, { email: grace }], { tx });
        expect(results.map((result) => result.outcome)).toEqual(["created", "created"]);
        throw new Error("importer gave up");
      })
      .catch((e: unknown) => e);
    expect((failure as Error).message).toBe("importer gave up");
    expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(0);
    expect(await outbox()).toBe(start);
  });
});

describe("statements per batch", () => {
  /** Runs the batch in a transaction whose client counts the statements sent through it. */
  async function countStatements(eventId: string, records: unknown[]) {
    let statements = 0;
    const results = await getDb().$transaction(async (tx) => {
      const counting = new Proxy(tx, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (property === "$queryRaw" || property === "$executeRaw") {
            return (...args: unknown[]) => (statements++, (value as (...a: unknown[]) => unknown).apply(target, args));
          }
          if (property === "webhookEvent") {
            return new Proxy(value as object, {
              get: (delegate, method) => (statements++, Reflect.get(delegate, method)),
            });
          }
          return value;
        },
      }) as Tx;
      return upsertAttendeesByEmail(org.id, eventId, records, { tx: counting });
    });
    return { statements, results };
  }

  it("is the same handful for 3 records as for 300: lock, read, insert, update, outbox", async () => {
    for (const size of [3, 300]) {
      const event = await newEvent();
      const emails = Array.from({ length: size }, (_, i) => `guest${i}@example.com`);
      const created = await countStatements(event, emails.map((email) => ({ email })));
      expect(created.results.every((result) => result.outcome === "created")).toBe(true);
      expect(created.statements).toBe(4); // event lock, locking read, INSERT, outbox insert
      const mixed = await countStatements(event, [...emails.map((email, i) => ({ email, company: i % 2 ? "Changed" : undefined })), { email: `new-${size}@example.com` }]);
      expect(mixed.results.filter((result) => result.outcome === "updated")).toHaveLength(Math.floor(size / 2));
      expect(mixed.statements).toBe(5); // + one UPDATE for every changed row
      const unchanged = await countStatements(event, emails.map((email) => ({ email })));
      expect(unchanged.results.every((result) => result.outcome === "unchanged")).toBe(true);
      expect(unchanged.statements).toBe(2); // event lock and locking read: nothing written
    }
  });
});

describe("badge codes", () => {
  /** A generator that hands out `codes` in order, then random ones; counts its calls. */
  function scripted(codes: string[]) {
    const queue = [...codes];
    const generator = () => {
      generator.calls++;
      return queue.shift() ?? generateBadgeCode();
    };
    generator.calls = 0;
    return generator;
  }

  it("retries only the rows whose code was taken (on the event or earlier in the same statement)", async () => {
    const event = await newEvent();
    const [taken] = await upsertAttendeesByEmail(org.id, event, [{ email: "holder@example.com" }]);
    if (taken.outcome === "invalid") throw new Error("valid record");
    const held = taken.attendee.badgeCode;
    const fresh = Array.from({ length: 6 }, () => generateBadgeCode()).filter((code) => code !== held);
    // Round 1: a gets the held code, b and c the same new one (c loses to b), d a free one.
    const generator = scripted([held, fresh[0], fresh[0], fresh[1], fresh[2], fresh[3]]);
    const outbox = () => getDb().webhookEvent.count({ where: { orgId: org.id, type: "attendee.created" } });
    const start = await outbox();
    const results = await upsertAttendeesByEmail(org.id, event, ["a", "b", "c", "d"].map((name) => ({ email: `${name}@example.com` })), {
      generateBadgeCode: generator,
    });
    expect(results.map((result) => result.outcome)).toEqual(["created", "created", "created", "created"]);
    const codes = results.map((result) => (result.outcome === "invalid" ? "" : result.attendee.badgeCode));
    // Rows are inserted in address order; round 2 gives a and c the next codes, in that order.
    expect(codes).toEqual([fresh[2], fresh[0], fresh[3], fresh[1]]);
    expect(generator.calls).toBe(6);
    expect(await outbox()).toBe(start + 4);
    expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(5);
  });

  it(`gives up after ${BADGE_CODE_ATTEMPTS} attempts with INTERNAL, writing nothing`, async () => {
    const event = await newEvent();
    const [taken] = await upsertAttendeesByEmail(org.id, event, [{ email: "holder@example.com" }]);
    if (taken.outcome === "invalid") throw new Error("valid record");
    const always = scripted(Array.from({ length: 50 }, () => taken.attendee.badgeCode));
    const error = await upsertAttendeesByEmail(org.id, event, [{ email: ada }, { email: "holder@example.com", company: "X" }], {
      generateBadgeCode: always,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "INTERNAL", message: "Could not assign a unique badge code. Retry the request." });
    expect(always.calls).toBe(BADGE_CODE_ATTEMPTS);
    const rows = await getDb().attendee.findMany({ where: { eventId: event } });
    expect(rows.map((row) => [row.email, row.company])).toEqual([["holder@example.com", null]]);
  });
});

describe("two batches at once", () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL);

  it.runIf(onPostgres)("a batch meeting addresses another transaction is inserting waits for it, then updates those attendees", async () => {
    const event = await newEvent();
    const email = (i: number) => `wait${i}@example.com`;
    let inserted!: (pid: number) => void;
    const insertedPid = new Promise<number>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = getDb().$transaction(async (tx) => {
      const results = await upsertAttendeesByEmail(org.id, event, Array.from({ length: 10 }, (_, i) => ({ email: email(i), company: "First" })), { tx });
      inserted((await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0].pid);
      await held; // hold the uncommitted rows until the second batch waits on them
      return results;
    }, { timeout: 20_000 });

    const pid = await insertedPid;
    const second = upsertAttendeesByEmail(org.id, event, Array.from({ length: 10 }, (_, i) => ({ email: email(i + 5).toUpperCase(), company: "Second" })));
    for (let waited = 0; ; waited += 20) {
      const [{ blocked }] = await getDb().$queryRaw<{ blocked: number }[]>`
        SELECT count(*)::int AS blocked FROM pg_stat_activity WHERE ${pid}::int = ANY(pg_blocking_pids(pid))`;
      if (blocked > 0) break;
      if (waited > 10_000) throw new Error("the second batch never waited for the first");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    const [resultsFirst, resultsSecond] = await Promise.all([first, second]);

    expect(resultsFirst.map((result) => result.outcome)).toEqual(Array(10).fill("created"));
    expect(resultsSecond.map((result) => result.outcome)).toEqual([...Array(5).fill("updated"), ...Array(5).fill("created")]);
    // One row per address, spelled as its first writer gave it, with the last writer's company.
    const rows = await getDb().attendee.findMany({ where: { eventId: event } });
    const stored = rows.map((row) => [row.email, row.company]).sort((a, b) => a[0]!.localeCompare(b[0]!, "en", { numeric: true }));
    expect(stored).toEqual(
      Array.from({ length: 15 }, (_, i) => [i < 10 ? email(i) : email(i).toUpperCase(), i < 5 ? "First" : "Second"]).sort((a, b) =>
        a[0].localeCompare(b[0], "en", { numeric: true }),
      ),
    );
    const outbox = (await getDb().webhookEvent.findMany({ where: { orgId: org.id } })).filter((row) => (row.data as { eventId?: string }).eventId === event);
    expect(outbox.map((row) => row.type).sort()).toEqual([...Array(15).fill("attendee.created"), ...Array(5).fill("attendee.updated")]);
  });

  it("new addresses in opposite orders: they queue, never deadlock, and each address is created once", async () => {
    for (let round = 0; round < 5; round++) {
      const event = await newEvent();
      const emails = Array.from({ length: 200 }, (_, i) => `order${i}@example.com`);
      const [forward, backward] = await Promise.all([
        upsertAttendeesByEmail(org.id, event, emails.map((email) => ({ email }))),
        upsertAttendeesByEmail(org.id, event, [...emails].reverse().map((email) => ({ email: email.toUpperCase() }))),
      ]);
      expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(200);
      expect([...forward, ...backward].filter((result) => result.outcome === "created")).toHaveLength(200);
      expect([...forward, ...backward].filter((result) => result.outcome === "unchanged")).toHaveLength(200);
    }
  });

  it("overlapping addresses: one attendee each, every change kept, one created event each", async () => {
    const event = await newEvent();
    const email = (i: number) => `race${i}@example.com`;
    // race0..9 exist; batch A: 0..39 with a job title, batch B: 20..59 (in capitals) and 0..9 with a company.
    await upsertAttendeesByEmail(org.id, event, Array.from({ length: 10 }, (_, i) => ({ email: email(i) })));
    const a = Array.from({ length: 40 }, (_, i) => ({ email: email(i), jobTitle: "From A" }));
    const b = [
      ...Array.from({ length: 40 }, (_, i) => ({ email: email(59 - i).toUpperCase(), company: "From B" })),
      ...Array.from({ length: 10 }, (_, i) => ({ email: email(i), company: "From B" })),
    ];
    const [resultsA, resultsB] = await Promise.all([upsertAttendeesByEmail(org.id, event, a), upsertAttendeesByEmail(org.id, event, b)]);

    const rows = await getDb().attendee.findMany({ where: { eventId: event } });
    expect(rows).toHaveLength(60);
    const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
    for (let i = 0; i < 60; i++) {
      const row = byEmail.get(email(i))!;
      // Neither batch's change was lost where it wrote: A's job title on 0..39, B's company on 0..9 and 20..59.
      expect([row.jobTitle, row.company]).toEqual([i < 40 ? "From A" : null, i < 10 || i >= 20 ? "From B" : null]);
    }
    const outcomes = [...resultsA, ...resultsB].map((result) => result.outcome);
    expect(outcomes.filter((outcome) => outcome === "created")).toHaveLength(50);
    const outbox = (await getDb().webhookEvent.findMany({ where: { orgId: org.id } })).filter(
      (row) => (row.data as { eventId?: string }).eventId === event,
    );
    expect(outbox.filter((row) => row.type === "attendee.created")).toHaveLength(60); // 10 beforehand + 50
    expect(outbox.filter((row) => row.type === "attendee.updated")).toHaveLength(outcomes.filter((outcome) => outcome === "updated").length);
    // The overlap 20..39 was created by one batch and updated by the other.
    for (let i = 20; i < 40; i++) {
      const fromA = resultsA[i];
      const fromB = resultsB[59 - i];
      expect([fromA.outcome, fromB.outcome].sort()).toEqual(["created", "updated"]);
    }
  });
});
