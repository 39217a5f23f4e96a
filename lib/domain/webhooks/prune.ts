import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { DELIVERY_LOG_RETENTION_MS } from "./schedule";

// The delivery log is kept 30 days (spec, Limits). Deliveries older than that go with
// their attempts (cascade); outbox rows older than that go once no delivery refers to
// them (events nobody was subscribed to included).

export async function pruneDeliveryLog(
  now: Date = new Date(),
  options: { orgId?: string } = {},
): Promise<{ deliveries: number; events: number }> {
  const cutoff = new Date(now.getTime() - DELIVERY_LOG_RETENTION_MS);
  const db = getDb();
  const deliveries = await db.webhookDelivery.deleteMany({
    where: { createdAt: { lt: cutoff }, ...(options.orgId ? { endpoint: { orgId: options.orgId } } : {}) },
  });
  const events = await db.$executeRaw`
    DELETE FROM "WebhookEvent" e
    WHERE e."createdAt" < ${cutoff}
      ${options.orgId ? Prisma.sql`AND e."orgId" = ${options.orgId}::uuid` : Prisma.empty}
      AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e.id)`;
  return { deliveries: deliveries.count, events };
}
