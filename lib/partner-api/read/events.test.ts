import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { bearer, createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { runKeyBoundRead } from "../key-bound-read";
import { toEvent } from "@/lib/domain/resources/projections";
import { eventListRead, eventRead } from "./events";

// Events are serialized by PostgreSQL (to_json in toEvent's field order), read inside the
// key's statement. The events list's cursor is bound to the key's organization, which is
// known only after that statement: its signature is checked afterwards, and a cursor's
// values are checked for their columns' types before they reach the statement.

let server: RouteServer;
const get = (path: string, secret: string) => fetch(`${server.baseUrl}/partner/v1${path}`, { headers: bearer(secret) });

beforeAll(async () => {
  server = await startRouteServer();
});
afterAll(async () => server.close());

async function expectInvalidCursor(response: Response) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(body.error.code).toBe("INVALID_CURSOR");
  expect(body.error.details.reason).toBe("invalid_cursor");
}

const cursorWith = (position: unknown, signature = "AAAAAAAAAAAAAAAAAAAAAA") =>
  `${Buffer.from(JSON.stringify(position)).toString("base64url")}.${signature}`;

describe("events as PostgreSQL's JSON", () => {
  it("one event and a page are byte for byte JSON.stringify of toEvent", async () => {
    const org = await createTestOrg();
    const awkward = await createTestEvent(org.id, {
      name: 'Quote " backslash \\ line\nbreak \u2028 emoji 🎟️',
      description: "Control \u0001 and tab\t, CJK 会议",
      location: "",
      status: "draft",
      startAt: new Date("2027-01-01T00:00:00.001Z"),
    });
    const plain = await createTestEvent(org.id, { status: "archived" });
    const [rowA, rowB] = await Promise.all([awkward, plain].map((e) => getDb().event.findUniqueOrThrow({ where: { id: e.id } })));

    expect((await runKeyBoundRead(eventRead(awkward.id), org.id)).text).toBe(JSON.stringify({ data: toEvent(rowA) }));
    const newestFirst = [rowA, rowB].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (y.id < x.id ? -1 : 1));
    expect((await runKeyBoundRead(eventListRead({ limit: 50 }), org.id)).text).toBe(
      JSON.stringify({ data: newestFirst.map(toEvent), meta: { nextCursor: null } }),
    );
    expect((await runKeyBoundRead(eventListRead({ limit: 50, status: "archived" }), org.id)).text).toBe(
      JSON.stringify({ data: [toEvent(rowB)], meta: { nextCursor: null } }),
    );
  });

  it("another organization's event is a 404", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const other = await createTestOrg();
    await expect(runKeyBoundRead(eventRead(event.id), other.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the events list's cursor", () => {
  it("pages newest first to the end; its cursor is refused by another organization's key and another filter", async () => {
    const org = await createTestOrg();
    const secret = (await createTestKey(org.id)).secret;
    const created = [];
    for (let index = 0; index < 5; index++) created.push(await createTestEvent(org.id));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/events?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, secret);
      const body = (await response.json()) as { data: { id: string }[]; meta: { nextCursor: string | null } };
      expect(response.status).toBe(200);
      seen.push(...body.data.map((event) => event.id));
      if (body.meta.nextCursor) cursor = body.meta.nextCursor;
      else break;
    } while (seen.length < 10);
    expect(seen).toEqual(created.map((event) => event.id).reverse());

    const first = (await (await get("/events?limit=1", secret)).json()) as { meta: { nextCursor: string } };
    const otherOrg = await createTestOrg();
    await createTestEvent(otherOrg.id);
    const otherSecret = (await createTestKey(otherOrg.id)).secret;
    const genuine = encodeURIComponent(first.meta.nextCursor);
    expect((await get(`/events?cursor=${genuine}`, secret)).status).toBe(200);
    await expectInvalidCursor(await get(`/events?cursor=${genuine}`, otherSecret));
    await expectInvalidCursor(await get(`/events?status=draft&cursor=${genuine}`, secret));
    const [payload, signature] = first.meta.nextCursor.split(".");
    const flipped = (signature.startsWith("A") ? "B" : "A") + signature.slice(1);
    await expectInvalidCursor(await get(`/events?cursor=${payload}.${flipped}`, secret));
  });

  it.each([
    ["a date that does not exist", ["2026-02-30T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"]],
    ["not a date", ["yesterday", "00000000-0000-4000-8000-000000000000"]],
    ["a year PostgreSQL refuses", ["+300000-01-01T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"]],
    ["not a uuid", ["2026-01-01T00:00:00.000Z", "x'; DROP TABLE \"Event\"; --"]],
    ["numbers", [1, 2]],
    ["a NUL character", ["2026-01-01T00:00:00.000Z\u0000", "00000000-0000-4000-8000-000000000000"]],
    ["too few values", ["2026-01-01T00:00:00.000Z"]],
    ["an object", { createdAt: "2026-01-01T00:00:00.000Z" }],
  ])("a forged cursor holding %s is INVALID_CURSOR, on the events list and on an attendee page", async (_name, position) => {
    const org = await createTestOrg();
    const secret = (await createTestKey(org.id)).secret;
    const event = await createTestEvent(org.id);
    await createTestAttendees(event.id, 2, {});
    const forged = encodeURIComponent(cursorWith(position));
    await expectInvalidCursor(await get(`/events?cursor=${forged}`, secret));
    await expectInvalidCursor(await get(`/events/${event.id}/attendees?cursor=${forged}`, secret));
  });
});
