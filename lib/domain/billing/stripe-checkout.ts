import { config } from "@/lib/platform/config/env";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { requireStripe, stripeUnavailable } from "./stripe-client";

// The self-serve side of billing: a Stripe customer per organization (ours, stored before
// anything is paid, so webhooks are tied to an organization by our own mapping), Checkout
// in setup mode to put a card on file, Checkout in subscription mode for the annual plan,
// and the Customer Portal to manage both.

export type CheckoutKind = "card" | "annual";

/** Where Stripe sends the browser back: always our configured public URL, never a request's Host header. */
function billingPageUrl(orgId: string, query = ""): string {
  const origin = config().nextAuthUrl ?? `http://localhost:${process.env.PORT ?? 3000}`;
  return `${new URL(origin).origin}/console/${orgId}/billing${query}`;
}

/** The organization's Stripe customer, created once (an idempotency key makes concurrent first clicks create one customer). */
export async function ensureStripeCustomer(orgId: string): Promise<string> {
  const db = getDb();
  const org = await db.organization.findUnique({ where: { id: orgId }, select: { name: true, stripeCustomerId: true } });
  if (!org) throw new AppError("NOT_FOUND", "No such organization.");
  if (org.stripeCustomerId) return org.stripeCustomerId;
  const { stripe } = requireStripe();
  let customerId: string;
  try {
    const customer = await stripe.customers.create({ name: org.name, metadata: { orgId } }, { idempotencyKey: `org-customer-${orgId}` });
    customerId = customer.id;
  } catch (error) {
    throw stripeUnavailable(error);
  }
  await db.organization.updateMany({ where: { id: orgId, stripeCustomerId: null }, data: { stripeCustomerId: customerId } });
  const stored = await db.organization.findUniqueOrThrow({ where: { id: orgId }, select: { stripeCustomerId: true } });
  return stored.stripeCustomerId ?? customerId;
}

/** A Checkout session for the organization; the browser is sent to its URL. */
export async function startCheckout(orgId: string, kind: CheckoutKind): Promise<string> {
  const { stripe, settings } = requireStripe();
  if (kind === "annual" && !settings.annualPriceId) {
    throw new AppError("CONFLICT", "The annual plan cannot be bought online on this deployment. Add a card, or ask for an annual plan.", { reason: "annual_not_offered" });
  }
  const customer = await ensureStripeCustomer(orgId);
  const common = {
    customer,
    client_reference_id: orgId,
    metadata: { orgId },
    success_url: billingPageUrl(orgId, "?checkout=done"),
    cancel_url: billingPageUrl(orgId, "?checkout=cancelled"),
  };
  try {
    const session =
      kind === "card"
        ? await stripe.checkout.sessions.create({ ...common, mode: "setup", allowed_payment_method_types: ["card"], setup_intent_data: { metadata: { orgId } } })
        : await stripe.checkout.sessions.create({
            ...common,
            mode: "subscription",
            line_items: [{ price: settings.annualPriceId!, quantity: 1 }],
            subscription_data: { metadata: { orgId } },
          });
    if (!session.url) throw new Error("checkout session without url");
    return session.url;
  } catch (error) {
    throw stripeUnavailable(error);
  }
}

/** A Customer Portal session (cards, invoices, the annual subscription); the browser is sent to its URL. */
export async function openCustomerPortal(orgId: string): Promise<string> {
  const { stripe } = requireStripe();
  const org = await getDb().organization.findUnique({ where: { id: orgId }, select: { stripeCustomerId: true } });
  if (!org) throw new AppError("NOT_FOUND", "No such organization.");
  if (!org.stripeCustomerId) {
    throw new AppError("CONFLICT", "There is nothing to manage yet: add a card first.", { reason: "no_billing_customer" });
  }
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: org.stripeCustomerId, return_url: billingPageUrl(orgId) });
    return session.url;
  } catch (error) {
    throw stripeUnavailable(error);
  }
}
