import { z } from "zod";
import { describeJsonKind, dottedPathSchema, getAtPath } from "./dotted-path";
import { isValidTimeZone } from "@/lib/platform/time/time-zone";
import { dateFormatProblem, parseDateValue } from "./parse-date";
import { skipRulesSchema } from "./skip-rules";

// The mapping of a data source: which value of a partner's record fills which field of
// an attendee or a session. Defined once here and used by the console's mapping editor,
// the CLI (`--mapping FILE.json`), the preview and the run.
//
//   {
//     "sourceIdPath": "id",                                  // sessions only: the record's stable id
//     "fields": {
//       "title":   { "path": "name", "transform": ["trim"] },
//       "startAt": { "path": "slot.start",
//                    "transform": [{ "op": "parseDate", "timezone": "Europe/Amsterdam", "format": "DD-MM-YYYY HH:mm" }] },
//       "type":    { "path": "format",
//                    "transform": [{ "op": "map", "values": { "Keynote": "keynote" }, "default": "talk" }] },
//       "track":   { "path": "track.name", "default": null }
//     }
//   }
//
// A field is `{ path, transform?, default? }`: the value at the dotted `path`, through
// the transforms in order, then converted to the field's kind (text, date, whole number).
// A value that is missing (absent, null or blank text) takes `default` when one is set;
// otherwise a required field skips the record, a clearable field (company, room, track...)
// is cleared, and displayName/type are left to the service (on create: the address's
// local part / "other").
//
// Both targets also take `skip` (records left out on purpose, before mapping: see
// skip-rules.ts), and attendees a `recordIdPath`: the path of the partner's own id of a
// record, which names a skipped record in the run result ("id 1234") instead of its
// position. Sessions use their sourceIdPath for that.

export type ImportTarget = "attendees" | "sessions";

type FieldKind = "text" | "date" | "integer";
/** What a missing value means: skip the record, clear the field, store "", or leave it alone. */
type MissingRule = "required" | "null" | "empty" | "omit";
/**
 * `label` is how the console names the field ("Start time", not startAt); `example` a
 * typical source path for it, shown as the path input's placeholder.
 */
type FieldSpec = { kind: FieldKind; missing: MissingRule; help: string; label: string; example: string };

export const ATTENDEE_FIELDS = {
  email: { kind: "text", missing: "required", label: "Email", example: "contact.email", help: "Email address; required, and how a record finds its attendee (ignoring case)." },
  displayName: { kind: "text", missing: "omit", label: "Display name", example: "profile.fullName", help: "Name shown in the apps; defaults to the part of the email before the @." },
  company: { kind: "text", missing: "null", label: "Company", example: "organization.name", help: "Company; cleared when the source has none." },
  jobTitle: { kind: "text", missing: "null", label: "Job title", example: "profile.jobTitle", help: "Job title; cleared when the source has none." },
} as const satisfies Record<string, FieldSpec>;

export const SESSION_FIELDS = {
  title: { kind: "text", missing: "required", label: "Title", example: "name", help: "Session title; required." },
  description: { kind: "text", missing: "empty", label: "Description", example: "abstract", help: "Description; empty when the source has none." },
  type: { kind: "text", missing: "omit", label: "Session type", example: "format", help: "One of the session types (keynote, talk, workshop...); use a map transform to translate." },
  startAt: { kind: "date", missing: "required", label: "Start time", example: "slot.start", help: "Start; required. Times without an offset are read in the event's time zone unless parseDate names one." },
  endAt: { kind: "date", missing: "required", label: "End time", example: "slot.end", help: "End; required, after the start." },
  room: { kind: "text", missing: "null", label: "Room", example: "location.room", help: "Room name (free text); cleared when the source has none." },
  capacity: { kind: "integer", missing: "null", label: "Capacity", example: "seats", help: "Seats; a whole number, cleared (uncapped) when the source has none." },
  track: { kind: "text", missing: "null", label: "Track", example: "track.name", help: "Track NAME, matched to the event's existing tracks ignoring case; an unknown name skips the record." },
} as const satisfies Record<string, FieldSpec>;

export type AttendeeField = keyof typeof ATTENDEE_FIELDS;
export type SessionField = keyof typeof SESSION_FIELDS;

export const TARGET_FIELDS: Record<ImportTarget, Record<string, FieldSpec>> = {
  attendees: ATTENDEE_FIELDS,
  sessions: SESSION_FIELDS,
};
const TARGET_FIELDS_BY_NAME: Record<ImportTarget, Partial<Record<string, FieldSpec>>> = TARGET_FIELDS;

/** The session's own id, which the mapping reads at sourceIdPath rather than as a field. */
export const SOURCE_ID_LABEL = "Source id";

/** The readable name of a target field (or "sourceId") for messages and the console; unknown keys as they are. */
export function fieldLabel(target: ImportTarget, field: string): string {
  if (target === "sessions" && field === "sourceId") return SOURCE_ID_LABEL;
  // The domain's session schema names the resolved track trackId.
  const name = target === "sessions" && field === "trackId" ? "track" : field;
  return TARGET_FIELDS_BY_NAME[target][name]?.label ?? field;
}

// ───────────── transforms ─────────────

const SIMPLE_OPS = ["trim", "lowercase", "uppercase", "number"] as const;
const ALL_OPS = [...SIMPLE_OPS, "parseDate", "map"] as const;

const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: "A value in a map table must be text, a number, true/false or null.",
});

const transformSchema = z.preprocess(
  // "trim" is shorthand for { "op": "trim" }: easier to type in a mapping file.
  (value) => (typeof value === "string" ? { op: value } : value),
  z.discriminatedUnion(
    "op",
    [
      z.strictObject({ op: z.literal("trim") }),
      z.strictObject({ op: z.literal("lowercase") }),
      z.strictObject({ op: z.literal("uppercase") }),
      z.strictObject({ op: z.literal("number") }),
      z.strictObject({
        op: z.literal("parseDate"),
        timezone: z
          .string({ error: "timezone must be an IANA zone name such as Europe/Amsterdam." })
          .trim()
          .refine(isValidTimeZone, { message: "timezone must be an IANA zone name such as Europe/Amsterdam." })
          .optional(),
        format: z
          .string({ error: 'format must be text such as "DD-MM-YYYY HH:mm".' })
          .trim()
          .min(1, 'format must not be empty; leave it out for ISO 8601 dates.')
          .max(60)
          .superRefine((format, ctx) => {
            const problem = dateFormatProblem(format);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          })
          .optional(),
      }),
      z.strictObject({
        op: z.literal("map"),
        values: z
          .record(z.string(), scalarSchema, { error: 'values must be a table such as { "Keynote": "keynote" }.' })
          .refine((table) => Object.keys(table).length <= 500, { message: "A map table holds at most 500 entries." }),
        default: scalarSchema.optional(),
      }),
    ],
    {
      error: (issue) =>
        issue.code === "invalid_union" ? `A transform is one of ${ALL_OPS.map((op) => `"${op}"`).join(", ")}.` : undefined,
    },
  ),
);

export type Transform = z.output<typeof transformSchema>;

const defaultSchema = z.union([z.string().max(10_000), z.number(), z.null()], {
  error: "default must be text, a number or null.",
});

function fieldMappingSchema(name: string, spec: FieldSpec) {
  return z
    .strictObject(
      {
        path: dottedPathSchema,
        transform: z.array(transformSchema).max(10, "At most 10 transforms per field.").optional(),
        default: defaultSchema.optional(),
      },
      {
        error: (issue) => {
          if (issue.code === "unrecognized_keys") return `A field mapping has path, transform and default; ${issue.keys.map((key) => `"${key}"`).join(", ")} is not one of them.`;
          if (issue.input === undefined) return spec.missing === "required" ? `Map ${name}: it is required.` : undefined;
          if (issue.code === "invalid_type") return `The mapping of ${name} must be an object such as { "path": "contact.email" }.`;
          return undefined;
        },
      },
    )
    .superRefine((field, ctx) => {
      const transforms = field.transform ?? [];
      transforms.forEach((transform, index) => {
        if (transform.op !== "parseDate") return;
        if (spec.kind !== "date") {
          ctx.addIssue({ code: "custom", path: ["transform", index], message: `parseDate only applies to date fields (startAt, endAt), not ${name}.` });
        } else if (index !== transforms.length - 1) {
          ctx.addIssue({ code: "custom", path: ["transform", index], message: "parseDate must be the last transform." });
        }
      });
    });
}

type FieldMappingSchema = ReturnType<typeof fieldMappingSchema>;
export type FieldMapping = z.output<FieldMappingSchema>;

/**
 * zod reports unknown keys in one issue on the object; this adds one issue per key at
 * that key's path, so the console can put "Unknown target field" next to the row.
 */
function fieldsObjectSchema<F extends Record<string, FieldSpec>>(target: ImportTarget, fields: F) {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => {
      const schema = fieldMappingSchema(name, spec);
      return [name, spec.missing === "required" ? schema : schema.optional()];
    }),
  ) as { [K in keyof F]: F[K]["missing"] extends "required" ? FieldMappingSchema : z.ZodOptional<FieldMappingSchema> };
  const accepted = Object.keys(fields).join(", ");
  return z
    .strictObject(shape, {
      error: (issue) => (issue.input === undefined ? `Add "fields": the ${target} fields to fill and where each comes from.` : undefined),
    })
    .superRefine(
      (_value, ctx) => {
        for (const [index, issue] of [...ctx.issues].entries()) {
          if (issue.code !== "unrecognized_keys" || issue.path?.length) continue;
          ctx.issues[index] = {
            ...issue,
            message: `Unknown target field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => `"${key}"`).join(", ")}: ${target} can map ${accepted}.`,
          };
          for (const key of issue.keys) {
            ctx.issues.push({
              code: "unrecognized_keys",
              keys: [key],
              path: [key],
              input: ctx.value,
              message: `Unknown target field "${key}": ${target} can map ${accepted}.`,
            });
          }
        }
      },
      // Also when a required field is missing: both faults are worth showing at once.
      { when: (payload) => payload.issues.some((issue) => issue.code === "unrecognized_keys") },
    );
}

export const attendeeMappingSchema = z.strictObject(
  {
    fields: fieldsObjectSchema("attendees", ATTENDEE_FIELDS),
    skip: skipRulesSchema.optional(),
    recordIdPath: dottedPathSchema.optional(),
  },
  {
    error: (issue) => {
      if (issue.code === "unrecognized_keys") {
        return issue.keys.includes("sourceIdPath")
          ? "Attendee mappings have no sourceIdPath: attendees are matched by email (recordIdPath names a record in run results)."
          : `An attendee mapping has "fields", "skip" and "recordIdPath"; ${issue.keys.map((key) => `"${key}"`).join(", ")} is not allowed.`;
      }
      if (issue.code === "invalid_type") return 'The mapping must be an object such as { "fields": { "email": { "path": "email" } } }.';
      return undefined;
    },
  },
);

export const sessionMappingSchema = z.strictObject(
  {
    sourceIdPath: z
      .string({ error: (issue) => (issue.input === undefined ? "Set sourceIdPath: the path of each record's own id, which links it to its session across runs." : undefined) })
      .pipe(dottedPathSchema),
    fields: fieldsObjectSchema("sessions", SESSION_FIELDS),
    skip: skipRulesSchema.optional(),
  },
  {
    error: (issue) => {
      if (issue.code === "unrecognized_keys") return `A session mapping has "sourceIdPath", "fields" and "skip"; ${issue.keys.map((key) => `"${key}"`).join(", ")} is not allowed.`;
      if (issue.code === "invalid_type") return 'The mapping must be an object such as { "sourceIdPath": "id", "fields": { ... } }.';
      return undefined;
    },
  },
);

export type AttendeeMapping = z.output<typeof attendeeMappingSchema>;
export type SessionMapping = z.output<typeof sessionMappingSchema>;
export type ImportMapping = AttendeeMapping | SessionMapping;

export function mappingSchemaFor(target: "attendees"): typeof attendeeMappingSchema;
export function mappingSchemaFor(target: "sessions"): typeof sessionMappingSchema;
export function mappingSchemaFor(target: ImportTarget): typeof attendeeMappingSchema | typeof sessionMappingSchema;
export function mappingSchemaFor(target: ImportTarget) {
  return target === "attendees" ? attendeeMappingSchema : sessionMappingSchema;
}

// ───────────── applying a mapping to one record ─────────────

export type MappedAttendee = {
  email: string;
  displayName?: string;
  company?: string | null;
  jobTitle?: string | null;
};

export type MappedSession = {
  externalId: string;
  title: string;
  description?: string;
  type?: string;
  startAt: Date;
  endAt: Date;
  room?: string | null;
  capacity?: number | null;
  /** A track NAME; resolved to the event's track by the run. */
  track?: string | null;
};

/** Why a record is skipped: the reason, and when one field is at fault, that field and its value. */
export type SkipReason = { ok: false; reason: string; field?: string; value?: unknown };
export type MappingResult<T> = { ok: true; value: T } | SkipReason;

/** Context a mapping cannot carry itself. */
export type MappingContext = {
  /** Zone for date texts without an offset when parseDate names none: the event's zone. */
  timezone?: string;
};

type Step = { ok: true; value: unknown } | { ok: false; reason: string };

function show(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = typeof value === "string" ? `"${value}"` : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function asText(value: unknown): Step {
  if (typeof value === "string") return { ok: true, value };
  if (typeof value === "number" || typeof value === "boolean") return { ok: true, value: String(value) };
  return { ok: false, reason: `found ${describeJsonKind(value)}, not text` };
}

function applyTransform(value: unknown, transform: Transform, context: MappingContext): Step {
  switch (transform.op) {
    case "trim":
    case "lowercase":
    case "uppercase": {
      const text = asText(value);
      if (!text.ok) return text;
      const s = text.value as string;
      return { ok: true, value: transform.op === "trim" ? s.trim() : transform.op === "lowercase" ? s.toLowerCase() : s.toUpperCase() };
    }
    case "number": {
      if (typeof value === "number") return Number.isFinite(value) ? { ok: true, value } : { ok: false, reason: `${show(value)} is not a number` };
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value.trim()))) {
        return { ok: true, value: Number(value.trim()) };
      }
      return { ok: false, reason: `${show(value)} is not a number` };
    }
    case "parseDate": {
      const parsed = parseDateValue(value, { timezone: transform.timezone ?? context.timezone, format: transform.format });
      return parsed.ok ? { ok: true, value: parsed.date } : { ok: false, reason: parsed.reason };
    }
    case "map": {
      if (value !== null && typeof value === "object") return { ok: false, reason: `found ${describeJsonKind(value)}, which a map table cannot translate` };
      const key = String(value);
      if (Object.hasOwn(transform.values, key)) return { ok: true, value: transform.values[key] };
      // Forgiving second pass: "keynote " and "KEYNOTE" find "Keynote".
      const folded = key.trim().toLowerCase();
      const match = Object.keys(transform.values).find((candidate) => candidate.trim().toLowerCase() === folded);
      if (match !== undefined) return { ok: true, value: transform.values[match] };
      if (transform.default !== undefined) return { ok: true, value: transform.default };
      return { ok: false, reason: `${show(value)} is not in the map table (add it, or give the table a default)` };
    }
  }
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function toKind(value: unknown, kind: FieldKind, context: MappingContext): Step {
  if (kind === "text") return asText(value);
  if (kind === "date") {
    if (value instanceof Date) return { ok: true, value };
    const parsed = parseDateValue(value, { timezone: context.timezone });
    return parsed.ok ? { ok: true, value: parsed.date } : { ok: false, reason: parsed.reason };
  }
  const number = typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return { ok: false, reason: `${show(value)} is not a number` };
  if (!Number.isInteger(number)) return { ok: false, reason: `${show(value)} is not a whole number` };
  return { ok: true, value: number };
}

type FieldOutcome = { kind: "value"; value: unknown } | { kind: "missing" } | { kind: "error"; reason: string };

function mapField(record: unknown, field: FieldMapping, spec: FieldSpec, context: MappingContext): FieldOutcome {
  let value = getAtPath(record, field.path);
  if (!isMissing(value)) {
    for (const transform of field.transform ?? []) {
      const step = applyTransform(value, transform, context);
      if (!step.ok) return { kind: "error", reason: step.reason };
      value = step.value;
      if (isMissing(value)) break;
    }
  }
  if (isMissing(value)) {
    if (field.default === undefined || field.default === null) return { kind: "missing" };
    value = field.default;
  }
  const converted = toKind(value, spec.kind, context);
  return converted.ok ? { kind: "value", value: converted.value } : { kind: "error", reason: converted.reason };
}

function mapFields(
  record: unknown,
  fields: Record<string, FieldMapping | undefined>,
  specs: Record<string, FieldSpec>,
  context: MappingContext,
): MappingResult<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const field = fields[name];
    if (!field) continue; // not mapped: the service's value stays
    const outcome = mapField(record, field, spec, context);
    if (outcome.kind === "error") {
      return { ok: false, reason: `${name}: ${outcome.reason.replace(/\.$/, "")}.`, field: name, value: getAtPath(record, field.path) };
    }
    if (outcome.kind === "value") {
      out[name] = outcome.value;
      continue;
    }
    if (spec.missing === "required") return { ok: false, reason: `${name}: no value at "${field.path}".`, field: name };
    if (spec.missing === "null") out[name] = null;
    else if (spec.missing === "empty") out[name] = "";
  }
  return { ok: true, value: out };
}

/**
 * Maps one source record. Fails with a reason naming the field ("startAt: ... is not a
 * date in the format DD-MM-YYYY.") so a skipped record says what to fix. Lengths and
 * formats (email syntax, 200-character names...) are the domain schemas' job: see
 * prepare-record.ts, which runs both.
 */
export function applyMapping(record: unknown, mapping: AttendeeMapping, context?: MappingContext): MappingResult<MappedAttendee>;
export function applyMapping(record: unknown, mapping: SessionMapping, context?: MappingContext): MappingResult<MappedSession>;
export function applyMapping(record: unknown, mapping: ImportMapping, context?: MappingContext): MappingResult<MappedAttendee | MappedSession>;
export function applyMapping(
  record: unknown,
  mapping: ImportMapping,
  context: MappingContext = {},
): MappingResult<MappedAttendee | MappedSession> {
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    return { ok: false, reason: `The record is ${describeJsonKind(record)}, not an object.` };
  }
  if (!("sourceIdPath" in mapping)) {
    const mapped = mapFields(record, mapping.fields, ATTENDEE_FIELDS, context);
    return mapped.ok ? { ok: true, value: mapped.value as MappedAttendee } : mapped;
  }

  const rawId = getAtPath(record, mapping.sourceIdPath);
  if (typeof rawId !== "string" && typeof rawId !== "number") {
    return isMissing(rawId)
      ? { ok: false, reason: `sourceId: no value at "${mapping.sourceIdPath}".`, field: "sourceId" }
      : { ok: false, reason: `sourceId: found ${describeJsonKind(rawId)} at "${mapping.sourceIdPath}", not text or a number.`, field: "sourceId", value: rawId };
  }
  const externalId = String(rawId).trim();
  if (externalId === "") return { ok: false, reason: `sourceId: no value at "${mapping.sourceIdPath}".`, field: "sourceId" };
  if (externalId.length > 500) return { ok: false, reason: "sourceId: longer than 500 characters.", field: "sourceId", value: rawId };

  const mapped = mapFields(record, mapping.fields, SESSION_FIELDS, context);
  if (!mapped.ok) return mapped;
  const value = { externalId, ...mapped.value } as MappedSession;
  if (value.endAt.getTime() <= value.startAt.getTime()) {
    return { ok: false, reason: `endAt: ${value.endAt.toISOString()} is not after startAt ${value.startAt.toISOString()}.`, field: "endAt", value: value.endAt };
  }
  return { ok: true, value };
}

/**
 * The partner's own id of a record (recordIdPath, or a session's sourceIdPath) as bounded
 * text, or undefined when the mapping names none or the record has none there.
 */
export function recordIdOf(record: unknown, mapping: ImportMapping): string | undefined {
  const path = "sourceIdPath" in mapping ? mapping.sourceIdPath : mapping.recordIdPath;
  if (!path) return undefined;
  const raw = getAtPath(record, path);
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  const text = String(raw).trim();
  return text === "" ? undefined : text.slice(0, 120);
}
