import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { listKeyRequests, requestIdSearchSchema, routesOfKey, statusClassSchema, type ApiRequestEntry, type StatusClass } from "@/lib/domain/request-log/list";
import { KEY_ROW_SELECT, toKeyRow, type KeyRow } from "./list-api-keys";
import { keysetCursor, parseKeysetCursor } from "./keyset-cursor";

// The page of one API key: its details and its request log. The key is looked up with its
// organization, so another organization's key id (or a malformed one) is simply absent.

export async function findOrgApiKey(orgId: string, keyId: string): Promise<KeyRow | null> {
  if (!z.uuid().safeParse(orgId).success || !z.uuid().safeParse(keyId).success) return null;
  const key = await getDb().apiKey.findFirst({ where: { id: keyId, orgId }, select: KEY_ROW_SELECT });
  return key ? toKeyRow(key) : null;
}

/** The list's filters as the page's address carries them; anything unreadable counts as unset. */
export type RequestLogView = { status: StatusClass | null; route: string; requestId: string; after: string };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export function parseRequestLogView(searchParams: Record<string, string | string[] | undefined>): RequestLogView {
  const status = statusClassSchema.safeParse(first(searchParams.status));
  const requestId = requestIdSearchSchema.safeParse(first(searchParams.requestId));
  const route = first(searchParams.route);
  return {
    status: status.success ? status.data : null,
    route: route.length <= 200 ? route : "",
    requestId: requestId.success ? requestId.data : "",
    after: first(searchParams.after),
  };
}

export type RequestLogPage = { rows: ApiRequestEntry[]; next: string | null; routes: string[] };

export async function requestLogPage(orgId: string, keyId: string, view: RequestLogView): Promise<RequestLogPage> {
  const [{ rows, more }, routes] = await Promise.all([
    listKeyRequests(orgId, keyId, {
      status: view.status ?? undefined,
      route: view.route || undefined,
      requestId: view.requestId || undefined,
      after: parseKeysetCursor(view.after || undefined),
    }),
    routesOfKey(orgId, keyId),
  ]);
  const last = rows.at(-1);
  // The selected route stays selectable even when it is older than the routes' sample.
  const choices = view.route && !routes.includes(view.route) ? [...routes, view.route].sort() : routes;
  return { rows, next: more && last ? keysetCursor(last.at, last.id) : null, routes: choices };
}
