import type { Metadata } from "next";
import { SourcesTable } from "@/components/console/data-sources/sources-table";
import { LockBanner } from "@/components/console/lock-banner";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { ButtonLink } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { integrationLockMessage, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { requireMember } from "@/lib/console/guard";
import { listDataSourcesPage } from "@/lib/console/list-data-sources";
import { parsePageParam } from "@/lib/console/pagination";

export const metadata: Metadata = { title: "Data sources" };

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DataSourcesPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  const { membership } = await requireMember(orgId);
  const [lock, sources] = await Promise.all([loadIntegrationLock(orgId), listDataSourcesPage(orgId, parsePageParam((await searchParams).page))]);
  const isAdmin = membership.role === "admin";
  const createDisabledReason = !isAdmin
    ? "Only admins can add data sources."
    : lock
      ? `Adding data sources is paused: ${integrationLockMessage(lock)}`
      : null;

  return (
    <>
      <PageHeader
        title="Data sources"
        description="Point the service at your own JSON API and map its fields onto attendees or sessions of an event. Pulls run on demand, hourly or daily; they create and update, never delete. Up to 5,000 records or 60 seconds per run."
        actions={
          !isAdmin ? null : (
            <ButtonLink href={`/console/${orgId}/data-sources/new`} data-testid="new-data-source">
              <PlusIcon />
              New data source
            </ButtonLink>
          )
        }
      />
      <LockBanner reason={lock} orgId={orgId} />
      {isAdmin ? null : <ReadOnlyNotice what="the data sources of this organization and their runs" />}
      {createDisabledReason && isAdmin ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="create-disabled-reason">
          {createDisabledReason}
        </p>
      ) : null}
      <Panel title="Sources" id="sources">
        <SourcesTable
          orgId={orgId}
          rows={sources.rows}
          page={sources.page}
          emptyHint={
            createDisabledReason
              ? "A data source imports attendees or sessions from a system you already run, such as a registration tool or CRM. " +
                (isAdmin ? "Sources can be added once integrations are unlocked." : "An admin of this organization can add one.")
              : "Add one with New data source: give the address of your JSON API, fetch a sample, map its fields onto attendees or sessions, and save."
          }
        />
      </Panel>
    </>
  );
}
