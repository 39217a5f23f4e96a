import { getDb } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { wallClockToIso } from "@/lib/platform/time/time-zone";
import { describeField } from "@/lib/domain/audit/actions";
import type { AuditFilter } from "@/lib/domain/audit/list-entries";
import { dayInRange } from "./date-range";
import { keysetCursor, parseKeysetCursor } from "./keyset-cursor";
import { endOfDayInZone, resolveTimeZone } from "./time-zone";

// The audit page's query string, read one way: the filters as the form shows them, and the
// filter the query runs (dates are calendar days in the viewer's zone, both ends included).
// Anything malformed is dropped, never an error: the page shows the unfiltered log instead.
// A day outside 1970-01-01..9999-12-31 counts as malformed (date-range.ts).

export const AUDIT_QUERY_FIELDS = ["actor", "action", "targetType", "target", "from", "to"] as const;

export type AuditQuery = Record<(typeof AUDIT_QUERY_FIELDS)[number], string>;

function one(value: string | string[] | undefined): string {
  return (typeof value === "string" ? value : "").trim().slice(0, 200);
}

export function readAuditQuery(
  params: Record<string, string | string[] | undefined>,
  timeZone: string,
): { query: AuditQuery; filter: AuditFilter; cursor: string } {
  const query = Object.fromEntries(AUDIT_QUERY_FIELDS.map((field) => [field, one(params[field])])) as AuditQuery;
  if (!dayInRange(query.from) || endOfDayInZone(query.from, timeZone) === null) query.from = "";
  if (!dayInRange(query.to) || endOfDayInZone(query.to, timeZone) === null) query.to = "";
  const zone = resolveTimeZone(timeZone);
  const from = query.from ? new Date(wallClockToIso(`${query.from}T00:00`, zone)) : undefined;
  const to = query.to ? new Date(Date.parse(endOfDayInZone(query.to, zone)!) + 1) : undefined;
  const cursor = parseKeysetCursor(one(params.after));
  return {
    query,
    filter: {
      actor: query.actor || undefined,
      action: query.action || undefined,
      targetType: query.targetType || undefined,
      target: query.target || undefined,
      from,
      to,
      after: cursor ?? undefined,
    },
    cursor: cursor ? keysetCursor(cursor.at, cursor.id) : "",
  };
}

/** The actor filter's choices: the organization's members, then the operator and Stripe. */
export async function auditActorChoices(orgId: string): Promise<{ value: string; label: string }[]> {
  const members = await getDb().membership.findMany({
    where: { orgId },
    select: { user: { select: { id: true, email: true, name: true } } },
    orderBy: { user: { email: "asc" } },
  });
  return [
    ...members.map(({ user }) => ({ value: user.id, label: user.name ? `${user.name} (${user.email})` : user.email })),
    { value: "operator", label: "Operator (CLI)" },
    { value: "stripe", label: "Stripe" },
  ];
}

// An empty value that means something other than "none": a key without an allowlist
// accepts every address.
const EMPTY_MEANS: Record<string, string> = { allowedIps: "any address" };

/** One summary line per field: "url: https://a → https://b", "scopes: events:read, attendees:read". */
export function summaryLines(summary: Prisma.JsonValue): { field: string; text: string }[] {
  if (!summary || typeof summary !== "object" || Array.isArray(summary)) return [];
  return Object.entries(summary).map(([field, value]) => {
    const empty = value === null || (Array.isArray(value) && value.length === 0);
    return { field: describeField(field), text: empty && EMPTY_MEANS[field] ? EMPTY_MEANS[field] : valueText(value ?? null) };
  });
}

function isChange(value: Prisma.JsonValue): value is { from: Prisma.JsonValue; to: Prisma.JsonValue } {
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).sort().join() === "from,to";
}

function valueText(value: Prisma.JsonValue): string {
  if (isChange(value)) return `${valueText(value.from ?? null)} → ${valueText(value.to ?? null)}`;
  if (value === null || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map((item) => valueText(item)).join(", ");
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([key, inner]) => `${describeField(key)} ${valueText(inner ?? null)}`)
      .join("; ");
  }
  return String(value);
}
