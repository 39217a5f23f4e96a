import { eventType } from "inngest";
import { z } from "zod";

/** Sent after fan-out for each new delivery; starts a `webhooks/deliver` run. */
export const webhookDeliveryCreated = eventType("webhooks/delivery.created", {
  schema: z.object({ deliveryId: z.string() }),
});
