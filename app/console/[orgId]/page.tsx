import type { Metadata } from "next";
import { LockBanner } from "@/components/console/lock-banner";
import { OverviewChecklist } from "@/components/console/overview-checklist";
import { PageHeader } from "@/components/console/page-header";
import { StatCard } from "@/components/console/stat-card";
import { UsageCharts } from "@/components/console/api-keys/usage-charts";
import { Panel, PanelBody } from "@/components/ui/panel";
import { DatabaseIcon, KeyIcon, UsersIcon, WebhookIcon } from "@/components/ui/icons";
import { loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { loadOverviewCounts, loadOverviewUsage } from "@/lib/console/overview";
import { MAX_ACTIVE_KEYS } from "@/lib/domain/keys/create-key";

export const metadata: Metadata = { title: "Overview" };

const MAX_ENDPOINTS = 20;

export default async function OverviewPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const { org, membership } = await requireMember(orgId);
  const [lock, counts, usage] = await Promise.all([loadIntegrationLock(orgId), loadOverviewCounts(orgId), loadOverviewUsage(orgId)]);
  const base = `/console/${orgId}`;
  const paid = lock === null || lock === "integrations_disabled";

  const steps = [
    {
      title: "Unlock integrations",
      done: paid,
      href: `${base}/billing`,
      detail: paid
        ? "Your plan includes integrations."
        : "Integrations need a payment card on file or an annual plan. A card with no activated attendees costs nothing.",
    },
    {
      title: "Create an API key",
      done: counts.activeKeys > 0,
      href: `${base}/api-keys`,
      detail: "Choose only the scopes your integration needs. The key is shown once.",
    },
    {
      title: "Make your first API call",
      done: counts.usedKeys > 0,
      href: `${base}/api-keys`,
      detail: (
        <>
          Call <code className="font-mono text-xs">GET /partner/v1/me</code> with the key to check it works.
        </>
      ),
    },
    {
      title: "Receive webhooks",
      done: counts.endpoints > 0,
      href: `${base}/webhooks`,
      detail: "Get a signed POST when attendees, sessions or check-ins change, instead of polling.",
    },
    {
      title: "Import from a data source",
      done: counts.dataSources > 0,
      href: `${base}/data-sources`,
      detail: "Pull attendees or sessions from your own JSON API, on demand or on a schedule.",
      optional: true,
    },
    {
      title: "Invite your team",
      done: counts.members > 1 || counts.pendingInvites > 0,
      href: `${base}/members`,
      detail: "Admins manage integrations; members can view them.",
    },
  ];

  return (
    <>
      <PageHeader title="Overview" description={<>Integrations of <span className="font-medium text-zinc-900 dark:text-zinc-100">{org.name}</span>: the Partner API, webhooks and data-source imports.</>} />
      <LockBanner reason={lock} orgId={orgId} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Active API keys" value={counts.activeKeys} detail={`of ${MAX_ACTIVE_KEYS} allowed`} href={`${base}/api-keys`} icon={<KeyIcon />} />
        <StatCard
          label="Webhook endpoints"
          value={counts.endpoints}
          detail={`${counts.enabledEndpoints} enabled · up to ${MAX_ENDPOINTS}`}
          href={`${base}/webhooks`}
          icon={<WebhookIcon />}
        />
        <StatCard label="Data sources" value={counts.dataSources} detail="Imports of attendees and sessions" href={`${base}/data-sources`} icon={<DatabaseIcon />} />
        <StatCard
          label="Members"
          value={counts.members}
          detail={counts.pendingInvites ? `${counts.pendingInvites} invitation${counts.pendingInvites === 1 ? "" : "s"} pending` : "People with console access"}
          href={`${base}/members`}
          icon={<UsersIcon />}
        />
      </div>
      <Panel
        title="API usage"
        id="api-usage"
        description="Partner API requests of every key in this organization, by response status: success (2xx), client errors (4xx other than 429), rate limited (429) and server errors (5xx)."
      >
        <PanelBody>
          <UsageCharts hourly={usage.hourly} daily={usage.daily} idPrefix="org-usage" />
        </PanelBody>
      </Panel>
      <OverviewChecklist steps={steps} readOnly={membership.role !== "admin"} />
    </>
  );
}
