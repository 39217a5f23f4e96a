import type Stripe from "stripe";
import type { BillingPlan } from "@/lib/generated/prisma/client";

// What an organization's billing state is, from what Stripe holds for its customer. Always
// recomputed from Stripe's current objects rather than from one event's payload, so events
// that arrive late, twice or out of order all end in the same state.

/** Statuses in which an annual subscription has been paid for its current period. */
const PAID_STATUSES = new Set<Stripe.Subscription.Status>(["active", "trialing", "past_due"]);

export type StripeBillingFacts = {
  cardCount: number;
  subscriptions: Pick<Stripe.Subscription, "status" | "items" | "ended_at">[];
};

export type CurrentBilling = { billingPlan: BillingPlan; annualPlanUntil: Date | null };

function annualEnd(subscription: StripeBillingFacts["subscriptions"][number], priceId: string): Date | null {
  const ends = subscription.items.data.filter((item) => item.price?.id === priceId).map((item) => item.current_period_end);
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

export function billingFromStripe(facts: StripeBillingFacts, annualPriceId: string | undefined, current: CurrentBilling, now = new Date()): CurrentBilling {
  let paidUntil: Date | null = null;
  let endedAt: Date | null = null;
  if (annualPriceId) {
    for (const subscription of facts.subscriptions) {
      const end = annualEnd(subscription, annualPriceId);
      if (!end) continue;
      if (PAID_STATUSES.has(subscription.status) && end > now) {
        if (!paidUntil || end > paidUntil) paidUntil = end;
      } else {
        const ended = subscription.ended_at ? new Date(subscription.ended_at * 1000) : end < now ? end : now;
        if (!endedAt || ended > endedAt) endedAt = ended;
      }
    }
  }
  if (paidUntil) return { billingPlan: "annual", annualPlanUntil: paidUntil };
  // An annual plan agreed outside Stripe (set by an operator) and still running stays.
  const offline = !endedAt && current.billingPlan === "annual" && current.annualPlanUntil !== null && current.annualPlanUntil > now;
  if (offline) return current;
  if (facts.cardCount > 0) return { billingPlan: "card", annualPlanUntil: null };
  if (endedAt) return { billingPlan: "annual", annualPlanUntil: endedAt };
  return { billingPlan: "free", annualPlanUntil: null };
}
