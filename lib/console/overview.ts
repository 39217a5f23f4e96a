import { getDb } from "@/lib/platform/db/client";
import { orgUsageSeries } from "@/lib/domain/usage/usage-series";
import type { UsageSeries } from "@/lib/domain/usage/usage-bucket";
import { activeKeyWhere } from "./list-api-keys";

export type OverviewCounts = {
  activeKeys: number;
  usedKeys: number;
  endpoints: number;
  enabledEndpoints: number;
  dataSources: number;
  members: number;
  pendingInvites: number;
};

/** The numbers of the overview page and its getting-started checklist. */
export async function loadOverviewCounts(orgId: string, now: Date = new Date()): Promise<OverviewCounts> {
  const db = getDb();
  const [activeKeys, usedKeys, endpoints, enabledEndpoints, dataSources, members, pendingInvites] = await Promise.all([
    db.apiKey.count({ where: activeKeyWhere(orgId, now) }),
    db.apiKey.count({ where: { orgId, lastUsedAt: { not: null } } }),
    db.webhookEndpoint.count({ where: { orgId } }),
    db.webhookEndpoint.count({ where: { orgId, enabled: true } }),
    db.dataSource.count({ where: { orgId } }),
    db.membership.count({ where: { orgId } }),
    db.invite.count({ where: { orgId, acceptedAt: null, expiresAt: { gt: now } } }),
  ]);
  return { activeKeys, usedKeys, endpoints, enabledEndpoints, dataSources, members, pendingInvites };
}

/** The overview's usage charts: the organization's Partner API requests, every key together. */
export async function loadOverviewUsage(orgId: string, now: Date = new Date()): Promise<UsageSeries> {
  return orgUsageSeries(orgId, now);
}
