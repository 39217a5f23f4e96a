import { getDb } from "@/lib/platform/db/client";

// "Where a partner sees it": the webhook deliveries caused by one resource (an event or
// an attendee), newest first. Webhook data always carries the resource's id at data.id.

export type ResourceDelivery = { id: string; type: string; state: string; endpointId: string; endpointUrl: string; createdAt: Date };

export async function recentDeliveriesFor(orgId: string, resourceId: string, take = 5): Promise<ResourceDelivery[]> {
  const rows = await getDb().webhookDelivery.findMany({
    where: { event: { orgId, data: { path: ["id"], equals: resourceId } } },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, state: true, endpointId: true, createdAt: true, event: { select: { type: true } }, endpoint: { select: { url: true } } },
  });
  return rows.map((row) => ({ id: row.id, type: row.event.type, state: row.state, endpointId: row.endpointId, endpointUrl: row.endpoint.url, createdAt: row.createdAt }));
}
