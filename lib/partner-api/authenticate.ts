import { timingSafeEqual } from "node:crypto";
import { getDb, sqlRows } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import type { BillingAccountState, BillingPlan, OrgStatus } from "@/lib/generated/prisma/enums";
import { hashKeySecret, looksLikeLiveKey } from "@/lib/domain/keys/key-secret";
import type { Scope } from "@/lib/domain/keys/scopes";
import type { KeyBoundRead } from "./key-bound-read";
import { RATE_LIMIT_PER_MINUTE, rateLimitState, rateLimitUpsert, type RateLimitState } from "./rate-limit";

export const WWW_AUTHENTICATE_REALM = "partner-api";

export type AuthenticatedKey = {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  org: {
    id: string;
    name: string;
    status: OrgStatus;
    billingPlan: BillingPlan;
    annualPlanUntil: Date | null;
    billingAccountState: BillingAccountState;
  };
  integrationsEnabled: boolean;
  /** The key's IP allowlist (normalised CIDR ranges); empty = any address. */
  allowedIps: string[];
};

function unauthorized(reason: "missing_key" | "invalid_key" | "revoked_key" | "expired_key", message: string): AppError {
  const challenge =
    reason === "missing_key"
      ? `Bearer realm="${WWW_AUTHENTICATE_REALM}"`
      : `Bearer realm="${WWW_AUTHENTICATE_REALM}", error="invalid_token"`;
  return new AppError("UNAUTHORIZED", message, { reason }, { "www-authenticate": challenge });
}

/**
 * The key of a request: `Authorization: Bearer <key>` wins over `X-API-Key: <key>`. A key in
 * the query string is never read. An Authorization header that is not a Bearer token is an
 * invalid key rather than a missing one, so a client sending the wrong scheme learns why.
 */
export function readPresentedKey(headers: Headers): string {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
    if (!match) throw unauthorized("invalid_key", "The Authorization header must be `Bearer <API key>`.");
    return match[1];
  }
  const apiKey = headers.get("x-api-key")?.trim();
  if (apiKey) return apiKey;
  throw unauthorized("missing_key", "Send your API key as `Authorization: Bearer <API key>`.");
}

type KeyRow = {
  id: string; name: string; prefix: string; secretHash: string; scopes: string[]; expiresAt: Date | null;
  revokedAt: Date | null; lastUsedAt: Date | null; orgId: string; orgName: string; orgStatus: OrgStatus;
  billingPlan: BillingPlan; annualPlanUntil: Date | null; billingAccountState: BillingAccountState;
  integrationsEnabled: boolean;
  allowedIps: string[];
  /** Whether the client address is inside the key's allowlist (always, for an empty list). */
  ipAllowed: boolean;
  /** The request's place in the key's rate-limit window; null when the key is not live (not counted). */
  rateCount: number | null;
  rateResetIn: number | null;
};

export type AuthenticatedRequest = {
  key: AuthenticatedKey;
  rate: RateLimitState;
  /** The statement's row, holding the bound read's columns (when one was given). */
  row: Record<string, unknown>;
};

/** A route's read to run in the key's statement, for keys that hold `scope` (key-bound-read.ts). */
export type BoundReadRequest = { scope?: Scope; read: KeyBoundRead<unknown> };

/**
 * The key behind a request, and the request counted against the key's rate limit, in ONE
 * statement (one round trip on every keyed request): the indexed lookup on the key's
 * hash also brings the organization and the platform switch, and the counter is bumped
 * only when the key is live (not revoked, not expired), so refused keys never count.
 * Requests of a live key whose organization is locked (402/403/503) count too: the lock
 * is decided from the same row afterwards. Revocation still takes effect on the next
 * request, and the count stays exact across server instances (it is the database's).
 * With `bound`, a route's read runs in the same statement (boundReadJoin). `identified`
 * learns the key as soon as the secret matches, before the revoked and expired checks,
 * so a refused request of a known key is still recorded on that key's page.
 *
 * The key's IP allowlist is matched in the same statement against `clientAddress`
 * (clientAddress() in lib/platform/http: null when unknown, which no allowlist admits). A
 * request from outside the list is refused right after the credentials (403
 * ip_not_allowed), is not counted (a leaked key used elsewhere cannot spend its owner's
 * limit) and never reaches a bound read.
 */
export async function authenticateAndCount(
  presented: string,
  now: Date = new Date(),
  bound?: BoundReadRequest,
  clientAddress: string | null = null,
  identified?: (key: { orgId: string; keyId: string }) => void,
): Promise<AuthenticatedRequest> {
  // svc_test_ keys are never minted; anything not shaped like a live key cannot match.
  if (!looksLikeLiveKey(presented)) throw unauthorized("invalid_key", "The API key is not valid.");
  const hash = hashKeySecret(presented);
  const rows = await sqlRows<KeyRow>`
    WITH k AS (
      SELECT k.id, k.name, k.prefix, k."secretHash", k.scopes::text[] AS scopes, k."expiresAt", k."revokedAt",
             k."lastUsedAt", o.id AS "orgId", o.name AS "orgName", o.status::text AS "orgStatus",
             o."billingPlan"::text AS "billingPlan", o."annualPlanUntil", o."billingAccountState"::text AS "billingAccountState",
             COALESCE((SELECT p."integrationsEnabled" FROM "PlatformSetting" p WHERE p.id = 'platform'), true) AS "integrationsEnabled",
             k."allowedIps",
             (COALESCE(cardinality(k."allowedIps"), 0) = 0
               OR COALESCE(${clientAddress}::inet <<= ANY(k."allowedIps"::inet[]), false)
               -- An IPv4 client is also ::ffff:a.b.c.d, so an IPv6 range covering that (::/0) admits it.
               OR COALESCE(family(${clientAddress}::inet) = 4
                           AND ('::ffff:' || host(${clientAddress}::inet))::inet <<= ANY(k."allowedIps"::inet[]), false)) AS "ipAllowed"
      FROM "ApiKey" k JOIN "Organization" o ON o.id = k."orgId"
      WHERE k."secretHash" = ${hash}
    ), counted AS (
      ${rateLimitUpsert(Prisma.sql`SELECT k.id FROM k WHERE k."revokedAt" IS NULL AND (k."expiresAt" IS NULL OR k."expiresAt" > ${now}::timestamptz) AND k."ipAllowed"`)}
    )
    SELECT ${bound ? Prisma.sql`bound.*,` : Prisma.empty}
           k.*, counted."count" AS "rateCount", counted."resetIn" AS "rateResetIn" FROM k LEFT JOIN counted ON true
    ${bound ? boundReadJoin(bound) : Prisma.empty}`;
  const row = rows[0];
  // The index finds the row; the comparison of the hashes is still constant-time.
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash, "hex"), Buffer.from(hash, "hex"))) {
    throw unauthorized("invalid_key", "The API key is not valid.");
  }
  identified?.({ orgId: row.orgId, keyId: row.id });
  if (row.revokedAt) throw unauthorized("revoked_key", "This API key was revoked.");
  if (row.expiresAt && row.expiresAt <= now) throw unauthorized("expired_key", "This API key has expired.");
  // The caller's address is not echoed: the client knows it, and an attacker holding a
  // leaked key learns nothing more than that the key is fenced.
  if (!row.ipAllowed) {
    throw new AppError("FORBIDDEN", "This API key does not accept requests from this IP address.", { reason: "ip_not_allowed" });
  }
  if (row.rateCount === null || row.rateResetIn === null) throw new Error("a live key's request was not counted");
  return {
    key: {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes as Scope[],
      expiresAt: row.expiresAt,
      lastUsedAt: row.lastUsedAt,
      org: {
        id: row.orgId,
        name: row.orgName,
        status: row.orgStatus,
        billingPlan: row.billingPlan,
        annualPlanUntil: row.annualPlanUntil,
        billingAccountState: row.billingAccountState,
      },
      integrationsEnabled: row.integrationsEnabled,
      allowedIps: row.allowedIps ?? [],
    },
    rate: rateLimitState(row.rateCount, row.rateResetIn),
    row: row as unknown as Record<string, unknown>,
  };
}

/**
 * The bound read, given the key's organization only when the request will reach the
 * read (counted, so live; within the limit; holding the scope), else NULL, which every
 * read's tenancy filter matches nothing with. The read's columns come first in the
 * select list, so a column of the key's row always wins a clash of names.
 */
function boundReadJoin({ scope, read }: BoundReadRequest): Prisma.Sql {
  const holdsScope = scope ? Prisma.sql`${scope}::text = ANY(k.scopes)` : Prisma.sql`true`;
  return Prisma.sql`
    CROSS JOIN LATERAL (
      SELECT CASE WHEN counted."count" <= ${RATE_LIMIT_PER_MINUTE}::int AND ${holdsScope} THEN k."orgId" END AS id
    ) AS org
    LEFT JOIN LATERAL (${read.sql(Prisma.raw("org.id"))}) AS bound ON true`;
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** At most one write a minute per key: the condition makes concurrent requests write once. */
export async function recordKeyUse(key: AuthenticatedKey, now: Date = new Date()): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  const threshold = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await getDb().apiKey.updateMany({
    where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: threshold } }] },
    data: { lastUsedAt: now },
  });
}
