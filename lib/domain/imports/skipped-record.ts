import { capPartnerText } from "@/lib/platform/text/cap-partner-text";

// A skipped record as the preview and the run history both show it. One numbering for
// both: "Record N" is the N-th record of the pull, counted from 1 across all its pages
// (a run's stored `index` is the 0-based position across pages; the preview reads the
// first page, so its record 3 is the run's record 3). When the mapping names the
// partner's own id (recordIdPath, or a session's sourceIdPath) a record is shown by that
// id instead ("id 1234"): the organiser finds it in the partner's system by it.

export type SkippedRecord = {
  /** 0-based position in the pull, across pages. */
  index: number;
  reason: string;
  /** The target field at fault ("sourceId" for a session's own id), when one is. */
  field?: string;
  /** That field's value as the partner sent it (or as mapped), as bounded text. */
  value?: string;
  /** The partner's own id of the record, when the mapping names where it is. */
  sourceId?: string;
};

/** Values are the partner's data: shown as text, never longer than this. */
export const SKIPPED_VALUE_MAX_CHARS = 120;

/** "Record 3" for the record at 0-based position 2. */
export function recordLabel(index: number): string {
  return `Record ${(index + 1).toLocaleString("en")}`;
}

/** The record as the organiser finds it: by the partner's id when known, else its position. */
export function skippedRecordLabel(skip: Pick<SkippedRecord, "index" | "sourceId">): string {
  return skip.sourceId !== undefined ? `id ${skip.sourceId}` : recordLabel(skip.index);
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
export function skippedRecord(index: number, skip: { reason: string; field?: string; value?: unknown; sourceId?: string }): SkippedRecord {
  const value = skippedValueText(skip.value);
  return {
    index,
    ...(skip.sourceId !== undefined ? { sourceId: capPartnerText(skip.sourceId) ?? "" } : {}),
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
