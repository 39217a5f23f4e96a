import type { Metadata } from "next";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { EndpointsTable } from "@/components/console/webhooks/endpoints-table";
import { DeliveryHeadersNote, SignatureSteps, VerifySnippet } from "@/components/console/webhooks/signature-help";
import { ButtonLink } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { possessive } from "@/lib/console/possessive";
import { endpointHealthLevels } from "@/lib/domain/webhooks/endpoint-health";
import { MAX_WEBHOOK_ENDPOINTS, listWebhookEndpoints } from "@/lib/domain/webhooks/endpoints";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const { org, membership } = await requireMember(orgId);
  const [lock, endpoints, health] = await Promise.all([loadIntegrationLock(orgId), listWebhookEndpoints(orgId), endpointHealthLevels(orgId)]);
  const isAdmin = membership.role === "admin";
  const atLimit = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;
  // Only for admins: members see the list without any create control.
  const createDisabledReason = lock
    ? `Adding endpoints is paused: ${integrationLockMessage(lock)}`
    : atLimit
      ? `This organization has ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most allowed. Delete one (on its page) to add another.`
      : null;

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Registered HTTPS endpoints receive a small signed JSON body when something happens in {possessive(org.name)} events. Up
            to {MAX_WEBHOOK_ENDPOINTS} endpoints per organization.
          </>
        }
        actions={
          isAdmin && !createDisabledReason ? (
            <ButtonLink href={`/console/${orgId}/webhooks/new`} data-testid="add-endpoint-button">
              <PlusIcon />
              Add endpoint
            </ButtonLink>
          ) : null
        }
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="the webhook endpoints of this organization" />}
      {isAdmin && createDisabledReason ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid={atLimit ? "endpoint-limit" : "create-disabled-reason"}>
          {createDisabledReason}
        </p>
      ) : null}
      <Panel
        title="Endpoints"
        id="endpoints"
        description={endpoints.length ? `${endpoints.length} of ${MAX_WEBHOOK_ENDPOINTS}. Open one to edit it, send a test ping, roll its secret or see its deliveries.` : undefined}
      >
        <EndpointsTable orgId={orgId} endpoints={endpoints} health={health} canCreate={isAdmin && createDisabledReason === null} />
      </Panel>
      <Panel
        title="Verifying signatures"
        id="verify-signatures"
        description="Receivers check every delivery before trusting it. The signing secret is shown once, when an endpoint is added or its secret is rolled."
      >
        <PanelBody className="space-y-4">
          <SignatureSteps />
          <VerifySnippet />
          <DeliveryHeadersNote />
        </PanelBody>
      </Panel>
    </>
  );
}
