import { capPartnerText } from "@/lib/platform/text/cap-partner-text";

// A skipped record as the preview and the run history both show it. One numbering for
// both: "Record N" is the N-th record of the pull, counted from 1 across all its pages
// (a run's stored `index` is the 0-based position across pages; the preview reads the
// first page, so its record 3 is the run's record 3).

export type SkippedRecord = {
  /** 0-based position in the pull, across pages. */
  index: number;
  reason: string;
  /** The target field at fault ("sourceId" for a session's own id), when one is. */
  field?: string;
  /** That field's value as the partner sent it (or as mapped), as bounded text. */
  value?: string;
};

/** Values are the partner's data: shown as text, never longer than this. */
export const SKIPPED_VALUE_MAX_CHARS = 120;

/** "Record 3" for the record at 0-based position 2. */
export function recordLabel(index: number): string {
  return `Record ${(index + 1).toLocaleString("en")}`;
}

/** A value as bounded text: strings as they are, anything else as JSON; undefined when there is none. */
export function skippedValueText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  const chars = [...text];
  const short = chars.length > SKIPPED_VALUE_MAX_CHARS ? `${chars.slice(0, SKIPPED_VALUE_MAX_CHARS - 1).join("")}…` : text;
  return capPartnerText(short) ?? "";
}

/** The stored form of a skip: index, reason, and the field and value when one field is at fault. */
export function skippedRecord(index: number, skip: { reason: string; field?: string; value?: unknown }): SkippedRecord {
  const value = skippedValueText(skip.value);
  return {
    index,
    // A reason may quote the partner's data or its server's words: stored bounded.
    reason: capPartnerText(skip.reason) ?? "",
    ...(skip.field ? { field: skip.field } : {}),
    ...(skip.field && value !== undefined ? { value } : {}),
  };
}

/** The reason without its leading "field: " when the field is shown beside it (by its label). */
export function reasonWithoutField(skip: { reason: string; field?: string }): string {
  if (!skip.field || !skip.reason.startsWith(`${skip.field}: `)) return skip.reason;
  return skip.reason.slice(skip.field.length + 2);
}
