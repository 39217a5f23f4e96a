import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { assertIntegrationsUnlocked } from "@/lib/domain/billing/entitlement";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { getOrganizationOrThrow } from "@/lib/domain/orgs/organizations";
import { displayPrefix, generateKeySecret, hashKeySecret } from "./key-secret";
import { createKeySchema, type CreateKeyInput } from "./key-schema";
import { fromDbScope, toDbScope, type Scope } from "./scopes";

export const MAX_ACTIVE_KEYS = 100;

export type CreatedKey = {
  id: string;
  name: string;
  prefix: string;
  /** Returned exactly once, here; only its hash is stored. */
  secret: string;
  scopes: Scope[];
  expiresAt: Date | null;
  allowedIps: string[];
  createdAt: Date;
};

/** `actor` is recorded in the audit log, and as the key's creator when it is a user. */
export async function createApiKey(orgId: string, input: CreateKeyInput, actor: Actor): Promise<CreatedKey> {
  const parsed = createKeySchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  await getOrganizationOrThrow(orgId);
  await assertIntegrationsUnlocked(orgId);

  const secret = generateKeySecret();
  const key = await getDb().$transaction(async (tx) => {
    // Lock the organization row so two concurrent creations cannot both pass the limit.
    await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${orgId}::uuid FOR UPDATE`;
    const active = await tx.apiKey.count({
      where: { orgId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    });
    if (active >= MAX_ACTIVE_KEYS) {
      throw new AppError(
        "CONFLICT",
        `This organization already has ${MAX_ACTIVE_KEYS} active API keys. Revoke one before creating another.`,
        { reason: "key_limit_reached", limit: MAX_ACTIVE_KEYS },
      );
    }
    const created = await tx.apiKey.create({
      data: {
        orgId,
        name: parsed.data.name,
        prefix: displayPrefix(secret),
        secretHash: hashKeySecret(secret),
        scopes: parsed.data.scopes.map(toDbScope),
        expiresAt: parsed.data.expiresAt ?? null,
        allowedIps: parsed.data.allowedIps,
        createdById: actor.type === "user" ? actor.userId : null,
      },
    });
    await recordAudit(tx, orgId, actor, {
      action: "api_key.created",
      target: { type: "api_key", id: created.id, label: `${created.name} (${created.prefix})` },
      summary: { name: created.name, scopes: created.scopes.map(fromDbScope), expiresAt: created.expiresAt?.toISOString() ?? null, allowedIps: created.allowedIps },
    });
    return created;
  }, WRITE_TRANSACTION);
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    secret,
    scopes: key.scopes.map(fromDbScope),
    expiresAt: key.expiresAt,
    allowedIps: key.allowedIps,
    createdAt: key.createdAt,
  };
}
