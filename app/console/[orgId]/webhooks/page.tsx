import type { Metadata } from "next";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { CreateEndpointForm } from "@/components/console/webhooks/endpoint-form";
import { EndpointsTable } from "@/components/console/webhooks/endpoints-table";
import { DeliveryHeadersNote, SignatureSteps, VerifySnippet } from "@/components/console/webhooks/signature-help";
import { Callout } from "@/components/ui/callout";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { MAX_WEBHOOK_ENDPOINTS, listWebhookEndpoints } from "@/lib/webhooks/endpoints";
import { createEndpointAction } from "./actions";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const { org, membership } = await requireMember(orgId);
  const [lock, endpoints] = await Promise.all([loadIntegrationLock(orgId), listWebhookEndpoints(orgId)]);
  const isAdmin = membership.role === "admin";
  const atLimit = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;
  const createDisabledReason = !isAdmin
    ? "Only admins can add endpoints."
    : lock
      ? `Adding endpoints is paused: ${integrationLockMessage(lock)}`
      : atLimit
        ? `This organization has ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most allowed. Delete one to add another.`
        : null;

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Registered HTTPS endpoints receive a small signed JSON body when something happens in {org.name}’s events. Up to{" "}
            {MAX_WEBHOOK_ENDPOINTS} endpoints per organization.
          </>
        }
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="the webhook endpoints of this organization" />}
      <Panel title="Add an endpoint" id="add-endpoint">
        <PanelBody className="space-y-5">
          {atLimit && isAdmin ? (
            <Callout tone="warning" title={`${MAX_WEBHOOK_ENDPOINTS} of ${MAX_WEBHOOK_ENDPOINTS} endpoints in use`} data-testid="endpoint-limit">
              That is the most an organization can have. Delete an endpoint you no longer need (on its page) to add another.
            </Callout>
          ) : null}
          <CreateEndpointForm orgId={orgId} action={createEndpointAction} disabledReason={createDisabledReason} />
        </PanelBody>
      </Panel>
      <Panel
        title="Endpoints"
        id="endpoints"
        description={endpoints.length ? `${endpoints.length} of ${MAX_WEBHOOK_ENDPOINTS}. Open one to edit it, send a test ping, roll its secret or see its deliveries.` : undefined}
      >
        <EndpointsTable orgId={orgId} endpoints={endpoints} canCreate={createDisabledReason === null} />
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
