"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/lib/console/action-result";
import { userActor } from "@/lib/console/action";
import { requireAdmin } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { countRecoverableDeliveries, recoverDeliveries } from "@/lib/domain/webhooks/recover-deliveries";

// "Recover failed deliveries" on the endpoint page: a count for the window first, then the
// recovery itself once the admin confirmed that count. Both are admin-only and scoped to
// the submitted organization (another organization's endpoint is a 404).

function input(formData: FormData) {
  return {
    orgId: formText(formData, "orgId") ?? "",
    endpointId: formText(formData, "endpointId") ?? "",
    window: { since: formText(formData, "since") ?? "", until: formText(formData, "until") || undefined },
  };
}

export async function previewRecoveryAction(formData: FormData): Promise<ActionResult<{ count: number }>> {
  return runAction(async () => {
    const { orgId, endpointId, window } = input(formData);
    await requireAdmin(orgId);
    const count = await countRecoverableDeliveries(orgId, endpointId, window);
    return { message: `${count} failed ${count === 1 ? "delivery" : "deliveries"} in this window.`, data: { count } };
  });
}

export async function recoverDeliveriesAction(formData: FormData): Promise<ActionResult<{ recovered: number }>> {
  return runAction(async () => {
    const { orgId, endpointId, window } = input(formData);
    const { user } = await requireAdmin(orgId);
    const { recovered } = await recoverDeliveries(orgId, endpointId, window, userActor(user));
    revalidatePath(`/console/${orgId}`, "layout");
    return {
      message: `${recovered} ${recovered === 1 ? "delivery gets" : "deliveries get"} one new attempt now; the delivery log marks ${recovered === 1 ? "it" : "them"} Recovery.`,
      data: { recovered },
    };
  });
}
