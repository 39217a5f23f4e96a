import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { DELIVERY_LOG_RETENTION_MS } from "./schedule";

// What a disabled endpoint missed: its deliveries cancelled since it was disabled (the
// disable cancels what was pending, and a claim cancels what was in flight), and every
// event recorded meanwhile that it subscribes to (fan-out skips a disabled endpoint, so
// those have no delivery at all). Re-enabling can deliver all of it: the console and the
// operator CLI show the count first. Bounded by the delivery log's retention; console
// tests (pings, samples) are never part of it.

type DisabledEndpoint = { id: string; orgId: string; enabled: boolean; disabledAt: Date | null; eventTypes: string[]; createdAt: Date };

function since(endpoint: DisabledEndpoint, now: Date): Date {
  const floor = new Date(now.getTime() - DELIVERY_LOG_RETENTION_MS);
  return endpoint.disabledAt && endpoint.disabledAt > floor ? endpoint.disabledAt : floor;
}

function cancelledSince(endpoint: DisabledEndpoint, now: Date): Prisma.Sql {
  return Prisma.sql`
    d."endpointId" = ${endpoint.id}::uuid AND d.state = 'cancelled' AND d."completedAt" >= ${since(endpoint, now)}
    AND NOT EXISTS (SELECT 1 FROM "WebhookEvent" t WHERE t.id = d."eventId" AND t.test)`;
}

/** Fanned-out events of the endpoint's types, recorded while it was disabled, with no delivery to it. */
function missedEvents(endpoint: DisabledEndpoint, now: Date): Prisma.Sql {
  const from = since(endpoint, now);
  return Prisma.sql`
    e."orgId" = ${endpoint.orgId}::uuid AND NOT e.test AND e."dispatchedAt" IS NOT NULL
    AND e.type = ANY(${endpoint.eventTypes}::text[])
    AND e."createdAt" >= ${from > endpoint.createdAt ? from : endpoint.createdAt}
    AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" x WHERE x."eventId" = e.id AND x."endpointId" = ${endpoint.id}::uuid)`;
}

async function disabledEndpoint(orgId: string, endpointId: string): Promise<DisabledEndpoint> {
  const endpoint =
    z.uuid().safeParse(endpointId).success && z.uuid().safeParse(orgId).success
      ? await getDb().webhookEndpoint.findFirst({
          where: { id: endpointId, orgId },
          select: { id: true, orgId: true, enabled: true, disabledAt: true, eventTypes: true, createdAt: true },
        })
      : null;
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  return endpoint;
}

/** How many events re-enabling with delivery would send (0 for an enabled endpoint). */
export async function countDisabledBacklog(orgId: string, endpointId: string, now: Date = new Date()): Promise<number> {
  const endpoint = await disabledEndpoint(orgId, endpointId);
  if (endpoint.enabled) return 0;
  const [row] = await getDb().$queryRaw<{ cancelled: number; missed: number }[]>`
    SELECT (SELECT count(*)::int FROM "WebhookDelivery" d WHERE ${cancelledSince(endpoint, now)}) AS cancelled,
           (SELECT count(*)::int FROM "WebhookEvent" e WHERE ${missedEvents(endpoint, now)}) AS missed`;
  return row.cancelled + row.missed;
}

/**
 * Inside the enabling transaction, which holds the endpoint's row lock: re-opens the
 * cancelled deliveries (due now, their attempt numbers continue) and creates one for each
 * missed event (due now). The sweep sends them within a minute.
 */
export async function deliverDisabledBacklog(tx: Prisma.TransactionClient, endpoint: DisabledEndpoint, now: Date): Promise<number> {
  const reopened = await tx.$executeRaw`
    UPDATE "WebhookDelivery" d
    SET state = 'pending', "nextAttemptAt" = ${now}, "completedAt" = NULL, "lockedUntil" = NULL, "updatedAt" = now()
    WHERE ${cancelledSince(endpoint, now)}`;
  const created = await tx.$executeRaw`
    INSERT INTO "WebhookDelivery" ("eventId", "endpointId", "nextAttemptAt", "updatedAt")
    SELECT e.id, ${endpoint.id}::uuid, ${now}, now() FROM "WebhookEvent" e WHERE ${missedEvents(endpoint, now)}
    ON CONFLICT ("eventId", "endpointId") DO NOTHING`;
  return reopened + created;
}
