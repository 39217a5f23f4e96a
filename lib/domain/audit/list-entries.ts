import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AUDIT_ACTION_LABELS } from "./actions";

// The organization's audit log, newest first, keyset-paged on (at, id), for the console's
// audit page and the operator CLI. Every query is scoped to the organization; filters
// that cannot match (a malformed id) find nothing rather than fail. The page position is
// the last shown entry's (at, id); the console turns it into its URL cursor.

export const AUDIT_PAGE_SIZE = 50;

const optionalText = z.string().trim().max(200).optional().transform((value) => value || undefined);

/** The filters, as text (search parameters, CLI flags); dates are instants, already resolved from the viewer's zone. */
export const auditFilterSchema = z.object({
  /** A member's user id, or "operator" / "stripe". */
  actor: optionalText,
  action: optionalText,
  targetType: optionalText,
  /** Part of the target's label, or its exact id. */
  target: optionalText,
  from: z.date().optional(),
  to: z.date().optional(),
  after: z.object({ at: z.date(), id: z.uuid() }).optional(),
  limit: z.number().int().min(1).max(500).optional(),
});

export type AuditFilter = z.input<typeof auditFilterSchema>;

export type AuditEntryView = {
  id: string;
  at: Date;
  actor: { type: string; id: string | null; label: string };
  action: string;
  target: { type: string; id: string | null; label: string | null };
  summary: Prisma.JsonValue;
};

export type AuditPosition = { at: Date; id: string };

export type AuditPage = { entries: AuditEntryView[]; next: AuditPosition | null };

const NON_USER_ACTORS = new Set(["operator", "stripe"]);

function whereOf(orgId: string, filter: z.output<typeof auditFilterSchema>): Prisma.AuditEntryWhereInput | null {
  const and: Prisma.AuditEntryWhereInput[] = [{ orgId }];
  if (filter.actor) {
    if (NON_USER_ACTORS.has(filter.actor)) and.push({ actorType: filter.actor });
    else if (z.uuid().safeParse(filter.actor).success) and.push({ actorId: filter.actor });
    else return null;
  }
  if (filter.action) and.push({ action: filter.action });
  if (filter.targetType) and.push({ targetType: filter.targetType });
  if (filter.target) {
    and.push({ OR: [{ targetId: filter.target }, { targetLabel: { contains: filter.target, mode: "insensitive" } }] });
  }
  if (filter.from) and.push({ at: { gte: filter.from } });
  if (filter.to) and.push({ at: { lt: filter.to } });
  const cursor = filter.after;
  if (cursor) and.push({ OR: [{ at: { lt: cursor.at } }, { at: cursor.at, id: { lt: cursor.id } }] });
  return { AND: and };
}

export async function listAuditEntries(orgId: string, input: AuditFilter = {}): Promise<AuditPage> {
  const filter = auditFilterSchema.parse(input);
  const where = z.uuid().safeParse(orgId).success ? whereOf(orgId, filter) : null;
  if (!where) return { entries: [], next: null };
  const take = filter.limit ?? AUDIT_PAGE_SIZE;
  const rows = await getDb().auditEntry.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], take: take + 1 });
  const shown = rows.slice(0, take);
  const last = shown.at(-1);
  return {
    entries: shown.map((row) => ({
      id: row.id,
      at: row.at,
      actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
      action: row.action,
      target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
      summary: row.summary,
    })),
    next: rows.length > take && last ? { at: last.at, id: last.id } : null,
  };
}

/** The actions the filter offers: every labelled one and any other the organization has recorded. */
export async function auditActionChoices(orgId: string): Promise<string[]> {
  const recorded = z.uuid().safeParse(orgId).success
    ? await getDb().auditEntry.findMany({ where: { orgId }, distinct: ["action"], select: { action: true } })
    : [];
  return [...new Set([...Object.keys(AUDIT_ACTION_LABELS), ...recorded.map((row) => row.action)])].sort();
}

/** The target types the filter offers, likewise. */
export async function auditTargetTypeChoices(orgId: string): Promise<string[]> {
  const known = Object.keys(AUDIT_ACTION_LABELS).map((action) => action.split(".")[0]);
  const recorded = z.uuid().safeParse(orgId).success
    ? await getDb().auditEntry.findMany({ where: { orgId }, distinct: ["targetType"], select: { targetType: true } })
    : [];
  return [...new Set([...known, "organization", ...recorded.map((row) => row.targetType)])].sort();
}
