import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/db/client";
import { formatBadgeCode } from "@/lib/domain/badges/badge-code";
import { PartnerClient } from "@/lib/partner-sdk/src";
import { bearer, createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { attendeePageRead } from "./attendees";

// GET /events/{eventId}/attendees?badgeCode=… and ?email=…, over real HTTP and through the
// SDK: normalisation, zero-or-one answers, tenancy, bad values, and the plan (an index
// lookup on the unique keys, not a scan of the event's guests).

let server: RouteServer;
let orgId: string;
let secret: string;
let eventId: string;
let otherEventId: string;
let attendees: Awaited<ReturnType<typeof createTestAttendees>>;

const list = async (query: string, event = eventId, key = secret) => {
  const response = await fetch(`${server.baseUrl}/partner/v1/events/${event}/attendees?${query}`, { headers: bearer(key) });
  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  server = await startRouteServer();
  orgId = (await createTestOrg()).id;
  secret = (await createTestKey(orgId)).secret;
  eventId = (await createTestEvent(orgId)).id;
  otherEventId = (await createTestEvent(orgId)).id;
  attendees = await createTestAttendees(eventId, 40);
  await createTestAttendees(otherEventId, 3);
});
afterAll(() => server.close());

describe("badgeCode lookup", () => {
  it.each([
    ["as stored", (code: string) => code],
    ["grouped with a dash", (code: string) => formatBadgeCode(code)],
    ["lower case", (code: string) => code.toLowerCase()],
    ["with a space", (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`],
    ["with surrounding spaces and dashes", (code: string) => ` -${formatBadgeCode(code).toLowerCase()}- `],
  ])("finds the one attendee for a code typed %s", async (_name, typed) => {
    const target = attendees[17];
    const { status, body } = await list(new URLSearchParams({ badgeCode: typed(target.badgeCode) }).toString());
    expect(status).toBe(200);
    expect(body.data.map((a: { id: string }) => a.id)).toEqual([target.id]);
    expect(body.data[0].badgeCode).toBe(target.badgeCode);
    expect(body.meta.nextCursor).toBeNull();
  });

  it("answers an empty list for a code no attendee of this event has (another event's included)", async () => {
    const [foreign] = await getDb().attendee.findMany({ where: { eventId: otherEventId }, take: 1 });
    expect((await list(`badgeCode=${foreign.badgeCode}`)).body).toEqual({ data: [], meta: { nextCursor: null } });
    expect((await list("badgeCode=222222")).body.data).toEqual([]);
  });

  it.each(["ABC", "ABCDEFG", "AB$DEF", "x".repeat(40)])("refuses %j with 400 and says what a badge code is", async (typed) => {
    const { status, body } = await list(new URLSearchParams({ badgeCode: typed }).toString());
    expect(status).toBe(400);
    expect(body.error.code).toBe("INVALID_INPUT");
    expect(body.error.details.fields.badgeCode.message).toMatch(/six letters and digits/);
  });
});

describe("email lookup", () => {
  it("matches case-insensitively and otherwise exactly", async () => {
    const target = attendees[5];
    expect((await list(`email=${encodeURIComponent(target.email.toUpperCase())}`)).body.data.map((a: { id: string }) => a.id)).toEqual([target.id]);
    expect((await list(`email=${encodeURIComponent(`x${target.email}`)}`)).body.data).toEqual([]);
    expect((await list(`email=${encodeURIComponent(target.email.replace("@", "+1@"))}`)).body.data).toEqual([]);
  });

  it("refuses a value that is not an address", async () => {
    const { status, body } = await list("email=not-an-address");
    expect(status).toBe(400);
    expect(body.error.details.fields.email.message).toMatch(/email must be an email address/);
  });

  it("combines with badgeCode and status (all must match)", async () => {
    const target = attendees[9];
    expect((await list(`email=${encodeURIComponent(target.email)}&badgeCode=${target.badgeCode}`)).body.data).toHaveLength(1);
    expect((await list(`email=${encodeURIComponent(target.email)}&badgeCode=${attendees[10].badgeCode}`)).body.data).toHaveLength(0);
    expect((await list(`email=${encodeURIComponent(target.email)}&status=revoked`)).body.data).toHaveLength(0);
  });
});

describe("tenancy and the SDK", () => {
  it("another organization's key gets 404 for the event, whatever it looks up", async () => {
    const other = await createTestOrg();
    const otherSecret = (await createTestKey(other.id)).secret;
    const { status, body } = await list(`badgeCode=${attendees[0].badgeCode}`, eventId, otherSecret);
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
  });

  it("attendees.findByBadgeCode / findByEmail return the attendee or null", async () => {
    const client = new PartnerClient({ baseUrl: `${server.baseUrl}/partner/v1`, apiKey: secret });
    const target = attendees[3];
    expect((await client.attendees.findByBadgeCode(eventId, formatBadgeCode(target.badgeCode).toLowerCase()))?.id).toBe(target.id);
    expect((await client.attendees.findByEmail(eventId, target.email.toUpperCase()))?.id).toBe(target.id);
    expect(await client.attendees.findByEmail(eventId, "nobody@example.com")).toBeNull();
  });
});

describe("the plan", () => {
  it.each([
    ["badgeCode", { badgeCode: "222222" }, "Attendee_eventId_badgeCode_key"],
    ["email", { email: "someone@example.com" }, "Attendee_eventId_email_key"],
  ])("looks %s up through its unique index", async (_name, filter, index) => {
    // A test table fits in a page or two, where a sequential scan is cheapest; switched off,
    // the planner shows the index it would use on a real guest list.
    await getDb().$executeRawUnsafe(`ANALYZE "Attendee"`);
    const read = attendeePageRead(eventId, { limit: 50, ...filter });
    const rows = await getDb().$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${read.sql(Prisma.sql`${orgId}::uuid`)}`);
    });
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan, plan).toContain(index);
  });
});
