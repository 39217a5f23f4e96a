import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Panel, PanelBody } from "@/components/ui/panel";
import { SupportLink } from "@/components/ui/support-link";

// The "Change your plan" panel: Stripe Checkout and the Customer Portal when self-serve
// billing is configured; otherwise it says so and sends the admin to the service's support
// (SUPPORT_URL), who set plans for organizations.

const REFUSALS: Record<string, string> = {
  admin_required: "Only admins of this organization can change billing. Ask an admin to do this for you.",
  billing_not_configured: "Self-serve billing is not set up on this deployment.",
  annual_not_offered: "The annual plan cannot be bought online here. Add a card, or ask for an annual plan.",
  no_billing_customer: "There is nothing to manage yet: add a card first.",
  stripe_unavailable: "The payment provider did not answer. Nothing was changed; try again in a moment.",
};

export type SelfServeBillingProps = {
  orgId: string;
  configured: boolean;
  annualOffered: boolean;
  hasCustomer: boolean;
  hasPaidPlan: boolean;
  isAdmin: boolean;
  /** SUPPORT_URL: linked when self-serve billing is not configured. */
  supportUrl: string | undefined;
  checkout: string | undefined;
  refused: string | undefined;
  action: (formData: FormData) => Promise<void>;
};

function StripeButton({ orgId, intent, action, children, variant }: { orgId: string; intent: string; action: SelfServeBillingProps["action"]; children: ReactNode; variant?: "primary" | "secondary" }) {
  return (
    <form action={action}>
      <input type="hidden" name="orgId" value={orgId} />
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant ?? "primary"} data-testid={`billing-${intent}`}>
        {children}
      </Button>
    </form>
  );
}

export function SelfServeBilling(props: SelfServeBillingProps) {
  const { orgId, configured, action } = props;
  return (
    <Panel title="Change your plan" id="change">
      <PanelBody className="space-y-4 text-sm text-zinc-700 dark:text-zinc-300">
        {props.checkout === "done" ? (
          <Callout tone="info" title="Thank you: Stripe is confirming your details" data-testid="checkout-done">
            <p>The plan above changes as soon as Stripe confirms, usually within seconds. Reload this page if it has not changed yet.</p>
          </Callout>
        ) : null}
        {props.checkout === "cancelled" ? (
          <Callout tone="info" title="Checkout cancelled" data-testid="checkout-cancelled">
            <p>Nothing was changed.</p>
          </Callout>
        ) : null}
        {props.refused ? (
          <Callout tone="danger" title="That did not work" data-testid="billing-refused">
            <p>{REFUSALS[props.refused] ?? "Something went wrong on our side. Try again in a moment."}</p>
          </Callout>
        ) : null}
        {configured ? (
          <>
            <p>
              Card details are entered on Stripe&apos;s secure page, never in this console. Adding a card costs nothing until your
              attendees start activating.
            </p>
            {props.isAdmin ? (
              <div className="flex flex-wrap gap-3">
                {props.hasPaidPlan ? null : (
                  <StripeButton orgId={orgId} intent="card" action={action}>
                    Add a payment card
                  </StripeButton>
                )}
                {props.annualOffered ? (
                  <StripeButton orgId={orgId} intent="annual" action={action} variant={props.hasPaidPlan ? "primary" : "secondary"}>
                    Buy the annual plan
                  </StripeButton>
                ) : null}
                {props.hasCustomer ? (
                  <StripeButton orgId={orgId} intent="portal" action={action} variant="secondary">
                    Manage cards and invoices
                  </StripeButton>
                ) : null}
              </div>
            ) : (
              <p data-testid="billing-admin-only">Only admins of this organization can change billing.</p>
            )}
          </>
        ) : (
          <div className="space-y-2" data-testid="billing-operator">
            <p>
              Self-serve billing is not set up on this deployment yet, so a card cannot be added here.{" "}
              <SupportLink url={props.supportUrl}>Contact the service&apos;s support</SupportLink> to set your plan (card or annual) for
              this organization. Integrations unlock as soon as the plan is set.
            </p>
          </div>
        )}
      </PanelBody>
    </Panel>
  );
}
