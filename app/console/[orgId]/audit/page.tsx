import type { Metadata } from "next";
import { AuditFilters } from "@/components/console/audit/audit-filters";
import { AuditTable } from "@/components/console/audit/audit-table";
import { KeysetPager } from "@/components/console/engagement/keyset-pager";
import { PageHeader } from "@/components/console/page-header";
import { Callout } from "@/components/ui/callout";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { AUDIT_QUERY_FIELDS, auditActorChoices, readAuditQuery } from "@/lib/console/audit-log";
import { requireMember } from "@/lib/console/guard";
import { keysetCursor } from "@/lib/console/keyset-cursor";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";
import { auditActionChoices, auditTargetTypeChoices, listAuditEntries } from "@/lib/domain/audit/list-entries";

export const metadata: Metadata = { title: "Audit log" };

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  const { membership } = await requireMember(orgId);
  const header = (
    <PageHeader
      title="Audit log"
      description="Every change made in the console or by the operator: who, when, what and what changed. Kept one year; secrets never appear here."
    />
  );
  if (membership.role !== "admin") {
    return (
      <>
        {header}
        <Callout tone="info" title="Admins only" data-testid="admin-only-notice">
          Only admins of this organization can see its audit log. Ask an admin (see Members) if you need to know who changed something.
        </Callout>
      </>
    );
  }

  const timeZone = await viewerTimeZone();
  const { query, filter, cursor } = readAuditQuery(await searchParams, timeZone);
  const [page, actors, actions, targetTypes] = await Promise.all([
    listAuditEntries(orgId, filter),
    auditActorChoices(orgId),
    auditActionChoices(orgId),
    auditTargetTypeChoices(orgId),
  ]);
  const basePath = `/console/${orgId}/audit`;
  const pagerQuery = Object.fromEntries([...AUDIT_QUERY_FIELDS.map((field) => [field, query[field]]), ["after", cursor]]);
  const filtered = AUDIT_QUERY_FIELDS.some((field) => query[field]);

  return (
    <>
      {header}
      <Panel title="Entries" id="entries" description="Newest first.">
        <AuditFilters basePath={basePath} query={query} actors={actors} actions={actions} targetTypes={targetTypes} timeZone={timeZone} />
        {page.entries.length === 0 ? (
          <EmptyState title={filtered ? "No entry matches" : "No changes recorded yet"}>
            {filtered ? "Clear the filters to see the whole log." : "Changes to keys, webhooks, data sources, members, billing and events appear here."}
          </EmptyState>
        ) : (
          <AuditTable entries={page.entries} timeZone={timeZone} />
        )}
        <KeysetPager
          path={basePath}
          query={pagerQuery}
          param="after"
          next={page.next ? keysetCursor(page.next.at, page.next.id) : null}
          label="Audit log pages"
          anchor="entries"
        />
      </Panel>
    </>
  );
}
