import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { AppError } from "@/lib/platform/errors/app-error";

/**
 * Revocation is immediate, permanent and idempotent: revoking a revoked key succeeds,
 * keeps the first revocation time and records nothing more. `orgId` scopes the lookup
 * (console); the operator CLI passes null.
 */
export async function revokeApiKey(keyId: string, orgId: string | null, actor: Actor) {
  const db = getDb();
  const where = { id: keyId, ...(orgId ? { orgId } : {}) };
  const key = z.uuid().safeParse(keyId).success ? await db.apiKey.findFirst({ where }) : null;
  if (!key) throw new AppError("NOT_FOUND", "No such API key.");
  if (key.revokedAt) return key;
  return db.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 1) {
      await recordAudit(tx, key.orgId, actor, {
        action: "api_key.revoked",
        target: { type: "api_key", id: key.id, label: `${key.name} (${key.prefix})` },
      });
    }
    return tx.apiKey.findUniqueOrThrow({ where: { id: keyId } });
  }, WRITE_TRANSACTION);
}
