"use server";

import { consoleAction } from "@/lib/console/action";
import type { ActionResult } from "@/lib/console/action-result";
import { attemptNowWithoutInngest } from "@/lib/console/deliver-now";
import { deliveryResult, describeDeliveryResult, type DeliveryResult } from "@/lib/console/delivery-result";
import { endpointInputFromForm, previewInputFromForm } from "@/lib/console/endpoint-form";
import { formatDateTime } from "@/lib/console/format-time";
import { requireMember } from "@/lib/console/guard";
import { getEndpointDelivery } from "@/lib/console/list-deliveries";
import { runAction } from "@/lib/console/run-action";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from "@/lib/domain/webhooks/endpoints";
import { previewEndpointShape, type PreviewItem } from "@/lib/domain/webhooks/preview-shape";
import { resendDelivery } from "@/lib/domain/webhooks/resend-delivery";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";

// Webhook endpoint management for the console. The organization and ids come from the
// submitted form and are never trusted: requireAdmin checks the signed-in user is an admin
// of exactly that organization, and every library call is scoped to it (another
// organization's endpoint or delivery is a 404). The libraries validate, run the SSRF
// guard and refuse while integrations are locked.

export type CreatedEndpointView = { id: string; url: string; secret: string };
export type RolledSecretView = { secret: string; previousValidUntil: Date | null };

/** Registers an endpoint; its signing secret is in the answer and nowhere else, ever again. */
export const createEndpointAction = consoleAction<CreatedEndpointView>(async ({ orgId, form, actor }) => {
  const { endpoint, secret } = await createWebhookEndpoint(orgId, endpointInputFromForm(form.data), actor);
  return {
    message: "Endpoint added. Copy its signing secret now: it will not be shown again.",
    data: { id: endpoint.id, url: endpoint.url, secret },
  };
});

/** URL, event types and description. The URL goes through the same guard as delivery. */
export const updateEndpointAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const endpointId = form.text("endpointId");
  await updateWebhookEndpoint(orgId, endpointId, endpointInputFromForm(form.data), actor);
  return { message: "Endpoint saved. Events recorded from now on use the new settings.", data: null };
});

/**
 * Enable (clears an automatic disable, the failure count and the circuit breaker; with
 * deliverBacklog also delivers what it missed while disabled) or disable (cancels what is pending).
 */
export const setEndpointEnabledAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const endpointId = form.text("endpointId");
  const enabled = form.optional("enabled") === "true";
  if (enabled && form.optional("deliverBacklog") === "true") {
    const { backlogDelivered } = await enableWebhookEndpoint(orgId, endpointId, { deliverBacklog: true }, actor);
    return {
      message: `Endpoint enabled. ${backlogDelivered} missed ${backlogDelivered === 1 ? "event is" : "events are"} being delivered, then new events as they are recorded.`,
      data: null,
    };
  }
  await updateWebhookEndpoint(orgId, endpointId, { enabled }, actor);
  return {
    message: enabled
      ? "Endpoint enabled. It receives events recorded from now on."
      : "Endpoint disabled. Pending deliveries were cancelled and nothing more is sent to it.",
    data: null,
  };
});

/** A new signing secret, shown once; the previous one keeps signing for 24 hours. */
export const rollSecretAction = consoleAction<RolledSecretView>(async ({ orgId, form, actor }) => {
  const endpointId = form.text("endpointId");
  // The prefix the admin saw: a second click or a colleague's roll meanwhile answers 409.
  const expectedSecretPrefix = form.optional("expectedSecretPrefix");
  const { endpoint, secret } = await rollWebhookSecret(orgId, endpointId, actor, new Date(), expectedSecretPrefix ? { expectedSecretPrefix } : {});
  return {
    message: "New signing secret created. Copy it now: it will not be shown again.",
    data: { secret, previousValidUntil: endpoint.previousSecretExpiresAt },
  };
});

export const deleteEndpointAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const endpointId = form.text("endpointId");
  await deleteWebhookEndpoint(orgId, endpointId, actor);
  return { message: "Endpoint deleted with its delivery log. Nothing more is sent to it.", data: null };
});

/**
 * Sends a test event to this endpoint only: `ping` (the default) or a sample of any type
 * it subscribes to. Without Inngest the attempt is made here and the answer carries its
 * result; with Inngest it is queued and the page polls for the result.
 */
export const sendTestPingAction = consoleAction<DeliveryResult>(async ({ orgId, form }) => {
  const endpointId = form.text("endpointId");
  const sent = await sendTestEvent(orgId, endpointId, form.optional("type") ?? "ping");
  await attemptNowWithoutInngest(sent.deliveryId);
  const result = deliveryResult(await getEndpointDelivery(orgId, endpointId, sent.deliveryId));
  const what = sent.type === "ping" ? "Test ping" : `Test ${sent.type}`;
  const note = sent.source === "sample" ? " Built from sample data: the organization has no matching record yet." : "";
  return { message: `${describeDeliveryResult(result, what, formatDateTime)}${note}`, data: result };
});

/** Sends a logged delivery again now: the same event, the attempt numbering continued. */
export const resendDeliveryAction = consoleAction<DeliveryResult>(async ({ orgId, form }) => {
  const endpointId = form.text("endpointId");
  const deliveryId = form.text("deliveryId");
  // Scoped to the endpoint of the page as well: a forged id of another endpoint is a 404.
  await getEndpointDelivery(orgId, endpointId, deliveryId);
  await resendDelivery(orgId, deliveryId);
  await attemptNowWithoutInngest(deliveryId);
  const result = deliveryResult(await getEndpointDelivery(orgId, endpointId, deliveryId));
  return { message: describeDeliveryResult(result, "Resend", formatDateTime), data: result };
});

/** One delivery's current state, for the page waiting on a queued ping (read-only: members too). */
export async function deliveryStatusAction(orgId: string, endpointId: string, deliveryId: string): Promise<ActionResult<DeliveryResult>> {
  return runAction(async () => {
    await requireMember(orgId);
    const result = deliveryResult(await getEndpointDelivery(orgId, endpointId, deliveryId));
    return { message: describeDeliveryResult(result, "Test ping", formatDateTime), data: result };
  });
}

/** The form's filter, transform and format against the organization's last 20 matching events (writes nothing). */
export const previewShapeAction = consoleAction<PreviewItem[]>(
  async ({ orgId, form }) => {
    const items = await previewEndpointShape(orgId, previewInputFromForm(form.data));
    const sent = items.filter((item) => item.outcome === "send").length;
    return { message: `${sent} of the last ${items.length} matching events would be sent.`, data: items };
  },
  { refresh: false },
);
