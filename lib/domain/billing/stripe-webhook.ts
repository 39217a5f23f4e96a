import { recordAudit, STRIPE } from "@/lib/domain/audit/record";
import { billingChanges } from "@/lib/domain/orgs/organizations";
import Stripe from "stripe";
import { getDb, sqlRows } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { logger } from "@/lib/platform/observability/logger";
import { requireStripe, stripeUnavailable } from "./stripe-client";
import { billingFromStripe, type StripeBillingFacts } from "./stripe-state";

// Stripe's webhooks set the billing state the 402 rules read (lib/domain/billing/entitlement.ts).
// The organization is always the one whose stored Stripe customer the event names: ids in
// metadata or client_reference_id are only cross-checked, never trusted on their own.
// Each event id is applied once; the state itself is recomputed from Stripe's current
// objects (stripe-state.ts), so a late or repeated event cannot roll anything back. Two
// events for one organization can read Stripe in one order and reach the database in the
// other: only a reading that began after the one last applied is written.

/** Generous for a Stripe event (they are a few KB); anything bigger is refused unread. */
export const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;

export type StripeWebhookOutcome =
  | { result: "applied"; eventId: string; orgId: string; billingPlan: string }
  | { result: "duplicate"; eventId: string }
  /** A newer reading of Stripe was applied first: this one is older and changes nothing. */
  | { result: "superseded"; eventId: string; orgId: string }
  | { result: "ignored"; eventId: string; reason: "unhandled_type" | "unknown_customer" | "organization_mismatch" };

type CustomerRef = string | { id: string } | null | undefined;
const customerId = (ref: CustomerRef): string | null => (typeof ref === "string" ? ref : (ref?.id ?? null));

/** The Stripe customer an event is about, and the organization id it claims (if any), for the handled types. */
function subjectOf(event: Stripe.Event): { customer: string | null; claimedOrg: string | null } | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return { customer: customerId(session.customer), claimedOrg: session.client_reference_id ?? session.metadata?.orgId ?? null };
    }
    case "setup_intent.succeeded": {
      const intent = event.data.object;
      return { customer: customerId(intent.customer), claimedOrg: intent.metadata?.orgId ?? null };
    }
    case "payment_method.detached": {
      // Once detached the card names no customer: the one it had is in previous_attributes.
      const previous = event.data.previous_attributes as { customer?: CustomerRef } | undefined;
      return { customer: customerId(previous?.customer) ?? customerId(event.data.object.customer), claimedOrg: null };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed": {
      const subscription = event.data.object;
      return { customer: customerId(subscription.customer), claimedOrg: subscription.metadata?.orgId ?? null };
    }
    default:
      return null;
  }
}

export async function verifyStripeEvent(rawBody: string, signature: string | null): Promise<Stripe.Event> {
  const { stripe, settings } = requireStripe();
  if (!signature) throw new AppError("UNAUTHORIZED", "Missing Stripe-Signature header.", { reason: "invalid_signature" });
  try {
    return await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret, 300);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError("UNAUTHORIZED", "The Stripe-Signature header does not match this body, or it is too old.", { reason: "invalid_signature" });
    }
    throw new AppError("INVALID_INPUT", "The body is not a Stripe event.", { reason: "invalid_event" });
  }
}

async function remember(eventId: string, type: string, orgId: string | null): Promise<boolean> {
  const { count } = await getDb().stripeEvent.createMany({ data: [{ id: eventId, type, orgId }], skipDuplicates: true });
  return count === 1;
}

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<StripeWebhookOutcome> {
  const event = await verifyStripeEvent(rawBody, signature);
  const { stripe, settings } = requireStripe();
  const db = getDb();
  const subject = subjectOf(event);
  if (!subject) return { result: "ignored", eventId: event.id, reason: "unhandled_type" };
  if (await db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return { result: "duplicate", eventId: event.id };

  const org = subject.customer
    ? await db.organization.findUnique({ where: { stripeCustomerId: subject.customer }, select: { id: true } })
    : null;
  if (!org) {
    logger.warn({ stripeEventId: event.id, type: event.type }, "stripe event for a customer of no organization ignored");
    return (await remember(event.id, event.type, null)) ? { result: "ignored", eventId: event.id, reason: "unknown_customer" } : { result: "duplicate", eventId: event.id };
  }
  if (subject.claimedOrg && subject.claimedOrg !== org.id) {
    logger.warn({ stripeEventId: event.id, type: event.type, orgId: org.id }, "stripe event naming another organization than its customer's ignored");
    return (await remember(event.id, event.type, org.id)) ? { result: "ignored", eventId: event.id, reason: "organization_mismatch" } : { result: "duplicate", eventId: event.id };
  }

  const customer = subject.customer!;
  // On the database's clock, the one every instance shares.
  const [{ readAt }] = await sqlRows<{ readAt: Date }>`SELECT clock_timestamp() AS "readAt"`;
  let facts: StripeBillingFacts;
  try {
    if (event.type === "checkout.session.completed" && event.data.object.mode === "setup" && event.data.object.setup_intent) {
      // The new card becomes the customer's default, so the annual plan and invoices can use it.
      const intent = await stripe.setupIntents.retrieve(customerId(event.data.object.setup_intent)!);
      const paymentMethod = customerId(intent.payment_method);
      if (customerId(intent.customer) === customer && paymentMethod) {
        await stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethod } });
      }
    }
    const [cards, subscriptions] = await Promise.all([
      stripe.customers.listPaymentMethods(customer, { type: "card", limit: 100 }),
      stripe.subscriptions.list({ customer, status: "all", limit: 100 }),
    ]);
    facts = { cardCount: cards.data.length, subscriptions: subscriptions.data };
  } catch (error) {
    throw stripeUnavailable(error);
  }

  const outcome = await db.$transaction(async (tx) => {
    const { count } = await tx.stripeEvent.createMany({ data: [{ id: event.id, type: event.type, orgId: org.id }], skipDuplicates: true });
    if (count === 0) return "duplicate" as const;
    // The row lock orders concurrent writers; each then compares its reading with the last applied.
    await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${org.id}::uuid FOR UPDATE`;
    const current = await tx.organization.findUniqueOrThrow({
      where: { id: org.id },
      select: { name: true, billingPlan: true, annualPlanUntil: true, billingSyncedAt: true },
    });
    if (current.billingSyncedAt && current.billingSyncedAt >= readAt) return "superseded" as const;
    const next = billingFromStripe(facts, settings.annualPriceId, current);
    await tx.organization.update({ where: { id: org.id }, data: { ...next, billingSyncedAt: readAt } });
    const summary = billingChanges(current, next);
    if (Object.keys(summary).length > 0) {
      await recordAudit(tx, org.id, STRIPE, {
        action: "billing.changed",
        target: { type: "organization", id: org.id, label: current.name },
        summary: { ...summary, stripeEvent: event.type },
      });
    }
    return next;
  });
  if (outcome === "duplicate") return { result: "duplicate", eventId: event.id };
  if (outcome === "superseded") {
    logger.info({ stripeEventId: event.id, type: event.type, orgId: org.id }, "stripe event superseded by a newer reading");
    return { result: "superseded", eventId: event.id, orgId: org.id };
  }
  logger.info({ stripeEventId: event.id, type: event.type, orgId: org.id, billingPlan: outcome.billingPlan }, "stripe event applied");
  return { result: "applied", eventId: event.id, orgId: org.id, billingPlan: outcome.billingPlan };
}
