import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { z } from "zod";
import { assertIntegrationsUnlocked } from "@/lib/domain/billing/entitlement";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { DELIVERY_LOG_RETENTION_MS } from "./schedule";

// Recovery: an admin gives every failed delivery of one endpoint created in a time window
// one new attempt now (Svix's "recover"). A failed delivery is one that did not reach the
// receiver and is not about to be tried anyway: exhausted, cancelled (the endpoint was
// disabled), or pending after at least one failed attempt and not being attempted this
// moment. Succeeded deliveries, never-attempted ones and console tests are left alone.
//
// Each is re-opened like a resend (resend-delivery.ts): state pending, due now, the attempt
// numbers continue, and a failure past the seventh attempt exhausts it at once (one extra
// try, not a new day of retries). The attempt it gets is logged as a recovery
// (WebhookRecoveredAttempt), which the delivery log shows. The sweep (or Inngest's
// per-minute sweep) attempts them: nextAttemptAt is now.
//
// Refused while integrations are locked (402/403/503, as the API) and for a disabled
// endpoint (409 endpoint_disabled: nothing would be sent).

const WINDOW_MESSAGE = "expected an ISO-8601 date-time with a time zone, e.g. 2026-11-25T09:30:00Z";
const instant = z.iso.datetime({ offset: true, error: WINDOW_MESSAGE }).transform((value) => new Date(value));

export const recoveryWindowSchema = z
  .object({
    since: instant,
    until: instant.optional(),
  })
  .refine((window) => !window.until || window.until.getTime() > window.since.getTime(), {
    path: ["until"],
    message: "until must be after since.",
  });

export type RecoveryWindowInput = z.input<typeof recoveryWindowSchema>;

type Window = { since: Date; until: Date };

function parseWindow(input: RecoveryWindowInput, now: Date): Window {
  const parsed = recoveryWindowSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  // Nothing older than the delivery log's retention exists; clamping keeps the window honest.
  const floor = new Date(now.getTime() - DELIVERY_LOG_RETENTION_MS);
  return { since: parsed.data.since > floor ? parsed.data.since : floor, until: parsed.data.until ?? now };
}

/** The deliveries a recovery of `endpointId` over `window` takes, as a WHERE over d (delivery) and e (event). */
function recoverable(endpointId: string, window: Window, now: Date): Prisma.Sql {
  return Prisma.sql`
    d."endpointId" = ${endpointId}::uuid AND e.id = d."eventId" AND NOT e.test
    AND d."createdAt" >= ${window.since} AND d."createdAt" < ${window.until}
    AND (d.state IN ('exhausted', 'cancelled')
         OR (d.state = 'pending' AND d."attemptCount" > 0 AND (d."lockedUntil" IS NULL OR d."lockedUntil" < ${now})))`;
}

async function endpointOf(orgId: string, endpointId: string) {
  const endpoint =
    z.uuid().safeParse(endpointId).success && z.uuid().safeParse(orgId).success
      ? await getDb().webhookEndpoint.findFirst({ where: { id: endpointId, orgId }, select: { id: true, enabled: true, url: true } })
      : null;
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  return endpoint;
}

const disabled = () =>
  new AppError("CONFLICT", "This endpoint is disabled. Enable it before recovering its deliveries.", { reason: "endpoint_disabled" });

/** How many deliveries a recovery over this window would take now (the console's preview). */
export async function countRecoverableDeliveries(orgId: string, endpointId: string, input: RecoveryWindowInput, now: Date = new Date()): Promise<number> {
  const endpoint = await endpointOf(orgId, endpointId);
  const window = parseWindow(input, now);
  const [row] = await getDb().$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM "WebhookDelivery" d, "WebhookEvent" e WHERE ${recoverable(endpoint.id, window, now)}`;
  return row.count;
}

export async function recoverDeliveries(
  orgId: string,
  endpointId: string,
  input: RecoveryWindowInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<{ recovered: number }> {
  const endpoint = await endpointOf(orgId, endpointId);
  const window = parseWindow(input, now);
  await assertIntegrationsUnlocked(orgId);
  if (!endpoint.enabled) throw disabled();

  return getDb().$transaction(async (tx) => {
    // The endpoint row lock orders this against an automatic disable (deliver.ts takes the
    // same lock when counting a failure), as a resend does.
    const [locked] = await tx.$queryRaw<{ enabled: boolean }[]>`
      SELECT enabled FROM "WebhookEndpoint" WHERE id = ${endpoint.id}::uuid FOR UPDATE`;
    if (!locked) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
    if (!locked.enabled) throw disabled();
    // The admin says the receiver is back: the endpoint's circuit breaker closes, so the
    // recovered deliveries (and what waited behind the breaker) go now; a failure opens it again.
    await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "probeAt" = NULL WHERE id = ${endpoint.id}::uuid AND "probeAt" IS NOT NULL`;
    const [row] = await tx.$queryRaw<{ recovered: number }[]>`
      WITH reopened AS (
        UPDATE "WebhookDelivery" d
        SET state = 'pending', "nextAttemptAt" = ${now}, "completedAt" = NULL, "updatedAt" = now()
        FROM "WebhookEvent" e
        WHERE ${recoverable(endpoint.id, window, now)}
        RETURNING d.id, d."attemptCount"
      ), logged AS (
        INSERT INTO "WebhookRecoveredAttempt" ("deliveryId", "attemptNumber", "recoveredAt")
        SELECT id, "attemptCount" + 1, ${now} FROM reopened
        ON CONFLICT ("deliveryId", "attemptNumber") DO NOTHING
      )
      SELECT count(*)::int AS recovered FROM reopened`;
    await recordAudit(tx, orgId, actor, {
      action: "webhook_endpoint.recovered",
      target: { type: "webhook_endpoint", id: endpoint.id, label: endpoint.url },
      summary: { since: window.since.toISOString(), until: window.until.toISOString(), recovered: row.recovered },
    });
    return { recovered: row.recovered };
  }, { maxWait: 10_000, timeout: 10_000 });
}
