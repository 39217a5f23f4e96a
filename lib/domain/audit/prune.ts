import { getDb } from "@/lib/platform/db/client";

// The audit log is kept one year; older entries are deleted by the daily prune.
export const AUDIT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

export async function pruneAuditLog(now: Date = new Date()): Promise<{ auditEntries: number }> {
  const { count } = await getDb().auditEntry.deleteMany({ where: { at: { lt: new Date(now.getTime() - AUDIT_RETENTION_MS) } } });
  return { auditEntries: count };
}
