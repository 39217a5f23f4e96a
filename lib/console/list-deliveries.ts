import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DELIVERY_LOG_INCLUDE, toDeliveryLogEntry, type DeliveryLogEntry } from "@/lib/domain/webhooks/delivery-log";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/domain/webhooks/event-types";
import { DELIVERY_LOG_RETENTION_MS } from "@/lib/domain/webhooks/schedule";
import { pageInfo, pageRequest, parsePageParam, type PageInfo } from "./pagination";

// The console's delivery log of one endpoint: the last 30 days (the retention of the
// spec; the nightly prune removes older rows, the cutoff here hides them until then),
// newest first, filtered by state and event type from the query string, a page at a time.
// Same entries as lib/domain/webhooks/delivery-log.ts (the CLI's log), plus paging and filters.

export const DELIVERY_STATES = ["pending", "succeeded", "exhausted", "cancelled", "filtered", "shape_failed"] as const;
export type DeliveryStateFilter = (typeof DELIVERY_STATES)[number];

export type DeliveryFilters = { state: DeliveryStateFilter | null; type: WebhookEventType | null; page: number };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Filters from ?state=&type=&page=; an unknown value means "any" rather than an error. */
export function parseDeliveryFilters(params: SearchParams): DeliveryFilters {
  const state = first(params.state);
  const type = first(params.type);
  return {
    state: (DELIVERY_STATES as readonly string[]).includes(state ?? "") ? (state as DeliveryStateFilter) : null,
    type: (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type ?? "") ? (type as WebhookEventType) : null,
    page: parsePageParam(params.page),
  };
}

/** The query string of a filtered page (page 1 is left out), for links. */
export function deliveryFilterQuery(filters: Omit<DeliveryFilters, "page">, page = 1): string {
  const query = new URLSearchParams();
  if (filters.state) query.set("state", filters.state);
  if (filters.type) query.set("type", filters.type);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

async function requireEndpointOf(orgId: string, endpointId: string): Promise<void> {
  const endpoint = isUuid(orgId) && isUuid(endpointId)
    ? await getDb().webhookEndpoint.findFirst({ where: { id: endpointId, orgId }, select: { id: true } })
    : null;
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
}

export async function listDeliveriesPage(
  orgId: string,
  endpointId: string,
  filters: DeliveryFilters,
  now: Date = new Date(),
): Promise<{ rows: DeliveryLogEntry[]; page: PageInfo }> {
  await requireEndpointOf(orgId, endpointId);
  const where: Prisma.WebhookDeliveryWhereInput = {
    endpointId,
    createdAt: { gte: new Date(now.getTime() - DELIVERY_LOG_RETENTION_MS) },
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.type ? { event: { type: filters.type } } : {}),
  };
  const db = getDb();
  const total = await db.webhookDelivery.count({ where });
  const { page, skip, take } = pageRequest(filters.page, total);
  const rows = await db.webhookDelivery.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take, include: DELIVERY_LOG_INCLUDE });
  return { rows: rows.map(toDeliveryLogEntry), page: pageInfo(page, total, rows.length) };
}

/** One delivery of the organization's endpoint (the console polls a test ping with it), or 404. */
export async function getEndpointDelivery(orgId: string, endpointId: string, deliveryId: string): Promise<DeliveryLogEntry> {
  const row = isUuid(orgId) && isUuid(endpointId) && isUuid(deliveryId)
    ? await getDb().webhookDelivery.findFirst({ where: { id: deliveryId, endpointId, endpoint: { orgId } }, include: DELIVERY_LOG_INCLUDE })
    : null;
  if (!row) throw new AppError("NOT_FOUND", "No such webhook delivery.");
  return toDeliveryLogEntry(row);
}
