import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createApiKey } from "@/lib/domain/keys/create-key";
import { SCOPES, type Scope } from "@/lib/domain/keys/scopes";

// Small builders for tests: each test file makes its own organization, so files never
// see each other's data and can run in parallel.

export async function createTestOrg(options: { name?: string; plan?: "free" | "card" } = {}) {
  return getDb().organization.create({
    data: { name: options.name ?? `Test org ${randomBytes(3).toString("hex")}`, billingPlan: options.plan ?? "card" },
  });
}

export async function createTestKey(orgId: string, scopes: readonly Scope[] = SCOPES, expiresAt: Date | null = null) {
  return createApiKey(orgId, { name: `test key ${scopes.join(" ")}`, scopes: [...scopes], expiresAt }, OPERATOR);
}

export async function createTestEvent(orgId: string, data: Partial<Prisma.EventUncheckedCreateInput> = {}) {
  const suffix = randomBytes(4).toString("hex");
  return getDb().event.create({
    data: {
      orgId,
      slug: `event-${suffix}`,
      name: `Event ${suffix}`,
      status: "published",
      startAt: new Date("2027-03-01T09:00:00.000Z"),
      endAt: new Date("2027-03-02T17:00:00.000Z"),
      timezone: "Europe/Amsterdam",
      ...data,
    },
  });
}

/** Inserts `count` attendees with strictly increasing createdAt, in one statement. */
export async function createTestAttendees(
  eventId: string,
  count: number,
  data: Partial<Prisma.AttendeeCreateManyInput> = {},
  start = new Date("2026-01-01T00:00:00.000Z"),
) {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateBadgeCode());
  const badgeCodes = [...codes];
  const tag = randomBytes(3).toString("hex");
  await getDb().attendee.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      eventId,
      displayName: `Attendee ${i}`,
      email: `attendee-${tag}-${i}@example.com`,
      badgeCode: badgeCodes[i],
      qrToken: randomBytes(24).toString("base64url"),
      createdAt: new Date(start.getTime() + i * 1000),
      updatedAt: new Date(start.getTime() + i * 1000),
      ...data,
    })),
  });
  return getDb().attendee.findMany({ where: { eventId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export function bearer(secret: string): Record<string, string> {
  return { authorization: `Bearer ${secret}` };
}
