import { sqlRows } from "@/lib/platform/db/client";
import type { Scope } from "@/lib/domain/keys/scopes";
import { keysetPage } from "../keyset";
import { iso } from "@/lib/domain/resources/projections";
import { SerializedJson } from "@/lib/platform/http/responses";
import { readableFeedTypes, type FeedEventType } from "@/lib/domain/webhooks/feed-types";
import { DELIVERY_LOG_RETENTION_MS } from "@/lib/domain/webhooks/schedule";
import { webhookBody } from "@/lib/domain/webhooks/send-attempt";

// GET /partner/v1/webhook-events: the organization's webhook events as their bodies, oldest
// first by (createdAt, id), for the last 30 days (the outbox is pruned with the delivery
// log). Each item is webhookBody() of the outbox row, the function every delivery's bytes
// come from, spliced into the page unparsed: the same bytes a delivery carries. Test events
// and pings never appear; types the key's scopes do not read are left out, not refused.

export type WebhookEventFeedQuery = { limit: number; cursor?: string; types?: FeedEventType[]; since?: Date };

type FeedRow = { id: string; type: string; createdAt: Date; data: unknown; previousAttributes: unknown };

export async function listWebhookEvents(orgId: string, scopes: readonly Scope[], query: WebhookEventFeedQuery, now: Date = new Date()) {
  const readable = readableFeedTypes(scopes);
  const types = query.types ? readable.filter((type) => query.types!.includes(type)) : readable;
  const floor = new Date(now.getTime() - DELIVERY_LOG_RETENTION_MS);
  const since = query.since && query.since > floor ? query.since : floor;
  // Organization, effective types and `since` are the list: a cursor continues only it
  // (a key whose scopes changed between pages gets INVALID_CURSOR, not a different list).
  const scope = `webhook-events:${orgId}:${types.join(",")}:${query.since?.toISOString() ?? "*"}`;
  const page = await keysetPage<FeedRow>({
    scope,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: `e."createdAt"`, cast: "timestamptz" },
      { sql: `e.id`, cast: "uuid" },
    ],
    position: (row) => [iso(row.createdAt), row.id],
    fetch: ({ after, orderBy, take }) =>
      types.length === 0
        ? Promise.resolve([])
        : sqlRows<FeedRow>`
      SELECT e.id, e.type, e."createdAt", e.data, e."previousAttributes"
      FROM "WebhookEvent" e
      WHERE e."orgId" = ${orgId}::uuid AND NOT e.test AND e.type = ANY(${types}::text[])
        AND e."createdAt" >= ${since}::timestamptz ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  const items = page.rows.map((row) => webhookBody(row)).join(",");
  return SerializedJson.list(items, { nextCursor: page.nextCursor });
}
