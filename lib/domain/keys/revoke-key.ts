import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";

/**
 * Revocation is immediate, permanent and idempotent: revoking a revoked key succeeds
 * and keeps the first revocation time. `orgId` scopes the lookup (console); the operator
 * CLI passes null.
 */
export async function revokeApiKey(keyId: string, orgId: string | null) {
  const db = getDb();
  const where = { id: keyId, ...(orgId ? { orgId } : {}) };
  const key = z.uuid().safeParse(keyId).success ? await db.apiKey.findFirst({ where }) : null;
  if (!key) throw new AppError("NOT_FOUND", "No such API key.");
  if (key.revokedAt) return key;
  await db.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } });
  return db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
}
