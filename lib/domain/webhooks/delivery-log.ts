import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { webhookBody } from "./send-attempt";

// The delivery log of one endpoint (30 days, see prune.ts), newest first, for the console
// and the operator CLI: every delivery with each of its attempts.

export type DeliveryLogEntry = {
  id: string;
  eventId: string;
  eventType: string;
  /** Sent from the console as a test (ping or sample event). */
  test: boolean;
  /** `filtered`: the endpoint's filter left the event out; `shape_failed`: see shapeError. */
  state: "pending" | "succeeded" | "exhausted" | "cancelled" | "filtered" | "shape_failed";
  /** Why the endpoint's filter or transform could not be applied (nothing was sent). */
  shapeError: string | null;
  attemptCount: number;
  nextAttemptAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  /** The exact body every attempt sent, rebuilt from the event (it never changes). */
  requestBody: string;
  attempts: {
    attemptNumber: number;
    startedAt: Date;
    durationMs: number;
    statusCode: number | null;
    error: string | null;
    responseSnippet: string | null;
    /** Headers sent, signature included (never the secret); null when nothing was sent. */
    requestHeaders: Record<string, string> | null;
    /** "Name: value" lines received, capped at 2 KB. */
    responseHeaders: string | null;
    succeeded: boolean;
    /** Made because an admin recovered the delivery (recover-deliveries.ts). */
    recovery: boolean;
  }[];
};

export const DELIVERY_LOG_INCLUDE = {
  event: { select: { type: true, test: true, createdAt: true, data: true, previousAttributes: true } },
  attempts: { orderBy: { attemptNumber: "asc" }, omit: { id: true, deliveryId: true } },
  recoveries: { select: { attemptNumber: true } },
} satisfies Prisma.WebhookDeliveryInclude;

type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof DELIVERY_LOG_INCLUDE }>;

export function toDeliveryLogEntry(row: DeliveryRow): DeliveryLogEntry {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.event.type,
    test: row.event.test,
    state: row.state,
    shapeError: row.shapeError,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt,
    completedAt: row.completedAt,
    createdAt: row.createdAt,
    requestBody: webhookBody({ id: row.eventId, type: row.event.type, createdAt: row.event.createdAt, data: row.event.data, previousAttributes: row.event.previousAttributes }),
    attempts: row.attempts.map((attempt) => ({
      ...attempt,
      recovery: row.recoveries.some((recovery) => recovery.attemptNumber === attempt.attemptNumber),
      requestHeaders: (attempt.requestHeaders as Record<string, string> | null) ?? null,
    })),
  };
}

export async function listEndpointDeliveries(
  orgId: string,
  endpointId: string,
  options: { limit?: number } = {},
): Promise<DeliveryLogEntry[]> {
  const endpoint = z.uuid().safeParse(endpointId).success
    ? await getDb().webhookEndpoint.findFirst({ where: { id: endpointId, orgId }, select: { id: true } })
    : null;
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const rows = await getDb().webhookDelivery.findMany({
    where: { endpointId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: DELIVERY_LOG_INCLUDE,
  });
  return rows.map(toDeliveryLogEntry);
}
