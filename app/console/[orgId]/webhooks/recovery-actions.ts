"use server";

import { consoleFormAction, type FormFields } from "@/lib/console/action";
import type { ActionResult } from "@/lib/console/action-result";
import { countRecoverableDeliveries, recoverDeliveries } from "@/lib/domain/webhooks/recover-deliveries";

// "Recover failed deliveries" on the endpoint page: a count for the window first, then the
// recovery itself once the admin confirmed that count. Both are admin-only and scoped to
// the submitted organization (another organization's endpoint is a 404).

const windowOf = (form: FormFields) => ({ since: form.text("since"), until: form.optional("until") || undefined });

const preview = consoleFormAction(
  async ({ orgId, form }) => {
    const count = await countRecoverableDeliveries(orgId, form.text("endpointId"), windowOf(form));
    return { message: `${count} failed ${count === 1 ? "delivery" : "deliveries"} in this window.`, data: { count } };
  },
  { refresh: false },
);

const recover = consoleFormAction(async ({ orgId, form, actor }) => {
  const { recovered } = await recoverDeliveries(orgId, form.text("endpointId"), windowOf(form), actor);
  return {
    message: `${recovered} ${recovered === 1 ? "delivery gets" : "deliveries get"} one new attempt now; the delivery log marks ${recovered === 1 ? "it" : "them"} Recovery.`,
    data: { recovered },
  };
});

export async function previewRecoveryAction(formData: FormData): Promise<ActionResult<{ count: number }>> {
  return preview(formData);
}

export async function recoverDeliveriesAction(formData: FormData): Promise<ActionResult<{ recovered: number }>> {
  return recover(formData);
}
