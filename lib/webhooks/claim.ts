import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttemptOutcome } from "./attempt-outcome";
import { LEASE_MS } from "./schedule";

// Taking the 30 s lease on a delivery: one conditional UPDATE (pending, due, not
// leased), so whoever loses the race sends nothing.

export type ClaimedRow = {
  deliveryId: string;
  attemptCount: number;
  deliveryCreatedAt: Date;
  eventId: string;
  eventType: string;
  eventData: unknown;
  eventCreatedAt: Date;
  endpointId: string;
  url: string;
  enabled: boolean;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
  orgStatus: "active" | "suspended";
  billingPlan: "free" | "card" | "annual";
  annualPlanUntil: Date | null;
  billingAccountState: "active" | "suspended" | "closed";
};

/** What an attempt needs besides the delivery: event, endpoint, organization state. */
const CLAIMED_COLUMNS = Prisma.sql`
  c.id AS "deliveryId", c."attemptCount", c."createdAt" AS "deliveryCreatedAt",
  e.id AS "eventId", e.type AS "eventType", e.data AS "eventData", e."createdAt" AS "eventCreatedAt",
  ep.id AS "endpointId", ep.url, ep.enabled, ep."secretCiphertext", ep."previousSecretCiphertext",
  ep."previousSecretExpiresAt",
  o.status::text AS "orgStatus", o."billingPlan"::text AS "billingPlan", o."annualPlanUntil",
  o."billingAccountState"::text AS "billingAccountState"`;

const CLAIMED_JOINS = Prisma.sql`
  JOIN "WebhookEvent" e ON e.id = c."eventId"
  JOIN "WebhookEndpoint" ep ON ep.id = c."endpointId"
  JOIN "Organization" o ON o.id = ep."orgId"`;

/** Takes the lease on one delivery if it is pending, due and not leased. */
export async function claim(deliveryId: string, now: Date): Promise<ClaimedRow | null> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const rows = await getDb().$queryRaw<ClaimedRow[]>`
    WITH c AS (
      UPDATE "WebhookDelivery"
      SET "lockedUntil" = ${leaseUntil}
      WHERE id = ${deliveryId}::uuid
        AND state = 'pending'
        AND "nextAttemptAt" <= ${now}
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      RETURNING id, "eventId", "endpointId", "attemptCount", "createdAt"
    )
    SELECT ${CLAIMED_COLUMNS} FROM c ${CLAIMED_JOINS}`;
  return rows[0] ?? null;
}

/**
 * Takes the lease on up to `limit` due deliveries in one statement, oldest due first.
 * SKIP LOCKED lets concurrent sweeps take disjoint sets; a row another sweep leased a
 * moment ago fails the lease condition when re-checked, so it is never taken twice.
 * The caller starts every claimed attempt at once, well inside the 30 s lease.
 */
export async function claimDueDeliveries(now: Date, limit: number, orgId?: string): Promise<ClaimedRow[]> {
  if (limit <= 0) return [];
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  return getDb().$queryRaw<ClaimedRow[]>`
    WITH due AS (
      SELECT d.id
      FROM "WebhookDelivery" d
      ${orgId ? Prisma.sql`JOIN "WebhookEndpoint" scope ON scope.id = d."endpointId" AND scope."orgId" = ${orgId}::uuid` : Prisma.empty}
      WHERE d.state = 'pending'
        AND d."nextAttemptAt" <= ${now}
        AND (d."lockedUntil" IS NULL OR d."lockedUntil" < ${now})
      ORDER BY d."nextAttemptAt", d."createdAt"
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    ), c AS (
      UPDATE "WebhookDelivery" w
      SET "lockedUntil" = ${leaseUntil}
      FROM due
      WHERE w.id = due.id AND w.state = 'pending' AND (w."lockedUntil" IS NULL OR w."lockedUntil" < ${now})
      RETURNING w.id, w."eventId", w."endpointId", w."attemptCount", w."createdAt"
    )
    SELECT ${CLAIMED_COLUMNS} FROM c ${CLAIMED_JOINS}`;
}

/** Why a delivery could not be claimed, for the caller (the Inngest run sleeps on not_due). */
export async function explainUnclaimed(deliveryId: string, now: Date): Promise<AttemptOutcome> {
  const row = await getDb().webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { state: true, nextAttemptAt: true, lockedUntil: true },
  });
  if (!row) return { kind: "skipped", deliveryId, reason: "not_found" };
  if (row.state !== "pending" || !row.nextAttemptAt) return { kind: "skipped", deliveryId, reason: "finished" };
  if (row.nextAttemptAt > now) {
    return {
      kind: "skipped",
      deliveryId,
      reason: "not_due",
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      retryInMs: row.nextAttemptAt.getTime() - now.getTime(),
    };
  }
  return { kind: "skipped", deliveryId, reason: "leased" };
}

