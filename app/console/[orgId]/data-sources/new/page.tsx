import type { Metadata } from "next";
import Link from "next/link";
import { SourceEditor } from "@/components/console/data-sources/source-editor";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { listEventOptions } from "@/lib/console/list-data-sources";
import { emptyDraft } from "@/lib/console/mapping-draft";
import { countDataSourcePagesAction, createDataSourceAction, previewDataSourceAction } from "../actions";

export const metadata: Metadata = { title: "New data source" };

export default async function NewDataSourcePage({ params }: { params: Promise<{ orgId: string }> }) {
  const { orgId } = await params;
  const { membership } = await requireMember(orgId);
  const [lock, events] = await Promise.all([loadIntegrationLock(orgId), listEventOptions(orgId)]);
  const isAdmin = membership.role === "admin";
  const lockReason = lock ? `Paused while integrations are locked: ${integrationLockMessage(lock)}` : null;
  const disabledReason = !isAdmin ? "Only admins can add data sources." : lockReason;

  return (
    <>
      <nav aria-label="Breadcrumb" className="-mb-2 text-sm">
        <Link href={`/console/${orgId}/data-sources`} className="inline-flex items-center gap-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          <ArrowRightIcon className="size-3.5 rotate-180" />
          Data sources
        </Link>
      </nav>
      <PageHeader
        title="New data source"
        description="Describe where the partner's JSON API is, fetch a sample to see its data, then map its fields onto attendees or sessions. Nothing is imported until the source runs."
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="data sources" />}
      <Panel>
        <PanelBody className="sm:py-6">
          <SourceEditor
            orgId={orgId}
            mode="create"
            initial={emptyDraft("attendees", events.length === 1 ? events[0].id : "")}
            events={events}
            saveAction={createDataSourceAction}
            previewAction={previewDataSourceAction}
            countPagesAction={countDataSourcePagesAction}
            disabledReason={disabledReason}
            previewDisabledReason={disabledReason}
          />
        </PanelBody>
      </Panel>
    </>
  );
}
