"use server";

import { redirect } from "next/navigation";
import { consoleFormAction } from "@/lib/console/action";
import { openCustomerPortal, startCheckout } from "@/lib/domain/billing/stripe-checkout";

const stripeUrl = consoleFormAction<string>(
  async ({ orgId, form }) => {
    const intent = form.optional("intent");
    const url = intent === "portal" ? await openCustomerPortal(orgId) : await startCheckout(orgId, intent === "annual" ? "annual" : "card");
    return { message: "", data: url };
  },
  { refresh: false },
);

/** Sends the admin to Stripe: Checkout (a card, or the annual plan) or the Customer Portal. A refusal comes back to the billing page, named. */
export async function stripeRedirectAction(formData: FormData): Promise<void> {
  const result = await stripeUrl(formData);
  if (result.ok) redirect(result.data);
  const orgId = typeof formData.get("orgId") === "string" ? String(formData.get("orgId")) : "";
  redirect(`/console/${encodeURIComponent(orgId)}/billing?refused=${encodeURIComponent(result.reason ?? result.code)}`);
}
