import { z } from "zod";
import { createAttendeeBodySchema, attendeeChanges } from "@/lib/domain/attendees/attendee-input";
import { describeRecordError } from "@/lib/domain/attendees/upsert-attendees";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { dispatchSoon } from "@/lib/domain/webhooks/dispatch";
import { applyBatch, loadTargetContext, prepareRecord, type BatchItem, type PreparedAttendee, type TargetContext } from "./import-targets";
import { ATTENDEE_FIELDS, attendeeMappingSchema, type AttendeeMapping } from "./mapping";
import { BATCH_SIZE } from "./run-import";
import { readSheet, SheetRefused, type ReadSheet, type ReadSheetOptions } from "./sheet-read";
import { skippedValueText } from "./skipped-record";

// Spreadsheet import of guests: a CSV or .xlsx file, the data-source mapping engine (the
// same attendee mapping, transforms and skip rules: each row is a record keyed by its
// column), and the data-source import's semantics through the same domain operation
// (upsertAttendeesByEmail via applyBatch): matched by email ignoring case within the
// event, created or updated, never deleted, status and badge codes never changed,
// attendee.created / attendee.updated webhooks, a bad row refusing only itself. Importing
// the same file again finds every row unchanged.
//
// Two steps, both stateless (the file is sent with each; nothing is kept on the server
// between them, so they work on serverless functions that share no disk or memory):
//   preview  reads and maps every row and compares it with the event's guests: what
//            would be created / updated / unchanged / refused (each refused row with its
//            number, value and reason). Writes nothing.
//   run      the same reading, then applies in batches of BATCH_SIZE rows, one short
//            transaction each (as a data-source run does).
// A file the import cannot read (sheet-read.ts), or a mapping that is not valid for it,
// is refused as a whole with one message (INVALID_INPUT), before anything is written.

export type RefusedRow = { row: number; field?: string; value?: string; reason: string };

export type SheetImportResult = {
  format: ReadSheet["format"];
  sheet: string | null;
  sheetNames: string[];
  rows: number;
  counts: { created: number; updated: number; unchanged: number; refused: number; excluded: number };
  /** Every refused row, in row order (capped at MAX_REFUSED_LISTED; counts.refused counts all). */
  refused: RefusedRow[];
};

export const MAX_REFUSED_LISTED = 1_000;

/** Reads the file, refusing it with one INVALID_INPUT message (field "file") when it cannot be imported. */
export async function readGuestSheet(bytes: Buffer, options: ReadSheetOptions): Promise<ReadSheet> {
  try {
    return await readSheet(bytes, options);
  } catch (error) {
    if (error instanceof SheetRefused) throw fileError(error.message);
    throw error;
  }
}

function fileError(message: string): AppError {
  return validationError([{ code: "custom", path: ["file"], message, input: undefined }]);
}

/** The mapping, valid for attendees and for this file's columns: each path is a column, each column mapped once. */
export function parseSheetMapping(mapping: unknown, sheet: Pick<ReadSheet, "columns">): AttendeeMapping {
  const parsed = attendeeMappingSchema.safeParse(mapping);
  if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ ...issue, path: ["mapping", ...issue.path] })));
  const issues: z.core.$ZodIssue[] = [];
  const usedBy = new Map<string, string>();
  for (const [field, spec] of Object.entries(parsed.data.fields)) {
    if (!spec) continue;
    const label = ATTENDEE_FIELDS[field as keyof typeof ATTENDEE_FIELDS].label;
    if (!sheet.columns.includes(spec.path)) {
      issues.push({ code: "custom", path: ["mapping", "fields", field, "path"], message: `The file has no column "${spec.path}" (its columns: ${sheet.columns.join(", ")}).`, input: spec.path });
    } else if (usedBy.has(spec.path)) {
      issues.push({ code: "custom", path: ["mapping", "fields", field, "path"], message: `The column "${spec.path}" is mapped twice (to ${usedBy.get(spec.path)} and ${label}); map each column to one field.`, input: spec.path });
    } else {
      usedBy.set(spec.path, label);
    }
  }
  if (issues.length > 0) throw validationError(issues);
  return parsed.data;
}

type Planned = { row: number; prepared: PreparedAttendee; outcome: "created" | "updated" | "unchanged" };

/** Maps every row; refuses bad rows and later rows repeating an address; plans each good row against the stored guests. */
async function plan(sheet: ReadSheet, mapping: AttendeeMapping, context: TargetContext) {
  const refused: RefusedRow[] = [];
  let excluded = 0;
  const firstRowOf = new Map<string, number>();
  const good: { row: number; prepared: PreparedAttendee }[] = [];
  for (const { row, record } of sheet.rows) {
    const prepared = prepareRecord("attendees", record, mapping, context);
    if (!prepared.ok) {
      if (prepared.excluded) excluded++;
      else refused.push({ row, reason: prepared.reason, ...(prepared.field ? { field: prepared.field, value: skippedValueText(prepared.value) } : {}) });
      continue;
    }
    const record_ = prepared.record as PreparedAttendee;
    const first = firstRowOf.get(record_.key);
    if (first !== undefined) {
      refused.push({ row, field: "email", value: record_.fields.email, reason: `email: the same address is on row ${first} of the file; each guest once.` });
      continue;
    }
    firstRowOf.set(record_.key, row);
    good.push({ row, prepared: record_ });
  }

  const stored = new Map<string, { displayName: string; company: string | null; jobTitle: string | null }>();
  const keys = good.map((item) => item.prepared.key);
  for (let i = 0; i < keys.length; i += 5_000) {
    const rows = await getDb().$queryRaw<{ key: string; displayName: string; company: string | null; jobTitle: string | null }[]>`
      SELECT lower(email::text) AS key, "displayName", company, "jobTitle" FROM "Attendee"
      WHERE "eventId" = ${context.eventId}::uuid AND lower(email::text) = ANY(${keys.slice(i, i + 5_000)}::text[])`;
    for (const row of rows) stored.set(row.key, row);
  }
  const planned: Planned[] = good.map(({ row, prepared }) => {
    const existing = stored.get(prepared.key);
    if (!existing) return { row, prepared, outcome: "created" };
    const changes = attendeeChanges(createAttendeeBodySchema.parse(prepared.fields));
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => changes[key] !== existing[key]);
    return { row, prepared, outcome: changed ? "updated" : "unchanged" };
  });
  return { planned, refused, excluded };
}

function result(sheet: ReadSheet, counts: SheetImportResult["counts"], refused: RefusedRow[]): SheetImportResult {
  const sorted = [...refused].sort((a, b) => a.row - b.row);
  return {
    format: sheet.format,
    sheet: sheet.sheet,
    sheetNames: sheet.sheetNames,
    rows: sheet.rows.length,
    counts: { ...counts, refused: refused.length },
    refused: sorted.slice(0, MAX_REFUSED_LISTED),
  };
}

async function prepare(orgId: string, eventId: string, bytes: Buffer, mapping: unknown, options: ReadSheetOptions) {
  if (!z.uuid().safeParse(orgId).success || !z.uuid().safeParse(eventId).success) throw new AppError("NOT_FOUND", "No such event.");
  // The event first: another organization's event is a 404 whatever the file holds.
  const context = await loadTargetContext(orgId, eventId, null);
  if (context.eventStatus === "archived") throw new AppError("CONFLICT", "The event is archived; its guest list is read-only.", { reason: "event_archived" });
  const sheet = await readGuestSheet(bytes, options);
  const parsedMapping = parseSheetMapping(mapping, sheet);
  return { context, sheet, mapping: parsedMapping };
}

/** What importing the file would do. Writes nothing. 404 for another organization's event; 400 for a refused file or mapping. */
export async function previewSheetImport(orgId: string, eventId: string, bytes: Buffer, mapping: unknown, options: ReadSheetOptions = {}): Promise<SheetImportResult> {
  const { context, sheet, mapping: parsed } = await prepare(orgId, eventId, bytes, mapping, options);
  const { planned, refused, excluded } = await plan(sheet, parsed, context);
  const count = (outcome: Planned["outcome"]) => planned.filter((item) => item.outcome === outcome).length;
  return result(sheet, { created: count("created"), updated: count("updated"), unchanged: count("unchanged"), refused: 0, excluded }, refused);
}

/** Imports the file: the preview's plan applied in batches through the domain operation. The counts are what happened. */
export async function runSheetImport(orgId: string, eventId: string, bytes: Buffer, mapping: unknown, options: ReadSheetOptions = {}): Promise<SheetImportResult> {
  const { context, sheet, mapping: parsed } = await prepare(orgId, eventId, bytes, mapping, options);
  const { planned, refused, excluded } = await plan(sheet, parsed, context);
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0, excluded };
  for (let i = 0; i < planned.length; i += BATCH_SIZE) {
    const items: BatchItem[] = planned.slice(i, i + BATCH_SIZE).map((item) => ({ index: item.row, record: item.prepared }));
    const { results, stopped } = await applyBatch(items, context);
    for (const outcome of results) {
      if ("outcome" in outcome) counts[outcome.outcome]++;
      else {
        const field = Object.keys((outcome.error.details?.fields as Record<string, unknown> | undefined) ?? {})[0];
        const item = items.find((candidate) => candidate.index === outcome.index)!;
        const fields = (item.record as PreparedAttendee).fields as Record<string, unknown>;
        refused.push({ row: outcome.index, reason: describeRecordError(outcome.error), ...(field ? { field, value: skippedValueText(fields[field]) } : {}) });
      }
    }
    if (stopped) throw stopped;
  }
  if (counts.created + counts.updated > 0) await dispatchSoon();
  return result(sheet, counts, refused);
}
