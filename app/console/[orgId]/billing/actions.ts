"use server";

import { redirect } from "next/navigation";
import { openCustomerPortal, startCheckout } from "@/lib/domain/billing/stripe-checkout";
import { requireAdmin } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";

/** Sends the admin to Stripe: Checkout (a card, or the annual plan) or the Customer Portal. A refusal comes back to the billing page, named. */
export async function stripeRedirectAction(formData: FormData): Promise<void> {
  const orgId = formText(formData, "orgId") ?? "";
  const intent = formText(formData, "intent");
  const result = await runAction(async () => {
    await requireAdmin(orgId);
    const url = intent === "portal" ? await openCustomerPortal(orgId) : await startCheckout(orgId, intent === "annual" ? "annual" : "card");
    return { message: "", data: url };
  });
  if (result.ok) redirect(result.data);
  redirect(`/console/${encodeURIComponent(orgId)}/billing?refused=${encodeURIComponent(result.reason ?? result.code)}`);
}
