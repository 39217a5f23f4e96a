import type { Metadata } from "next";
import Link from "next/link";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { CreateEndpointForm } from "@/components/console/webhooks/endpoint-form";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { MAX_WEBHOOK_ENDPOINTS, listWebhookEndpoints } from "@/lib/domain/webhooks/endpoints";
import { endpointEventChoices } from "@/lib/console/endpoint-limits";
import { createEndpointAction, previewShapeAction } from "../actions";

export const metadata: Metadata = { title: "Add a webhook endpoint" };

export default async function NewWebhookEndpointPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const { membership } = await requireMember(orgId);
  const [lock, endpoints, events] = await Promise.all([loadIntegrationLock(orgId), listWebhookEndpoints(orgId), endpointEventChoices(orgId)]);
  const isAdmin = membership.role === "admin";
  const listHref = `/console/${orgId}/webhooks`;
  const disabledReason = lock
    ? `Adding endpoints is paused: ${integrationLockMessage(lock)}`
    : endpoints.length >= MAX_WEBHOOK_ENDPOINTS
      ? `This organization has ${MAX_WEBHOOK_ENDPOINTS} endpoints, the most allowed. Delete one (on its page) to add another.`
      : null;

  return (
    <>
      <nav aria-label="Breadcrumb" className="-mb-2 text-sm">
        <Link href={listHref} className="inline-flex items-center gap-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          <ArrowRightIcon className="size-3.5 rotate-180" />
          Webhooks
        </Link>
      </nav>
      <PageHeader
        title="Add a webhook endpoint"
        description="The HTTPS address of your receiver and the event types it needs. Its signing secret is shown once, when it is added."
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? (
        <Panel>
          <PanelBody className="sm:py-6">
            <CreateEndpointForm
              orgId={orgId}
              action={createEndpointAction}
              disabledReason={disabledReason}
              listHref={listHref}
              events={events}
              preview={previewShapeAction}
            />
          </PanelBody>
        </Panel>
      ) : (
        <ReadOnlyNotice what="the webhook endpoints of this organization" />
      )}
    </>
  );
}
