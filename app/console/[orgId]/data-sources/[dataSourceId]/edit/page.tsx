import type { Metadata } from "next";
import Link from "next/link";
import { SourceEditor } from "@/components/console/data-sources/source-editor";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { ADMIN_REQUIRED_MESSAGE, requireMember } from "@/lib/console/guard";
import { listEventOptions } from "@/lib/console/list-data-sources";
import { draftFromSource } from "@/lib/console/mapping-draft";
import { countDataSourcePagesAction, previewDataSourceAction, updateDataSourceAction } from "../../actions";
import { loadSource } from "../load-source";

export const metadata: Metadata = { title: "Edit data source" };

export default async function EditDataSourcePage({ params }: { params: Promise<{ orgId: string; dataSourceId: string }> }) {
  const { orgId, dataSourceId } = await params;
  const { membership } = await requireMember(orgId);
  const source = await loadSource(orgId, dataSourceId);
  const [lock, events] = await Promise.all([loadIntegrationLock(orgId), listEventOptions(orgId)]);
  const isAdmin = membership.role === "admin";
  // Editing works while integrations are locked (the console keeps working); fetching a sample sends a request, so it does not.
  const disabledReason = isAdmin ? null : ADMIN_REQUIRED_MESSAGE;
  const previewDisabledReason = disabledReason ?? (lock ? `Paused while integrations are locked: ${integrationLockMessage(lock)}` : null);

  return (
    <>
      <nav aria-label="Breadcrumb" className="-mb-2 text-sm">
        <Link
          href={`/console/${orgId}/data-sources/${dataSourceId}`}
          className="inline-flex items-center gap-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <ArrowRightIcon className="size-3.5 rotate-180" />
          {source.name}
        </Link>
      </nav>
      <PageHeader title="Edit data source" description="Changes apply from the next run. Saved header values are never shown: leave them blank to keep them." />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="this data source" />}
      <Panel>
        <PanelBody className="sm:py-6">
          <SourceEditor
            orgId={orgId}
            mode="edit"
            dataSourceId={dataSourceId}
            initial={draftFromSource(source)}
            events={events}
            saveAction={updateDataSourceAction}
            previewAction={previewDataSourceAction}
            countPagesAction={countDataSourcePagesAction}
            disabledReason={disabledReason}
            previewDisabledReason={previewDisabledReason}
          />
        </PanelBody>
      </Panel>
    </>
  );
}
