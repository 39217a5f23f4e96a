import { integrationLockReason, type IntegrationLockReason } from "@/lib/billing/entitlement";
import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { OutboundError, safeFetch } from "@/lib/outbound/safe-fetch";
import { outboundAllowLoopback } from "@/lib/outbound/url-guard";
import { platformIntegrationsEnabled } from "@/lib/platform/integrations-switch";
import {
  ATTEMPT_TIMEOUT_MS,
  AUTO_DISABLE_AFTER_FAILURES,
  EXHAUSTION_WINDOW_MS,
  LEASE_MS,
  LOCKED_RETRY_MS,
  RESPONSE_SNIPPET_BYTES,
  nextAttemptAfter,
} from "./schedule";
import { SIGNATURE_HEADER, signPayload } from "./signature";
import { activeSigningSecrets } from "./signing-secret";

// One attempt of one delivery. The Inngest function (attemptDelivery: one delivery) and
// the sweep (claimDueDeliveries: a few at a time) share attemptClaimed, so there is a
// single implementation of sending and recording.
//
// Never twice at once: an attempt starts by taking a 30 s lease with one conditional
// UPDATE (pending, due, not leased). Whoever loses that race gets `skipped` and sends
// nothing. The lease outlives the 10 s request deadline, and the result is recorded
// only if the delivery is still at the attempt count it was claimed at.

export const USER_AGENT = "ServiceWebhooks/1.0";

export type AttemptOutcome =
  | { kind: "succeeded"; deliveryId: string; attemptNumber: number; statusCode: number }
  | {
      kind: "failed";
      deliveryId: string;
      attemptNumber: number;
      statusCode: number | null;
      error: string | null;
      /** Null when this failure disabled the endpoint, which cancelled the delivery. */
      nextAttemptAt: string | null;
      retryInMs: number | null;
    }
  | { kind: "exhausted"; deliveryId: string; attemptNumber: number; reason: "attempts" | "locked_too_long" }
  | { kind: "postponed"; deliveryId: string; reason: IntegrationLockReason; nextAttemptAt: string; retryInMs: number }
  | { kind: "cancelled"; deliveryId: string; reason: "endpoint_disabled" }
  | {
      kind: "skipped";
      deliveryId: string;
      reason: "not_found" | "finished" | "not_due" | "leased";
      nextAttemptAt?: string;
      retryInMs?: number;
    };

export type AttemptOptions = {
  /** The scheduler's clock: due checks, lease, retry times, secret overlap. Tests move it. */
  now?: Date;
  /** Request deadline; the product always uses 10 s, tests shorten it. */
  timeoutMs?: number;
  /** The platform switch, when the caller already read it for a whole sweep. */
  integrationsEnabled?: boolean;
};

export type ClaimedRow = {
  deliveryId: string;
  attemptCount: number;
  deliveryCreatedAt: Date;
  eventId: string;
  eventType: string;
  eventData: unknown;
  eventCreatedAt: Date;
  /** A test sent from the console: one attempt, not counted toward auto-disable. */
  eventTest: boolean;
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

const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

/** The exact bytes sent: same `id` and `createdAt` on every retry and every endpoint. */
export function webhookBody(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}

export function webhookHeaders(input: {
  body: string;
  secrets: string[];
  eventId: string;
  eventType: string;
  deliveryId: string;
  attemptNumber: number;
  timestamp?: number;
}): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    [SIGNATURE_HEADER]: signPayload(input.body, input.secrets, input.timestamp),
    "X-Service-Event-Id": input.eventId,
    "X-Service-Event-Type": input.eventType,
    "X-Service-Delivery-Id": input.deliveryId,
    "X-Service-Delivery-Attempt": String(input.attemptNumber),
  };
}

/** What an attempt needs besides the delivery: event, endpoint, organization state. */
const CLAIMED_COLUMNS = Prisma.sql`
  c.id AS "deliveryId", c."attemptCount", c."createdAt" AS "deliveryCreatedAt",
  e.id AS "eventId", e.type AS "eventType", e.data AS "eventData", e."createdAt" AS "eventCreatedAt", e.test AS "eventTest",
  ep.id AS "endpointId", ep.url, ep.enabled, ep."secretCiphertext", ep."previousSecretCiphertext",
  ep."previousSecretExpiresAt",
  o.status::text AS "orgStatus", o."billingPlan"::text AS "billingPlan", o."annualPlanUntil",
  o."billingAccountState"::text AS "billingAccountState"`;

const CLAIMED_JOINS = Prisma.sql`
  JOIN "WebhookEvent" e ON e.id = c."eventId"
  JOIN "WebhookEndpoint" ep ON ep.id = c."endpointId"
  JOIN "Organization" o ON o.id = ep."orgId"`;

/** Takes the lease on one delivery if it is pending, due and not leased. */
async function claim(deliveryId: string, now: Date): Promise<ClaimedRow | null> {
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
async function explainUnclaimed(deliveryId: string, now: Date): Promise<AttemptOutcome> {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims, sends and records one attempt of a delivery, if it is due and nobody else holds it. */
export async function attemptDelivery(deliveryId: string, options: AttemptOptions = {}): Promise<AttemptOutcome> {
  const now = options.now ?? new Date();
  if (!UUID.test(deliveryId)) return { kind: "skipped", deliveryId, reason: "not_found" };
  const claimed = await claim(deliveryId, now);
  if (!claimed) return explainUnclaimed(deliveryId, now);
  return attemptClaimed(claimed, { ...options, now });
}

/** The attempt itself, on a delivery this runner holds the lease on. */
export async function attemptClaimed(claimed: ClaimedRow, options: AttemptOptions = {}): Promise<AttemptOutcome> {
  const now = options.now ?? new Date();
  const deliveryId = claimed.deliveryId;
  if (!claimed.enabled) {
    await finishWithoutAttempt(claimed, { state: "cancelled", completedAt: now, nextAttemptAt: null });
    return { kind: "cancelled", deliveryId, reason: "endpoint_disabled" };
  }

  const integrationsEnabled = options.integrationsEnabled ?? (await platformIntegrationsEnabled());
  const lock = integrationLockReason(
    {
      status: claimed.orgStatus,
      billingPlan: claimed.billingPlan,
      annualPlanUntil: claimed.annualPlanUntil,
      billingAccountState: claimed.billingAccountState,
    },
    integrationsEnabled,
    now,
  );
  if (lock) {
    // Locked: not sent and not counted as a failure. It waits, until the delivery is
    // older than the 24 h window, then it is exhausted without a further attempt.
    if (now.getTime() - claimed.deliveryCreatedAt.getTime() >= EXHAUSTION_WINDOW_MS) {
      await finishWithoutAttempt(claimed, { state: "exhausted", completedAt: now, nextAttemptAt: null });
      return { kind: "exhausted", deliveryId, attemptNumber: claimed.attemptCount, reason: "locked_too_long" };
    }
    const nextAttemptAt = new Date(now.getTime() + LOCKED_RETRY_MS);
    await finishWithoutAttempt(claimed, { nextAttemptAt });
    return { kind: "postponed", deliveryId, reason: lock, nextAttemptAt: nextAttemptAt.toISOString(), retryInMs: LOCKED_RETRY_MS };
  }

  const attemptNumber = claimed.attemptCount + 1;
  const body = webhookBody({
    id: claimed.eventId,
    type: claimed.eventType,
    createdAt: claimed.eventCreatedAt,
    data: claimed.eventData,
  });
  let secrets: string[];
  try {
    secrets = activeSigningSecrets(claimed, now);
  } catch {
    // A secret sealed under another APP_SECRET: an attempt that fails (and is logged as
    // such) rather than one that throws on every sweep and never counts.
    const error = "error: the endpoint's signing secret could not be decrypted (was APP_SECRET changed?).";
    return record(claimed, attemptNumber, now, { succeeded: false, statusCode: null, error, snippet: null, durationMs: 0 });
  }
  const headers = webhookHeaders({
    body,
    secrets,
    eventId: claimed.eventId,
    eventType: claimed.eventType,
    deliveryId,
    attemptNumber,
  });

  const result = await send(claimed.url, body, headers, options.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
  return record(claimed, attemptNumber, now, result);
}

type SendResult = {
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
  snippet: string | null;
  durationMs: number;
};

async function send(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    // safeFetch re-runs the SSRF guard on the stored URL and again at connect time,
    // and never follows redirects.
    const response = await safeFetch(url, {
      method: "POST",
      headers,
      body,
      timeoutMs,
      maxBytes: RESPONSE_SNIPPET_BYTES,
      allowLoopback: outboundAllowLoopback(),
    });
    const succeeded = response.status >= 200 && response.status < 300;
    let error: string | null = null;
    if (response.status >= 300 && response.status < 400) error = "Redirects are not followed: answer with a 2xx.";
    return { succeeded, statusCode: response.status, error, snippet: snippetOf(response.body), durationMs: elapsed() };
  } catch (err) {
    const error =
      err instanceof OutboundError ? `${err.kind}: ${err.message}` : `error: ${err instanceof Error ? err.message : String(err)}`;
    return { succeeded: false, statusCode: null, error: error.slice(0, 1000), snippet: null, durationMs: elapsed() };
  }
}

function snippetOf(body: Buffer): string | null {
  if (body.length === 0) return null;
  // PostgreSQL text cannot hold NUL; a cut multi-byte character becomes U+FFFD.
  return body.subarray(0, RESPONSE_SNIPPET_BYTES).toString("utf8").replace(/\u0000/g, "");
}

class LostLease extends Error {}

/** Ends a claim without an HTTP attempt (cancelled, exhausted while locked, postponed). */
async function finishWithoutAttempt(
  claimed: ClaimedRow,
  data: { state?: "cancelled" | "exhausted"; completedAt?: Date; nextAttemptAt: Date | null },
): Promise<void> {
  await getDb().webhookDelivery.updateMany({
    where: { id: claimed.deliveryId, state: "pending", attemptCount: claimed.attemptCount },
    data: { ...data, lockedUntil: null },
  });
}

async function record(claimed: ClaimedRow, attemptNumber: number, now: Date, result: SendResult): Promise<AttemptOutcome> {
  const deliveryId = claimed.deliveryId;
  // A test (ping or sample event) gets one attempt: the admin who sent it is watching and
  // can resend, and a receiver still being built must not be disabled by its tests.
  const nextAttemptAt = result.succeeded || claimed.eventTest ? null : nextAttemptAfter(attemptNumber, now);
  let endpointDisabled = false;
  // Recorded only by the runner that still owns the claimed attempt number; zero rows
  // means the endpoint was deleted meanwhile (its deliveries went with it) or, in theory,
  // the lease ran out and another runner recorded this attempt number first.
  if (result.succeeded) {
    if (!(await recordSuccess(claimed, attemptNumber, now, result))) return { kind: "skipped", deliveryId, reason: "finished" };
    return { kind: "succeeded", deliveryId, attemptNumber, statusCode: result.statusCode ?? 0 };
  }
  try {
    await getDb().$transaction(async (tx) => {
      const updated = await tx.webhookDelivery.updateMany({
        where: { id: deliveryId, state: "pending", attemptCount: claimed.attemptCount },
        data: {
          state: nextAttemptAt ? "pending" : "exhausted",
          attemptCount: attemptNumber,
          nextAttemptAt,
          lockedUntil: null,
          completedAt: nextAttemptAt ? null : now,
        },
      });
      if (updated.count === 0) throw new LostLease();
      await tx.webhookAttempt.create({
        data: {
          deliveryId,
          attemptNumber,
          startedAt: now,
          durationMs: result.durationMs,
          statusCode: result.statusCode,
          error: result.error,
          responseSnippet: result.snippet,
          succeeded: false,
        },
      });
      if (!claimed.eventTest) endpointDisabled = await countFailure(tx, claimed.endpointId, now);
    }, TX_OPTIONS);
  } catch (error) {
    if (error instanceof LostLease) return { kind: "skipped", deliveryId, reason: "finished" };
    throw error;
  }

  if (!nextAttemptAt) return { kind: "exhausted", deliveryId, attemptNumber, reason: "attempts" };
  const retrying = endpointDisabled ? null : nextAttemptAt;
  return {
    kind: "failed",
    deliveryId,
    attemptNumber,
    statusCode: result.statusCode,
    error: result.error,
    nextAttemptAt: retrying ? retrying.toISOString() : null,
    retryInMs: retrying ? retrying.getTime() - now.getTime() : null,
  };
}

/**
 * The common case in one statement (one round trip, atomic): the delivery succeeded,
 * its attempt is logged, the endpoint's failure count goes back to 0. False when the
 * delivery was no longer ours to record.
 */
async function recordSuccess(claimed: ClaimedRow, attemptNumber: number, now: Date, result: SendResult): Promise<boolean> {
  const inserted = await getDb().$executeRaw`
    WITH delivery AS (
      UPDATE "WebhookDelivery"
      SET state = 'succeeded', "attemptCount" = ${attemptNumber}::int, "nextAttemptAt" = NULL, "lockedUntil" = NULL,
          "completedAt" = ${now}::timestamptz, "updatedAt" = now()
      WHERE id = ${claimed.deliveryId}::uuid AND state = 'pending' AND "attemptCount" = ${claimed.attemptCount}::int
      RETURNING id
    ), endpoint AS (
      UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 0
      WHERE id = ${claimed.endpointId}::uuid AND "consecutiveFailures" <> 0 AND EXISTS (SELECT 1 FROM delivery)
    )
    INSERT INTO "WebhookAttempt" (id, "deliveryId", "attemptNumber", "startedAt", "durationMs", "statusCode", error,
                                  "responseSnippet", succeeded)
    SELECT gen_random_uuid(), delivery.id, ${attemptNumber}::int, ${now}::timestamptz, ${result.durationMs}::int,
           ${result.statusCode}::int, ${result.error}::text, ${result.snippet}::text, true
    FROM delivery`;
  return inserted > 0;
}

/**
 * +1 consecutive failure; the one that reaches the threshold disables the endpoint and
 * cancels everything still pending for it (a disabled endpoint receives nothing).
 * The row lock orders concurrent failures of one endpoint, so exactly one disables it.
 */
async function countFailure(tx: Prisma.TransactionClient, endpointId: string, now: Date): Promise<boolean> {
  const [endpoint] = await tx.$queryRaw<{ enabled: boolean; consecutiveFailures: number }[]>`
    SELECT enabled, "consecutiveFailures" FROM "WebhookEndpoint" WHERE id = ${endpointId}::uuid FOR UPDATE`;
  if (!endpoint) return false;
  const failures = endpoint.consecutiveFailures + 1;
  const disable = endpoint.enabled && failures >= AUTO_DISABLE_AFTER_FAILURES;
  await tx.$executeRaw`
    UPDATE "WebhookEndpoint"
    SET "consecutiveFailures" = ${failures},
        enabled = ${disable ? false : endpoint.enabled},
        "disabledAt" = CASE WHEN ${disable} THEN ${now} ELSE "disabledAt" END,
        "disabledReason" = CASE WHEN ${disable} THEN 'consecutive_failures'::"WebhookDisabledReason" ELSE "disabledReason" END
    WHERE id = ${endpointId}::uuid`;
  if (disable) await cancelPendingDeliveries(tx, endpointId, now);
  return disable;
}

/** Pending deliveries of an endpoint that was just disabled are cancelled, not kept. */
export async function cancelPendingDeliveries(tx: Prisma.TransactionClient, endpointId: string, now: Date): Promise<number> {
  const { count } = await tx.webhookDelivery.updateMany({
    where: { endpointId, state: "pending" },
    data: { state: "cancelled", completedAt: now, nextAttemptAt: null, lockedUntil: null },
  });
  return count;
}
