"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { attemptNowWithoutInngest } from "@/lib/console/deliver-now";
import { deliveryResult, describeDeliveryResult, type DeliveryResult } from "@/lib/console/delivery-result";
import { endpointInputFromForm } from "@/lib/console/endpoint-form";
import { formatDateTime } from "@/lib/console/format-time";
import { requireAdmin, requireMember } from "@/lib/console/guard";
import { getEndpointDelivery } from "@/lib/console/list-deliveries";
import { formText, runAction } from "@/lib/console/run-action";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from "@/lib/domain/webhooks/endpoints";
import { resendDelivery } from "@/lib/domain/webhooks/resend-delivery";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";

// Webhook endpoint management for the console. The organization and ids come from the
// submitted form and are never trusted: requireAdmin checks the signed-in user is an admin
// of exactly that organization, and every library call is scoped to it (another
// organization's endpoint or delivery is a 404). The libraries validate, run the SSRF
// guard and refuse while integrations are locked.

export type CreatedEndpointView = { id: string; url: string; secret: string };
export type RolledSecretView = { secret: string; previousValidUntil: Date | null };

const ids = (formData: FormData) => ({
  orgId: formText(formData, "orgId") ?? "",
  endpointId: formText(formData, "endpointId") ?? "",
});

function refresh(orgId: string) {
  revalidatePath(`/console/${orgId}`, "layout");
}

/** Registers an endpoint; its signing secret is in the answer and nowhere else, ever again. */
export async function createEndpointAction(_previous: ActionState<CreatedEndpointView>, formData: FormData): Promise<ActionResult<CreatedEndpointView>> {
  return runAction(async () => {
    const { orgId } = ids(formData);
    const { user } = await requireAdmin(orgId);
    const { endpoint, secret } = await createWebhookEndpoint(orgId, endpointInputFromForm(formData), user.id);
    refresh(orgId);
    return {
      message: "Endpoint added. Copy its signing secret now: it will not be shown again.",
      data: { id: endpoint.id, url: endpoint.url, secret },
    };
  });
}

/** URL, event types and description. The URL goes through the same guard as delivery. */
export async function updateEndpointAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const { orgId, endpointId } = ids(formData);
    await requireAdmin(orgId);
    await updateWebhookEndpoint(orgId, endpointId, endpointInputFromForm(formData));
    refresh(orgId);
    return { message: "Endpoint saved. Events recorded from now on use the new settings.", data: null };
  });
}

/** Enable (clears an automatic disable and the failure count) or disable (cancels what is pending). */
export async function setEndpointEnabledAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const { orgId, endpointId } = ids(formData);
    await requireAdmin(orgId);
    const enabled = formText(formData, "enabled") === "true";
    await updateWebhookEndpoint(orgId, endpointId, { enabled });
    refresh(orgId);
    return {
      message: enabled
        ? "Endpoint enabled. It receives events recorded from now on."
        : "Endpoint disabled. Pending deliveries were cancelled and nothing more is sent to it.",
      data: null,
    };
  });
}

/** A new signing secret, shown once; the previous one keeps signing for 24 hours. */
export async function rollSecretAction(_previous: ActionState<RolledSecretView>, formData: FormData): Promise<ActionResult<RolledSecretView>> {
  return runAction(async () => {
    const { orgId, endpointId } = ids(formData);
    await requireAdmin(orgId);
    // The prefix the admin saw: a second click or a colleague's roll meanwhile answers 409.
    const expectedSecretPrefix = formText(formData, "expectedSecretPrefix");
    const { endpoint, secret } = await rollWebhookSecret(orgId, endpointId, new Date(), expectedSecretPrefix ? { expectedSecretPrefix } : {});
    refresh(orgId);
    return {
      message: "New signing secret created. Copy it now: it will not be shown again.",
      data: { secret, previousValidUntil: endpoint.previousSecretExpiresAt },
    };
  });
}

export async function deleteEndpointAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const { orgId, endpointId } = ids(formData);
    await requireAdmin(orgId);
    await deleteWebhookEndpoint(orgId, endpointId);
    refresh(orgId);
    return { message: "Endpoint deleted with its delivery log. Nothing more is sent to it.", data: null };
  });
}

/**
 * Sends a test event to this endpoint only: `ping` (the default) or a sample of any type
 * it subscribes to. Without Inngest the attempt is made here and the answer carries its
 * result; with Inngest it is queued and the page polls for the result.
 */
export async function sendTestPingAction(_previous: ActionState<DeliveryResult>, formData: FormData): Promise<ActionResult<DeliveryResult>> {
  return runAction(async () => {
    const { orgId, endpointId } = ids(formData);
    await requireAdmin(orgId);
    const sent = await sendTestEvent(orgId, endpointId, formText(formData, "type") ?? "ping");
    await attemptNowWithoutInngest(sent.deliveryId);
    const result = deliveryResult(await getEndpointDelivery(orgId, endpointId, sent.deliveryId));
    refresh(orgId);
    const what = sent.type === "ping" ? "Test ping" : `Test ${sent.type}`;
    const note = sent.source === "sample" ? " Built from sample data: the organization has no matching record yet." : "";
    return { message: `${describeDeliveryResult(result, what, formatDateTime)}${note}`, data: result };
  });
}

/** Sends a logged delivery again now: the same event, the attempt numbering continued. */
export async function resendDeliveryAction(_previous: ActionState<DeliveryResult>, formData: FormData): Promise<ActionResult<DeliveryResult>> {
  return runAction(async () => {
    const { orgId, endpointId } = ids(formData);
    await requireAdmin(orgId);
    const deliveryId = formText(formData, "deliveryId") ?? "";
    // Scoped to the endpoint of the page as well: a forged id of another endpoint is a 404.
    await getEndpointDelivery(orgId, endpointId, deliveryId);
    await resendDelivery(orgId, deliveryId);
    await attemptNowWithoutInngest(deliveryId);
    const result = deliveryResult(await getEndpointDelivery(orgId, endpointId, deliveryId));
    refresh(orgId);
    return { message: describeDeliveryResult(result, "Resend", formatDateTime), data: result };
  });
}

/** One delivery's current state, for the page waiting on a queued ping (read-only: members too). */
export async function deliveryStatusAction(orgId: string, endpointId: string, deliveryId: string): Promise<ActionResult<DeliveryResult>> {
  return runAction(async () => {
    await requireMember(orgId);
    const result = deliveryResult(await getEndpointDelivery(orgId, endpointId, deliveryId));
    return { message: describeDeliveryResult(result, "Test ping", formatDateTime), data: result };
  });
}
