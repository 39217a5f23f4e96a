import { getDb } from "@/lib/platform/db/client";
import { fromDbScope, type Scope } from "@/lib/domain/keys/scopes";
import { pageInfo, pageRequest, type PageInfo } from "./pagination";

export type KeyState = "active" | "expired" | "revoked";

export type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  state: KeyState;
  createdAt: Date;
  createdBy: string | null;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** The key's IP allowlist; empty = any address. */
  allowedIps: string[];
};

/** Revocation wins over expiry: a revoked key stays revoked whatever its expiry. */
export function keyState(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date = new Date()): KeyState {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt <= now) return "expired";
  return "active";
}

/**
 * One page of the organization's keys, newest first; the secret hash is never selected.
 * Revoked keys are listed only when asked for (they pile up and can never be used again);
 * `revokedCount` says how many there are either way.
 */
export async function listApiKeys(
  orgId: string,
  requestedPage: number,
  options: { includeRevoked?: boolean } = {},
): Promise<{ rows: KeyRow[]; page: PageInfo; revokedCount: number }> {
  const db = getDb();
  const where = options.includeRevoked ? { orgId } : { orgId, revokedAt: null };
  const [total, revokedCount] = await Promise.all([db.apiKey.count({ where }), db.apiKey.count({ where: { orgId, revokedAt: { not: null } } })]);
  const { page, skip, take } = pageRequest(requestedPage, total);
  const keys = await db.apiKey.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    select: KEY_ROW_SELECT,
  });
  const now = new Date();
  const rows = keys.map((key) => toKeyRow(key, now));
  return { rows, page: pageInfo(page, total, rows.length), revokedCount };
}

/** The columns a key's row in the console reads (the list and the key's own page). */
export const KEY_ROW_SELECT = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  revokedAt: true,
  allowedIps: true,
  createdBy: { select: { email: true, name: true } },
} as const;

type SelectedKey = {
  id: string;
  name: string;
  prefix: string;
  scopes: Parameters<typeof fromDbScope>[0][];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  allowedIps: string[] | null;
  createdBy: { email: string; name: string | null } | null;
};

export function toKeyRow(key: SelectedKey, now: Date = new Date()): KeyRow {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes.map(fromDbScope),
    state: keyState(key, now),
    createdAt: key.createdAt,
    createdBy: key.createdBy ? key.createdBy.name || key.createdBy.email : null,
    lastUsedAt: key.lastUsedAt,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    allowedIps: key.allowedIps ?? [],
  };
}

export function activeKeyWhere(orgId: string, now: Date = new Date()) {
  return { orgId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
}
