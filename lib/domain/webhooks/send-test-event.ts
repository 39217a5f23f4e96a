import { assertIntegrationsUnlocked } from "@/lib/domain/billing/entitlement";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { notifyDeliveries } from "./dispatch";
import { getWebhookEndpoint } from "./endpoints";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";
import { recordTargetedWebhookEvent } from "./outbox";
import { sampleEventData } from "./sample-event-data";

/**
 * Sends one test event of `type` to this endpoint only (console, "Send test event"): `ping`
 * or any type the endpoint subscribes to, with data built from the organization's latest
 * matching record (./sample-event-data). It is signed and delivered by the same code as a
 * real event, logged as a test, attempted once and never counted toward auto-disable.
 * Refused while integrations are locked and for a disabled endpoint, like the test ping.
 */
export async function sendTestEvent(
  orgId: string,
  endpointId: string,
  type: string,
): Promise<{ eventId: string; deliveryId: string; type: WebhookEventType; source: "organization" | "sample" }> {
  const endpoint = await getWebhookEndpoint(orgId, endpointId);
  await assertIntegrationsUnlocked(orgId);
  if (!endpoint.enabled) {
    throw new AppError("CONFLICT", "This endpoint is disabled. Enable it before sending a test event.", {
      reason: "endpoint_disabled",
    });
  }
  const known = (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
  if (!known || (type !== "ping" && !endpoint.eventTypes.includes(type))) {
    throw new AppError("INVALID_INPUT", `Choose ping or an event type this endpoint subscribes to (${type || "none"} is not one).`, {
      reason: "invalid_body",
      fields: { type: { code: "invalid_value", message: "Not a type this endpoint receives." } },
    });
  }
  const eventType = type as WebhookEventType;
  const { data, source } = await sampleEventData(orgId, endpoint.id, eventType);
  const sent = await getDb().$transaction((tx) =>
    recordTargetedWebhookEvent(tx, { orgId, type: eventType, data, endpointId: endpoint.id, now: new Date() }),
  );
  await notifyDeliveries([sent.deliveryId]);
  return { ...sent, type: eventType, source };
}
