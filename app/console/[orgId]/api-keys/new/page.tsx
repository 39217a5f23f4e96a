import type { Metadata } from "next";
import Link from "next/link";
import { CreateKeyForm } from "@/components/console/api-keys/create-key-form";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { displayOrigin } from "@/lib/console/request-origin";
import { createKeyAction } from "../actions";

export const metadata: Metadata = { title: "Create an API key" };

export default async function NewApiKeyPage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const { membership } = await requireMember(orgId);
  const [lock, origin] = await Promise.all([loadIntegrationLock(orgId), displayOrigin()]);
  const isAdmin = membership.role === "admin";
  const listHref = `/console/${orgId}/api-keys`;

  return (
    <>
      <nav aria-label="Breadcrumb" className="-mb-2 text-sm">
        <Link href={listHref} className="inline-flex items-center gap-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          <ArrowRightIcon className="size-3.5 rotate-180" />
          API keys
        </Link>
      </nav>
      <PageHeader
        title="Create an API key"
        description="Name the key after what uses it, give it only the scopes that system needs, and copy it when it is shown: it is shown once."
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? (
        <Panel>
          <PanelBody className="sm:py-6">
            <CreateKeyForm
              orgId={orgId}
              action={createKeyAction}
              disabledReason={lock ? `Key creation is paused: ${integrationLockMessage(lock)}` : null}
              origin={origin}
              listHref={listHref}
            />
          </PanelBody>
        </Panel>
      ) : (
        <ReadOnlyNotice what="the keys of this organization" />
      )}
    </>
  );
}
