import type { Metadata } from "next";
import Link from "next/link";
import { DeleteSource } from "@/components/console/data-sources/delete-source";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";
import { RunPanel } from "@/components/console/data-sources/run-panel";
import { RunsTable } from "@/components/console/data-sources/runs-table";
import { SourceSummary } from "@/components/console/data-sources/source-summary";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { ButtonLink } from "@/components/ui/button";
import { ArrowRightIcon } from "@/components/ui/icons";
import { Panel, PanelBody } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { ADMIN_REQUIRED_MESSAGE, requireMember } from "@/lib/console/guard";
import { getEventOption, listImportRunsPage } from "@/lib/console/list-data-sources";
import { parsePageParam } from "@/lib/console/pagination";
import { deleteDataSourceAction, latestRunAction, runNowAction, runProgressAction } from "../actions";
import { loadSource } from "./load-source";

export const metadata: Metadata = { title: "Data source" };

type Props = {
  params: Promise<{ orgId: string; dataSourceId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function DataSourcePage({ params, searchParams }: Props) {
  const { orgId, dataSourceId } = await params;
  const { membership } = await requireMember(orgId);
  const source = await loadSource(orgId, dataSourceId);
  const [lock, event, runs, timeZone] = await Promise.all([
    loadIntegrationLock(orgId),
    getEventOption(orgId, source.eventId),
    listImportRunsPage(orgId, dataSourceId, parsePageParam((await searchParams).page)),
    viewerTimeZone(),
  ]);
  const isAdmin = membership.role === "admin";
  const adminReason = isAdmin ? null : ADMIN_REQUIRED_MESSAGE;
  const runDisabledReason = adminReason ?? (lock ? `Runs are paused while integrations are locked: ${integrationLockMessage(lock)}` : null);
  const basePath = `/console/${orgId}/data-sources/${dataSourceId}`;

  return (
    <>
      <nav aria-label="Breadcrumb" className="-mb-2 text-sm">
        <Link href={`/console/${orgId}/data-sources`} className="inline-flex items-center gap-1.5 text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
          <ArrowRightIcon className="size-3.5 rotate-180" />
          Data sources
        </Link>
      </nav>
      <PageHeader
        title={source.name}
        description={<>Imports {source.target} into {event?.name ?? "its event"}. Runs create and update; they never delete.</>}
        actions={
          isAdmin ? (
            <ButtonLink href={`${basePath}/edit`} variant="secondary" data-testid="edit-data-source">
              Edit configuration
            </ButtonLink>
          ) : null
        }
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="this data source and its runs" />}
      <p id="source-read-only-reason" hidden>
        {adminReason}
      </p>

      <Panel title="Run" id="run" description="A run reads every page (up to 5,000 records or 60 seconds), creates what is new and updates what changed.">
        <PanelBody>
          <RunPanel
            orgId={orgId}
            dataSourceId={dataSourceId}
            target={source.target}
            latest={source.lastRun}
            runAction={runNowAction}
            progressAction={runProgressAction}
            latestRunAction={latestRunAction}
            disabledReason={runDisabledReason}
            canRun={isAdmin}
            timeZone={timeZone}
          />
        </PanelBody>
      </Panel>

      <Panel title="Run history" id="runs">
        <RunsTable basePath={basePath} rows={runs.rows} page={runs.page} target={source.target} timeZone={timeZone} />
      </Panel>

      <Panel title="Configuration" id="configuration" actions={isAdmin ? <ButtonLink href={`${basePath}/edit`} variant="secondary" size="sm">Edit</ButtonLink> : null}>
        <PanelBody>
          <SourceSummary source={source} eventName={event?.name ?? "its event"} timeZone={timeZone} />
        </PanelBody>
      </Panel>

      {/* Members see the source and its runs, not buttons they may not press. */}
      {isAdmin ? (
        <Panel title="Delete data source" id="delete" description="What it imported stays; the configuration and run history go.">
          <PanelBody>
            <DeleteSource orgId={orgId} dataSourceId={dataSourceId} name={source.name} action={deleteDataSourceAction} disabledReason={null} />
          </PanelBody>
        </Panel>
      ) : null}
    </>
  );
}
