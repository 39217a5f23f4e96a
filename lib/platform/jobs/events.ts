import { eventType } from "inngest";
import { z } from "zod";

/**
 * Sent after fan-out for each new delivery; starts a `webhooks/deliver` run. The
 * endpoint and organization are the run's concurrency keys (fair delivery).
 */
export const webhookDeliveryCreated = eventType("webhooks/delivery.created", {
  schema: z.object({ deliveryId: z.string(), endpointId: z.string(), orgId: z.string() }),
});
