import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import { createApiKey, MAX_ACTIVE_KEYS } from "@/lib/domain/keys/create-key";
import { SCOPES } from "@/lib/domain/keys/scopes";
import { createOrganization, setBilling } from "@/lib/domain/orgs/organizations";

// The bench's data: one organization on the card plan, as many keys as an organization may
// hold (all scopes), and one event with `attendeeCount` attendees. Organization, keys and
// event go through the product's own functions; the attendees go in as a few large
// INSERT ... SELECT FROM unnest(...) statements, with badge codes made by the product's
// generator (unique per event via a Set) and strictly increasing createdAt, as the list's
// keyset order expects.

export type Seeded = {
  orgId: string;
  eventId: string;
  keyIds: string[];
  keySecrets: string[];
  attendeeCount: number;
};

const BATCH = 10_000;
const FIRST_CREATED_AT = Date.parse("2026-01-01T00:00:00.000Z");

export async function seedBenchData(pool: pg.Pool, attendeeCount: number, log: (line: string) => void): Promise<Seeded> {
  const org = await createOrganization({ name: "Bench organization" });
  await setBilling(org.id, { plan: "card" }, OPERATOR);

  const keys = [];
  for (let i = 0; i < MAX_ACTIVE_KEYS; i++) keys.push(await createApiKey(org.id, { name: `bench key ${i}`, scopes: [...SCOPES] }, OPERATOR));
  log(`created ${keys.length} API keys (all scopes)`);

  const event = await getDb().event.create({
    data: {
      orgId: org.id,
      slug: "bench-event",
      name: "Bench event",
      status: "published",
      startAt: new Date("2027-03-01T09:00:00.000Z"),
      endAt: new Date("2027-03-03T17:00:00.000Z"),
      timezone: "Europe/Amsterdam",
      location: "Bench hall",
    },
  });

  const codes = new Set<string>();
  while (codes.size < attendeeCount) codes.add(generateBadgeCode());
  const badgeCodes = [...codes];
  const started = Date.now();
  for (let offset = 0; offset < attendeeCount; offset += BATCH) {
    const size = Math.min(BATCH, attendeeCount - offset);
    const numbers = Array.from({ length: size }, (_, i) => offset + i);
    await pool.query(
      `INSERT INTO "Attendee" ("eventId", "displayName", email, company, "jobTitle", status, "visibleInList",
                               "badgeCode", "qrToken", "createdAt", "updatedAt")
       SELECT $1::uuid, 'Attendee ' || t.n, 'attendee-' || t.n || '@bench.example',
              CASE WHEN t.n % 3 = 0 THEN NULL ELSE 'Company ' || (t.n % 500) END,
              CASE WHEN t.n % 4 = 0 THEN NULL ELSE 'Engineer' END,
              (CASE WHEN t.n % 5 = 0 THEN 'active' ELSE 'invited' END)::"AttendeeStatus",
              t.n % 2 = 0, t.code, t.token,
              to_timestamp($2::float8 / 1000) + make_interval(secs => t.n),
              to_timestamp($2::float8 / 1000) + make_interval(secs => t.n)
       FROM unnest($3::int[], $4::text[], $5::text[]) AS t(n, code, token)`,
      [
        event.id,
        FIRST_CREATED_AT,
        numbers,
        numbers.map((n) => badgeCodes[n]),
        numbers.map(() => randomBytes(18).toString("base64url")),
      ],
    );
  }
  await pool.query(`ANALYZE "Attendee"`);
  log(`inserted ${attendeeCount} attendees in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  return {
    orgId: org.id,
    eventId: event.id,
    keyIds: keys.map((key) => key.id),
    keySecrets: keys.map((key) => key.secret),
    attendeeCount,
  };
}
