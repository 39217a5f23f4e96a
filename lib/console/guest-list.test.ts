import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { GUEST_PAGE_SIZE, listGuests } from "./guest-list";

// The guest list at the demo seed's size (100,000 attendees in one event): keyset pages
// walk in order without gaps or repeats, filters apply, and the plans are index-backed
// (no sort of the whole list) however deep the page.

const SIZE = 100_000;
let eventId: string;

beforeAll(async () => {
  const org = await createTestOrg();
  eventId = (await createTestEvent(org.id)).id;
  // createdAt strictly increasing, every 10th revoked, every 7th at "Acme". In batches of
  // 10,000: each statement stays well inside the app pool's statement and reply timeouts.
  const BATCH = 10_000;
  for (let from = 1; from <= SIZE; from += BATCH) {
    const to = Math.min(SIZE, from + BATCH - 1);
    await getDb().$executeRaw`
      INSERT INTO "Attendee" (id, "eventId", "displayName", email, company, status, "badgeCode", "qrToken", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), ${eventId}::uuid, 'Guest ' || i, 'guest' || i || '@example.com',
             CASE WHEN i % 7 = 0 THEN 'Acme' ELSE NULL END,
             (CASE WHEN i % 10 = 0 THEN 'revoked' ELSE 'invited' END)::"AttendeeStatus",
             upper(lpad(to_hex(i), 6, '0')), 'qr-' || ${eventId} || '-' || i,
             timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
      FROM generate_series(${from}::int, ${to}::int) AS i`;
  }
  await getDb().$executeRaw`ANALYZE "Attendee"`;
}, 120_000);

async function plan(sql: Prisma.Sql): Promise<string> {
  const rows = await getDb().$queryRaw<{ "QUERY PLAN": string }[]>`EXPLAIN ${sql}`;
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe("listGuests at 100,000 attendees", () => {
  it("pages in creation order with no gap or repeat", async () => {
    const first = await listGuests(eventId, {});
    expect(first.rows).toHaveLength(GUEST_PAGE_SIZE);
    expect(first.rows[0].displayName).toBe("Guest 1");
    const second = await listGuests(eventId, { after: first.next! });
    expect(second.rows[0].displayName).toBe(`Guest ${GUEST_PAGE_SIZE + 1}`);
    const deep = await listGuests(eventId, { after: `${new Date(Date.parse("2026-01-01T00:00:00Z") + 99_990_000).toISOString()}|ffffffff-ffff-ffff-ffff-ffffffffffff` });
    expect(deep.rows.map((r) => r.displayName)).toEqual(Array.from({ length: 10 }, (_, i) => `Guest ${99_991 + i}`));
    expect(deep.next).toBeNull();
  });

  it("filters by status and by name, email or company (case-insensitive, % and _ taken literally)", async () => {
    const revoked = await listGuests(eventId, { status: "revoked" });
    expect(revoked.rows.every((r) => r.status === "revoked")).toBe(true);
    expect(revoked.rows[0].displayName).toBe("Guest 10");
    expect((await listGuests(eventId, { q: "GUEST12345@" })).rows.map((r) => r.displayName)).toEqual(["Guest 12345"]);
    expect((await listGuests(eventId, { q: "acme" })).rows[0].displayName).toBe("Guest 7");
    expect((await listGuests(eventId, { q: "%" })).rows).toEqual([]);
    expect((await listGuests(eventId, { status: "bogus" })).rows).toHaveLength(GUEST_PAGE_SIZE);
  });

  it("a search with control characters (?q=%00) searches for what is left instead of failing", async () => {
    expect((await listGuests(eventId, { q: "Guest 12345\u0000" })).rows.map((r) => r.displayName)).toEqual(["Guest 12345"]);
    expect((await listGuests(eventId, { q: "\u0000" })).rows).toHaveLength(GUEST_PAGE_SIZE);
    expect((await listGuests(eventId, { q: "guest12345@\u0000" })).rows.map((r) => r.displayName)).toEqual(["Guest 12345"]);
    expect((await listGuests(eventId, { after: "\u0000" })).rows).toHaveLength(GUEST_PAGE_SIZE);
  });

  it("plans an index scan without sorting the list, on the first and a deep page", async () => {
    const firstPage = await plan(Prisma.sql`SELECT id FROM "Attendee" a WHERE a."eventId" = ${eventId}::uuid ORDER BY a."createdAt", a.id LIMIT 51`);
    const deepPage = await plan(Prisma.sql`SELECT id FROM "Attendee" a WHERE a."eventId" = ${eventId}::uuid
      AND (a."createdAt", a.id) > (timestamptz '2026-01-02 03:00', '00000000-0000-0000-0000-000000000000'::uuid) ORDER BY a."createdAt", a.id LIMIT 51`);
    const byStatus = await plan(Prisma.sql`SELECT id FROM "Attendee" a WHERE a."eventId" = ${eventId}::uuid AND a.status = 'revoked'
      ORDER BY a."createdAt", a.id LIMIT 51`);
    for (const text of [firstPage, deepPage, byStatus]) {
      expect(text).toMatch(/Index (Only )?Scan using "Attendee_eventId_(status_)?createdAt_id_idx"/);
      expect(text).not.toMatch(/Sort/);
    }
  });

  it("finds a whole email address exactly, in any letter case, through the (eventId, email) index", async () => {
    expect((await listGuests(eventId, { q: " Guest12345@Example.COM " })).rows.map((r) => r.displayName)).toEqual(["Guest 12345"]);
    expect((await listGuests(eventId, { q: "nobody@example.com" })).rows).toEqual([]);
    const exact = await plan(Prisma.sql`SELECT id FROM "Attendee" a WHERE a."eventId" = ${eventId}::uuid AND a.email = ${"guest12345@example.com"}::citext
      ORDER BY a."createdAt", a.id LIMIT 51`);
    expect(exact).toMatch(/Index (Only )?Scan using "Attendee_eventId_email_key"/);
  });
});
