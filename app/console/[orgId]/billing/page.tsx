import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SelfServeBilling } from "@/components/console/billing/self-serve-billing";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { stripeConfig } from "@/lib/domain/billing/stripe-client";
import { formatDate } from "@/lib/console/format-time";
import { requireMember } from "@/lib/console/guard";
import { config } from "@/lib/platform/config/env";
import { stripeRedirectAction } from "./actions";

export const metadata: Metadata = { title: "Billing" };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 px-4 py-3.5 sm:justify-start sm:gap-6 sm:px-6">
      <dt className="shrink-0 pt-0.5 text-sm text-zinc-600 sm:w-48 dark:text-zinc-400">{label}</dt>
      <dd className="text-right text-sm text-zinc-900 sm:text-left dark:text-zinc-100">{children}</dd>
    </div>
  );
}

const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function BillingPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  const query = await searchParams;
  const { org, membership } = await requireMember(orgId);
  const stripe = stripeConfig();
  const lock = await loadIntegrationLock(orgId);
  const now = new Date();

  const annualActive = org.billingPlan === "annual" && org.annualPlanUntil !== null && org.annualPlanUntil > now;
  const plan: { label: ReactNode; tone: BadgeTone } =
    org.billingPlan === "card"
      ? { label: "Card on file", tone: "green" }
      : org.billingPlan === "annual"
        ? annualActive
          ? { label: `Annual plan until ${formatDate(org.annualPlanUntil!)}`, tone: "green" }
          : { label: `Annual plan ended ${org.annualPlanUntil ? formatDate(org.annualPlanUntil) : ""}`.trim(), tone: "amber" }
        : { label: "Free", tone: "neutral" };
  const account: Record<typeof org.billingAccountState, { label: string; tone: BadgeTone }> = {
    active: { label: "Active", tone: "green" },
    suspended: { label: "Suspended", tone: "red" },
    closed: { label: "Closed", tone: "red" },
  };

  return (
    <>
      <PageHeader title="Billing" description={<>Plan and account state of {org.name}, and what they mean for integrations.</>} />
      <LockBanner reason={lock} orgId={orgId} />
      <Panel title="Plan" id="plan">
        <dl className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="billing-summary">
          <Row label="Plan">
            <Badge tone={plan.tone}>{plan.label}</Badge>
          </Row>
          <Row label="Billing account">
            <Badge tone={account[org.billingAccountState].tone}>{account[org.billingAccountState].label}</Badge>
          </Row>
          <Row label="Organization">
            <Badge tone={org.status === "active" ? "green" : "red"}>{org.status === "active" ? "Active" : "Suspended"}</Badge>
          </Row>
          <Row label="Integrations">
            {lock ? (
              <span className="flex flex-wrap items-center justify-end gap-2 sm:justify-start">
                <Badge tone="red">Locked</Badge>
                <span className="text-zinc-600 dark:text-zinc-400">{integrationLockMessage(lock)}</span>
              </span>
            ) : (
              <Badge tone="green">Unlocked</Badge>
            )}
          </Row>
        </dl>
      </Panel>
      <Panel title="How billing works" id="how">
        <PanelBody className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">
          <p>
            Integrations (API keys, webhooks and data sources) need a paid plan: a payment card on file, or an active annual
            plan. The free allowance does not include them.
          </p>
          <p>
            Billing is <span className="font-medium text-zinc-900 dark:text-zinc-100">per activated attendee</span>: an
            attendee counts once they sign in and claim their place. A card on file with no activated attendees costs
            nothing, so adding one to try integrations is free until your event goes live.
          </p>
          <p>
            While integrations are locked, this console keeps working and shows everything that exists, but creating keys,
            endpoints and data-source runs, and every Partner API call, is refused with the reason shown above (HTTP 402,
            or 403 for a suspended organization).
          </p>
        </PanelBody>
      </Panel>
      <SelfServeBilling
        orgId={orgId}
        configured={Boolean(stripe)}
        annualOffered={Boolean(stripe?.annualPriceId)}
        hasCustomer={Boolean(org.stripeCustomerId)}
        hasPaidPlan={org.billingPlan === "card" || annualActive}
        isAdmin={membership.role === "admin"}
        supportUrl={config().supportUrl}
        checkout={one(query.checkout)}
        refused={one(query.refused)}
        action={stripeRedirectAction}
      />
    </>
  );
}
