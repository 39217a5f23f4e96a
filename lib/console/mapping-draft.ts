import type { z } from "zod";
import type { ImportSchedule } from "@/lib/domain/imports/data-source-input";
import { ATTENDEE_FIELDS, SESSION_FIELDS, type ImportTarget } from "@/lib/domain/imports/mapping";
import type { IncrementalConfig, PaginationConfig, StoredAuth } from "@/lib/domain/imports/source-config";
import { emptyStyles, stylesFromSource, stylesInput, type StylesDraft } from "./source-styles-draft";

// The data-source editor's state, and its translation into the inputs the import library
// validates (createDataSourceInputSchema, updateDataSourceInputSchemaFor, previewInputSchema
// in lib/domain/imports/data-source-input.ts): the browser checks the result with those same
// schemas before sending it, and the server checks it again. Plain data, no server code:
// this module runs in the browser.
//
// The form is rows of text inputs, so the draft is all strings; "" means "not set":
// a field with an empty path is not mapped, an empty default is no default.

export const SIMPLE_TRANSFORMS = ["trim", "lowercase", "uppercase", "number"] as const;
export type TransformOp = (typeof SIMPLE_TRANSFORMS)[number] | "parseDate" | "map";

/** What a map table does with a value it does not list. */
export type MapFallback = "skip" | "missing" | "value";

export type TransformDraft =
  | { op: (typeof SIMPLE_TRANSFORMS)[number] }
  | { op: "parseDate"; timezone: string; format: string }
  | { op: "map"; rows: { from: string; to: string }[]; fallback: MapFallback; fallbackValue: string };

export type FieldDraft = { path: string; transforms: TransformDraft[]; defaultValue: string };

/**
 * A skip rule as typed: "is" one value, or "is one of" several separated by commas. An
 * empty "is" value means "is missing" (null). See lib/domain/imports/skip-rules.ts.
 */
export type SkipRuleDraft = { path: string; op: "equals" | "in"; values: string };

export type HeaderDraft = {
  name: string;
  value: string;
  /** Stored on the server: its value is never sent to the page, and blank keeps it. */
  saved: boolean;
};

export type SourceDraft = {
  name: string;
  eventId: string;
  target: ImportTarget;
  url: string;
  headers: HeaderDraft[];
  recordsPath: string;
  /** The path of a nextUrl pagination (kept under its older name). */
  nextPagePath: string;
  styles: StylesDraft;
  schedule: ImportSchedule;
  sourceIdPath: string;
  /** Attendees: the path of the partner's own id, naming records in run results. */
  recordIdPath: string;
  skipRules: SkipRuleDraft[];
  fields: Record<string, FieldDraft>;
};

export function targetFields(target: ImportTarget): Record<string, { help: string; kind: string; missing: string; label: string; example: string }> {
  return target === "attendees" ? ATTENDEE_FIELDS : SESSION_FIELDS;
}

export function emptyFields(target: ImportTarget): Record<string, FieldDraft> {
  return Object.fromEntries(Object.keys(targetFields(target)).map((name) => [name, { path: "", transforms: [], defaultValue: "" }]));
}

export function emptyDraft(target: ImportTarget = "attendees", eventId = ""): SourceDraft {
  return {
    name: "",
    eventId,
    target,
    url: "",
    headers: [],
    recordsPath: "",
    nextPagePath: "",
    styles: emptyStyles(),
    schedule: "manual",
    sourceIdPath: "",
    recordIdPath: "",
    skipRules: [],
    fields: emptyFields(target),
  };
}

const skipValueText = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** Stored skip rules as editor rows (read defensively, like the rest of a stored mapping). */
export function skipRulesFromStored(raw: unknown): SkipRuleDraft[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((rule): SkipRuleDraft[] => {
    if (!isRecord(rule)) return [];
    if (Array.isArray(rule.in)) return [{ path: asText(rule.path), op: "in", values: rule.in.map(skipValueText).join(", ") }];
    return [{ path: asText(rule.path), op: "equals", values: skipValueText(rule.equals) }];
  });
}

/** Typed text as a rule value: true/false as booleans (as the partner's JSON has them), else the text. */
function skipValueInput(text: string): string | boolean | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (trimmed === "true" || trimmed === "false") return trimmed === "true";
  return trimmed;
}

/** The rows as the library's `skip` list (lib/domain/imports/skip-rules.ts). */
export function skipRulesInput(rows: SkipRuleDraft[]): unknown[] {
  return rows.map((row) =>
    row.op === "in"
      ? { path: row.path, in: row.values.split(",").map((value) => value.trim()).filter((value) => value !== "").map(skipValueInput) }
      : { path: row.path, equals: skipValueInput(row.values) },
  );
}

export function newTransform(op: TransformOp): TransformDraft {
  if (op === "parseDate") return { op, timezone: "", format: "" };
  if (op === "map") return { op, rows: [{ from: "", to: "" }], fallback: "skip", fallbackValue: "" };
  return { op };
}

// ───────────── from a saved source ─────────────

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const asText = (value: unknown) => (value === null || value === undefined ? "" : String(value));

function transformFromStored(raw: unknown): TransformDraft | null {
  const spec = typeof raw === "string" ? { op: raw } : raw;
  if (!isRecord(spec)) return null;
  switch (spec.op) {
    case "trim":
    case "lowercase":
    case "uppercase":
    case "number":
      return { op: spec.op };
    case "parseDate":
      return { op: "parseDate", timezone: asText(spec.timezone), format: asText(spec.format) };
    case "map": {
      const values = isRecord(spec.values) ? spec.values : {};
      const rows = Object.entries(values).map(([from, to]) => ({ from, to: asText(to) }));
      const fallback: MapFallback = !("default" in spec) ? "skip" : spec.default === null ? "missing" : "value";
      return { op: "map", rows: rows.length ? rows : [{ from: "", to: "" }], fallback, fallbackValue: fallback === "value" ? asText(spec.default) : "" };
    }
    default:
      return null;
  }
}

/**
 * The editor's draft of a saved source. The stored mapping was validated when saved; it
 * is still read defensively (a row edited by hand must not break the page), and what
 * cannot be read starts empty for the organiser to fill in again.
 */
export function draftFromSource(source: {
  name: string;
  eventId: string;
  target: ImportTarget;
  url: string;
  headerNames: string[];
  recordsPath: string;
  nextPagePath: string | null;
  pagination?: PaginationConfig;
  auth?: StoredAuth;
  incremental?: IncrementalConfig | null;
  pauseBetweenPagesMs?: number;
  schedule: ImportSchedule;
  mapping: unknown;
}): SourceDraft {
  const draft = emptyDraft(source.target, source.eventId);
  const mapping = isRecord(source.mapping) ? source.mapping : {};
  const fields = isRecord(mapping.fields) ? mapping.fields : {};
  for (const name of Object.keys(draft.fields)) {
    const stored = fields[name];
    if (!isRecord(stored)) continue;
    draft.fields[name] = {
      path: asText(stored.path),
      transforms: (Array.isArray(stored.transform) ? stored.transform : []).map(transformFromStored).filter((t): t is TransformDraft => t !== null),
      defaultValue: asText(stored.default),
    };
  }
  return {
    ...draft,
    name: source.name,
    url: source.url,
    headers: source.headerNames.map((name) => ({ name, value: "", saved: true })),
    recordsPath: source.recordsPath,
    nextPagePath: source.nextPagePath ?? "",
    styles: stylesFromSource({
      ...source,
      pagination: source.pagination ?? (source.nextPagePath ? { type: "nextUrl", path: source.nextPagePath } : { type: "none" }),
    }),
    schedule: source.schedule,
    sourceIdPath: source.target === "sessions" ? asText(mapping.sourceIdPath) : "",
    recordIdPath: source.target === "attendees" ? asText(mapping.recordIdPath) : "",
    skipRules: skipRulesFromStored(mapping.skip),
  };
}

// ───────────── to the library's inputs ─────────────

function transformInput(transform: TransformDraft): unknown {
  switch (transform.op) {
    case "parseDate":
      return {
        op: "parseDate",
        ...(transform.timezone.trim() ? { timezone: transform.timezone.trim() } : {}),
        ...(transform.format.trim() ? { format: transform.format } : {}),
      };
    case "map":
      return {
        op: "map",
        // A blank source value never reaches a transform (blank counts as missing), so a
        // row without one is an unfinished row and left out.
        values: Object.fromEntries(transform.rows.filter((row) => row.from.trim() !== "").map((row) => [row.from, row.to])),
        ...(transform.fallback === "missing" ? { default: null } : transform.fallback === "value" ? { default: transform.fallbackValue } : {}),
      };
    default:
      return { op: transform.op };
  }
}

/** The mapping object; fields without a path are not mapped (a required one is then reported by the schema). */
export function mappingInput(draft: SourceDraft): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(draft.fields)) {
    if (field.path.trim() === "" && field.transforms.length === 0 && field.defaultValue === "") continue;
    fields[name] = {
      path: field.path,
      ...(field.transforms.length ? { transform: field.transforms.map(transformInput) } : {}),
      ...(field.defaultValue !== "" ? { default: field.defaultValue } : {}),
    };
  }
  const skip = draft.skipRules.length ? { skip: skipRulesInput(draft.skipRules) } : {};
  if (draft.target === "sessions") return { sourceIdPath: draft.sourceIdPath, ...skip, fields };
  return { ...(draft.recordIdPath.trim() ? { recordIdPath: draft.recordIdPath } : {}), ...skip, fields };
}

/** Whether any field is mapped yet: a preview without one shows the raw records only. */
export function hasMappedField(draft: SourceDraft): boolean {
  return Object.values(draft.fields).some((field) => field.path.trim() !== "");
}

const nextPage = (draft: SourceDraft) => (draft.nextPagePath.trim() === "" ? null : draft.nextPagePath);

/** Input of createDataSource (createDataSourceInputSchema). */
export function createInput(draft: SourceDraft) {
  return {
    name: draft.name,
    eventId: draft.eventId,
    target: draft.target,
    url: draft.url,
    headers: draft.headers.map((row) => ({ name: row.name, value: row.value })),
    recordsPath: draft.recordsPath,
    ...stylesInput(draft.styles, nextPage(draft)),
    schedule: draft.schedule,
    mapping: mappingInput(draft),
  };
}

/** Saved headers left blank keep their value: the row is sent without one. */
function editedHeaders(draft: SourceDraft) {
  return draft.headers.map((row) => (row.saved && row.value === "" ? { name: row.name } : { name: row.name, value: row.value }));
}

/** Input of updateDataSource (updateDataSourceInputSchemaFor(target)); event and target are fixed. */
export function updateInput(draft: SourceDraft) {
  return {
    name: draft.name,
    url: draft.url,
    headers: editedHeaders(draft),
    recordsPath: draft.recordsPath,
    ...stylesInput(draft.styles, nextPage(draft)),
    schedule: draft.schedule,
    mapping: mappingInput(draft),
  };
}

/** Input of previewDataSource (previewInputSchema): a saved source's blank header values use the stored ones. */
export function previewInput(draft: SourceDraft, dataSourceId?: string) {
  return {
    ...(dataSourceId ? { dataSourceId } : {}),
    eventId: draft.eventId,
    target: draft.target,
    url: draft.url,
    headers: editedHeaders(draft),
    recordsPath: draft.recordsPath,
    ...stylesInput(draft.styles, nextPage(draft)),
    ...(hasMappedField(draft) ? { mapping: mappingInput(draft) } : {}),
  };
}

/**
 * The editor's warning before saving an incremental source pointed at other data (the
 * rule of incrementalRestarts in lib/domain/imports/data-sources.ts): null when none.
 */
export function incrementalRestartWarning(saved: SourceDraft, draft: SourceDraft): string | null {
  const before = saved.styles.incremental;
  const after = draft.styles.incremental;
  if (!before.enabled || !after.enabled) return null;
  const changed = [
    draft.url.trim() !== saved.url.trim() ? "URL" : null,
    draft.recordsPath.trim() !== saved.recordsPath.trim() ? "records path" : null,
    after.param.trim() !== before.param.trim() ? "incremental parameter" : null,
  ].filter((what): what is string => what !== null);
  if (changed.length === 0) return null;
  return `The ${changed.join(" and ")} changed: after saving, the next run reads every record from the beginning (the last run's time no longer applies), then pulls only changes again.`;
}

/** First message per full dotted path ("mapping.fields.email.path"), like the API's details.fields. */
export function errorsByPath(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The DOM id of the input that shows the error at `path` (so focus can move to it). */
export function inputIdFor(path: string): string {
  return `ds-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
