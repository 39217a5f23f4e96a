import { apiReadCase } from "./api-read-case";

// GET /me; the floor is the key lookup of lib/partner-api/authenticate.ts, which is the
// only data /me needs.

export const KEY_SQL = `SELECT k.id, k.name, k.prefix, k."secretHash", k.scopes::text[] AS scopes, k."expiresAt", k."revokedAt",
  k."lastUsedAt", o.id AS "orgId", o.name AS "orgName", o.status::text AS "orgStatus",
  o."billingPlan"::text AS "billingPlan", o."annualPlanUntil", o."billingAccountState"::text AS "billingAccountState",
  COALESCE((SELECT p."integrationsEnabled" FROM "PlatformSetting" p WHERE p.id = 'platform'), true) AS "integrationsEnabled"
  FROM "ApiKey" k JOIN "Organization" o ON o.id = k."orgId"
  WHERE k."secretHash" = $1`;

export const me = apiReadCase({
  name: "me",
  description: "the calling key and its organization",
  path: () => "/partner/v1/me",
  floor: (context) => ({ text: KEY_SQL, values: [context.data.sampleKeyHash] }),
});
