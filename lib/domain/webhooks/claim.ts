import { getDb, sqlQuery } from "@/lib/platform/db/client";
import { Prisma, type WebhookFormat } from "@/lib/generated/prisma/client";
import type { AttemptOutcome } from "./attempt-outcome";
import { LEASE_MS } from "./schedule";

// Taking the 30 s lease on a delivery: one conditional UPDATE (pending, due, not
// leased), so whoever loses the race sends nothing. Straight through pg (sqlQuery):
// the sweep runs these for every few deliveries.

export type ClaimedRow = {
  deliveryId: string;
  attemptCount: number;
  deliveryCreatedAt: Date;
  eventId: string;
  eventType: string;
  eventData: unknown;
  eventPreviousAttributes: unknown;
  eventCreatedAt: Date;
  /** A test sent from the console: one attempt, not counted toward auto-disable. */
  eventTest: boolean;
  endpointId: string;
  orgId: string;
  url: string;
  enabled: boolean;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
  /** The endpoint's filter, transform and format (shape-delivery.ts). */
  filter: string | null;
  transform: string | null;
  format: WebhookFormat;
  orgStatus: "active" | "suspended";
  billingPlan: "free" | "card" | "annual";
  annualPlanUntil: Date | null;
  billingAccountState: "active" | "suspended" | "closed";
  /** The one attempt let through the endpoint's open circuit breaker: its failure counts. */
  probe: boolean;
};

/** What an attempt needs besides the delivery: event, endpoint, organization state. */
const CLAIMED_COLUMNS = Prisma.sql`
  c.id AS "deliveryId", c."attemptCount", c."createdAt" AS "deliveryCreatedAt",
  e.id AS "eventId", e.type AS "eventType", e.data AS "eventData", e."previousAttributes" AS "eventPreviousAttributes", e."createdAt" AS "eventCreatedAt", e.test AS "eventTest",
  ep.id AS "endpointId", o.id AS "orgId", ep.url, ep.enabled, ep."secretCiphertext", ep."previousSecretCiphertext",
  ep."previousSecretExpiresAt", ep.filter, ep.transform, ep.format::text AS format,
  o.status::text AS "orgStatus", o."billingPlan"::text AS "billingPlan", o."annualPlanUntil",
  o."billingAccountState"::text AS "billingAccountState"`;

const CLAIMED_JOINS = Prisma.sql`
  JOIN "WebhookEvent" e ON e.id = c."eventId"
  JOIN "WebhookEndpoint" ep ON ep.id = c."endpointId"
  JOIN "Organization" o ON o.id = ep."orgId"`;

/**
 * Takes the lease on one delivery if it is pending, due and not leased. While its
 * endpoint's circuit breaker is open the delivery goes only as the probe, once the probe
 * time has come and no other runner holds it (the statement moves the endpoint's probeAt
 * on by a lease, SKIP LOCKED: it never waits for the endpoint's row). A console test goes
 * through regardless: an admin is watching, and it does not count toward the breaker.
 */
export async function claim(deliveryId: string, now: Date): Promise<ClaimedRow | null> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const rows = await sqlQuery<ClaimedRow>(Prisma.sql`
    WITH target AS (
      SELECT d."endpointId", ev.test, ep."probeAt"
      FROM "WebhookDelivery" d
      JOIN "WebhookEvent" ev ON ev.id = d."eventId"
      JOIN "WebhookEndpoint" ep ON ep.id = d."endpointId"
      WHERE d.id = ${deliveryId}::uuid AND d.state = 'pending' AND d."nextAttemptAt" <= ${now}
        AND (d."lockedUntil" IS NULL OR d."lockedUntil" < ${now})
    ), probe AS (
      UPDATE "WebhookEndpoint" p SET "probeAt" = ${leaseUntil}
      WHERE p.id IN (
        SELECT x.id FROM "WebhookEndpoint" x JOIN target t ON t."endpointId" = x.id
        WHERE NOT t.test AND x."probeAt" <= ${now}
        FOR UPDATE OF x SKIP LOCKED
      )
      RETURNING p.id
    ), c AS (
      UPDATE "WebhookDelivery"
      SET "lockedUntil" = ${leaseUntil}
      WHERE id = ${deliveryId}::uuid
        AND state = 'pending'
        AND "nextAttemptAt" <= ${now}
        AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
        AND EXISTS (SELECT 1 FROM target t WHERE t.test OR t."probeAt" IS NULL OR EXISTS (SELECT 1 FROM probe))
      RETURNING id, "eventId", "endpointId", "attemptCount", "createdAt"
    )
    SELECT ${CLAIMED_COLUMNS}, EXISTS (SELECT 1 FROM probe) AS probe FROM c ${CLAIMED_JOINS}`);
  return rows[0] ?? null;
}

/** Attempts this runner already has in flight, per endpoint and per organization. */
export type InFlightLoad = { endpoints: Map<string, number>; orgs: Map<string, number> };

export type ClaimLimits = {
  /** Only this organization's deliveries (tests, operator use). */
  orgId?: string;
  /** At most this many attempts in flight per endpoint, counting `inFlight`. */
  perEndpoint?: number;
  /** At most this many attempts in flight per organization, counting `inFlight`. */
  perOrg?: number;
  inFlight?: InFlightLoad;
};

/**
 * Takes the lease on up to `limit` due deliveries in one statement, oldest due first,
 * but never more than `perEndpoint` / `perOrg` in flight: a backlog at one slow
 * receiver or one busy organization cannot take every slot, so others' deliveries go
 * out at once. Ranks are counted per endpoint first, then per organization among the
 * rows that passed, so one endpoint's backlog does not hide its organization's other
 * endpoints. SKIP LOCKED lets concurrent sweeps take disjoint sets; a row another sweep
 * leased a moment ago fails the lease condition when re-checked, so it is never taken
 * twice. The caller starts every claimed attempt at once, well inside the 30 s lease.
 *
 * An endpoint whose circuit breaker is open gives nothing until its probe time; then
 * exactly one delivery, the probe: the statement moves the endpoint's probeAt on by a
 * lease (SKIP LOCKED: it never waits for the endpoint's row), so no other runner probes
 * it meanwhile, and recording the probe's result sets the breaker's next state.
 */
export async function claimDueDeliveries(now: Date, limit: number, limits: ClaimLimits = {}): Promise<ClaimedRow[]> {
  if (limit <= 0) return [];
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const perEndpoint = limits.perEndpoint ?? limit;
  const perOrg = limits.perOrg ?? limit;
  const endpoints = [...(limits.inFlight?.endpoints ?? new Map<string, number>())];
  const orgs = [...(limits.inFlight?.orgs ?? new Map<string, number>())];
  return sqlQuery<ClaimedRow>(Prisma.sql`
    WITH busy_endpoint AS (
      SELECT * FROM unnest(${endpoints.map(([id]) => id)}::uuid[], ${endpoints.map(([, n]) => n)}::int[]) AS b(id, n)
    ), busy_org AS (
      SELECT * FROM unnest(${orgs.map(([id]) => id)}::uuid[], ${orgs.map(([, n]) => n)}::int[]) AS b(id, n)
    ), probe AS (
      UPDATE "WebhookEndpoint" p SET "probeAt" = ${leaseUntil}
      WHERE p.id IN (
        SELECT x.id FROM "WebhookEndpoint" x
        WHERE x."probeAt" <= ${now}
          ${limits.orgId ? Prisma.sql`AND x."orgId" = ${limits.orgId}::uuid` : Prisma.empty}
          AND EXISTS (
            SELECT 1 FROM "WebhookDelivery" w
            WHERE w."endpointId" = x.id AND w.state = 'pending' AND w."nextAttemptAt" <= ${now}
              AND (w."lockedUntil" IS NULL OR w."lockedUntil" < ${now})
          )
        FOR UPDATE SKIP LOCKED
      )
      RETURNING p.id
    ), by_endpoint AS (
      -- Per endpoint, only the rows it may still take, read off the index
      -- (endpointId, state, nextAttemptAt, createdAt): a backlog of thousands costs a few rows.
      SELECT d.id, d."nextAttemptAt", d."createdAt", ep."orgId",
             row_number() OVER (PARTITION BY ep.id ORDER BY d."nextAttemptAt", d."createdAt") + COALESCE(be.n, 0) AS load
      FROM "WebhookEndpoint" ep
      LEFT JOIN busy_endpoint be ON be.id = ep.id
      LEFT JOIN probe pr ON pr.id = ep.id
      CROSS JOIN LATERAL (
        SELECT w.id, w."nextAttemptAt", w."createdAt"
        FROM "WebhookDelivery" w
        WHERE w."endpointId" = ep.id
          AND w.state = 'pending'
          AND w."nextAttemptAt" <= ${now}
          AND (w."lockedUntil" IS NULL OR w."lockedUntil" < ${now})
        ORDER BY w."nextAttemptAt", w."createdAt"
        -- probeAt as read before this statement: an open breaker lets through its probe only.
        LIMIT CASE WHEN ep."probeAt" IS NULL THEN GREATEST(${perEndpoint}::int - COALESCE(be.n, 0), 0)
                   WHEN pr.id IS NOT NULL THEN 1 ELSE 0 END
      ) d
      ${limits.orgId ? Prisma.sql`WHERE ep."orgId" = ${limits.orgId}::uuid` : Prisma.empty}
    ), by_org AS (
      SELECT r.id, r."nextAttemptAt", r."createdAt",
             row_number() OVER (PARTITION BY r."orgId" ORDER BY r."nextAttemptAt", r."createdAt") + COALESCE(bo.n, 0) AS load
      FROM by_endpoint r
      LEFT JOIN busy_org bo ON bo.id = r."orgId"
      WHERE r.load <= ${perEndpoint}
    ), due AS (
      SELECT d.id
      FROM "WebhookDelivery" d
      JOIN by_org r ON r.id = d.id
      WHERE r.load <= ${perOrg}
      ORDER BY r."nextAttemptAt", r."createdAt"
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED
    ), c AS (
      UPDATE "WebhookDelivery" w
      SET "lockedUntil" = ${leaseUntil}
      FROM due
      WHERE w.id = due.id AND w.state = 'pending' AND (w."lockedUntil" IS NULL OR w."lockedUntil" < ${now})
      RETURNING w.id, w."eventId", w."endpointId", w."attemptCount", w."createdAt"
    )
    SELECT ${CLAIMED_COLUMNS}, EXISTS (SELECT 1 FROM probe WHERE probe.id = c."endpointId") AS probe
    FROM c ${CLAIMED_JOINS}`);
}

/**
 * Gives leases back: deliveries claimed but not attempted (a sweep that ended, a runner
 * shutting down) are due again at once for any runner.
 */
export async function releaseLeases(deliveryIds: string[]): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const rows = await sqlQuery<{ id: string }>(Prisma.sql`
    UPDATE "WebhookDelivery" SET "lockedUntil" = NULL
    WHERE id = ANY(${deliveryIds}::uuid[]) AND state = 'pending'
    RETURNING id`);
  return rows.length;
}

/** Why a delivery could not be claimed, for the caller (the Inngest run sleeps on not_due). */
export async function explainUnclaimed(deliveryId: string, now: Date): Promise<AttemptOutcome> {
  const row = await getDb().webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: { state: true, nextAttemptAt: true, lockedUntil: true, endpoint: { select: { probeAt: true } }, event: { select: { test: true } } },
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
  if (row.endpoint.probeAt && !row.event.test) {
    // Waiting behind the endpoint's breaker: not an attempt. Retry at the probe time (or
    // in a moment, when another runner is sending the probe right now).
    const retryInMs = Math.max(row.endpoint.probeAt.getTime() - now.getTime(), 1_000);
    return { kind: "skipped", deliveryId, reason: "endpoint_backoff", nextAttemptAt: new Date(now.getTime() + retryInMs).toISOString(), retryInMs };
  }
  return { kind: "skipped", deliveryId, reason: "leased" };
}

