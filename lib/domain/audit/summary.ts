import type { Prisma } from "@/lib/generated/prisma/client";

// Builders for an audit entry's summary: the fields a change touched, as people read them
// (dates as ISO strings, long text cut to an excerpt). Callers choose the fields, so a
// secret (a QR token, a password) never reaches here.

/** Long free text (descriptions, bios, bodies) is kept only as a prefix: enough to recognise it. */
export const AUDIT_TEXT_LIMIT = 200;

export function excerpt(text: string): string {
  return text.length > AUDIT_TEXT_LIMIT ? `${text.slice(0, AUDIT_TEXT_LIMIT - 1)}…` : text;
}

/** One value as the summary stores it. */
export function auditValue(value: unknown): Prisma.InputJsonValue | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return excerpt(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map((item) => auditValue(item));
  return excerpt(JSON.stringify(value));
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(auditValue(a)) === JSON.stringify(auditValue(b));
}

/** The listed fields of a new or removed record: `{ name: "Main hall", ... }`. */
export function snapshot<T extends object>(row: T, fields: readonly (keyof T & string)[]): Prisma.InputJsonObject {
  return Object.fromEntries(fields.map((field) => [field, auditValue(row[field])]));
}

/** The listed fields whose value differs: `{ name: { from: "A", to: "B" } }` (empty when none did). */
export function fieldChanges<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): Prisma.InputJsonObject {
  return Object.fromEntries(
    fields.filter((field) => !same(before[field], after[field])).map((field) => [field, { from: auditValue(before[field]), to: auditValue(after[field]) }]),
  );
}

/** One field's move, whatever the fields compare as: `{ status: { from: "draft", to: "published" } }`. */
export function change(field: string, from: unknown, to: unknown): Prisma.InputJsonObject {
  return { [field]: { from: auditValue(from), to: auditValue(to) } };
}

/** Whether a summary of changed fields names any (a save that changed nothing records no entry). */
export function changedAnything(summary: Prisma.InputJsonObject): boolean {
  return Object.keys(summary).length > 0;
}
