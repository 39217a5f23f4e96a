import { z } from "zod";
import { dottedPathSchema, optionalDottedPathSchema } from "./dotted-path";
import { MAX_HEADER_VALUE_LENGTH, headerNameSchema, headerValueSchema } from "./header-schemas";
import { authInputSchema, authUpdateSchema, incrementalSchema, paginationSchema, pauseBetweenPagesSchema } from "./source-config";
import { attendeeMappingSchema, mappingSchemaFor, sessionMappingSchema, type ImportTarget } from "./mapping";

// The input of data-source management, defined once: the console form, the operator CLI
// and data-sources.ts validate with these. The URL's SSRF check needs DNS, so it runs in
// data-sources.ts after this shape check (and again, per request, at run time).
//
// Headers are rows { name, value }: the values are secrets (API tokens). They are sealed
// as one blob on save and never come back out. When editing, a row without a value keeps
// the stored value of that name, a row with a value replaces it, and a stored name that is
// not in the list is removed; leaving `headers` out keeps them all.

export const MAX_SOURCE_URL_LENGTH = 2048;
export const MAX_HEADERS = 20;
export { MAX_HEADER_VALUE_LENGTH };
export const SCHEDULES = ["manual", "hourly", "daily"] as const;
export type ImportSchedule = (typeof SCHEDULES)[number];

function uniqueNames(rows: readonly { name: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = row.name.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `The header ${row.name} is listed twice.` });
    seen.add(key);
  });
}

export const createHeadersSchema = z
  .array(z.strictObject({ name: headerNameSchema, value: headerValueSchema.min(1, "Give the header a value.") }))
  .max(MAX_HEADERS, `At most ${MAX_HEADERS} headers.`)
  .superRefine(uniqueNames);

export const updateHeadersSchema = z
  .array(z.strictObject({ name: headerNameSchema, value: headerValueSchema.min(1, "Give the header a value, or leave the value out to keep the saved one.").optional() }))
  .max(MAX_HEADERS, `At most ${MAX_HEADERS} headers.`)
  .superRefine(uniqueNames);

export const sourceUrlSchema = z
  .string({ error: "Enter the https:// address of the partner's JSON API." })
  .trim()
  .min(1, "Enter the https:// address of the partner's JSON API.")
  .max(MAX_SOURCE_URL_LENGTH, `The URL can be at most ${MAX_SOURCE_URL_LENGTH} characters long.`);

export const dataSourceNameSchema = z
  .string({ error: "Give the data source a name." })
  .trim()
  .min(1, "Give the data source a name.")
  .max(200, "The name can be at most 200 characters long.");

export const scheduleSchema = z.enum(SCHEDULES, { error: "The schedule is manual, hourly or daily." });

const commonShape = {
  name: dataSourceNameSchema,
  eventId: z.uuid({ error: "Choose the event to import into." }),
  url: sourceUrlSchema,
  headers: createHeadersSchema.default([]),
  recordsPath: optionalDottedPathSchema.default(""),
  // The older spelling of { pagination: { type: "nextUrl", path } }; give one or the other.
  nextPagePath: dottedPathSchema.nullable().default(null),
  pagination: paginationSchema.optional(),
  auth: authInputSchema.default({ type: "none" }),
  incremental: incrementalSchema.nullable().default(null),
  pauseBetweenPagesMs: pauseBetweenPagesSchema.default(0),
  schedule: scheduleSchema.default("manual"),
};

export const createDataSourceInputSchema = z.discriminatedUnion(
  "target",
  [
    z.strictObject({ ...commonShape, target: z.literal("attendees"), mapping: attendeeMappingSchema }),
    z.strictObject({ ...commonShape, target: z.literal("sessions"), mapping: sessionMappingSchema }),
  ],
  { error: (issue) => (issue.code === "invalid_union" ? "The target is attendees or sessions." : undefined) },
);

export type CreateDataSourceInput = z.input<typeof createDataSourceInputSchema>;
export type CreateDataSourceData = z.output<typeof createDataSourceInputSchema>;

/** Editing: event and target are fixed once created (the mapping and session links belong to them). */
export function updateDataSourceInputSchemaFor(target: ImportTarget) {
  return z.strictObject(
    {
      name: dataSourceNameSchema.optional(),
      url: sourceUrlSchema.optional(),
      headers: updateHeadersSchema.optional(),
      recordsPath: optionalDottedPathSchema.optional(),
      nextPagePath: dottedPathSchema.nullable().optional(),
      pagination: paginationSchema.optional(),
      auth: authUpdateSchema.optional(),
      incremental: incrementalSchema.nullable().optional(),
      pauseBetweenPagesMs: pauseBetweenPagesSchema.optional(),
      schedule: scheduleSchema.optional(),
      mapping: mappingSchemaFor(target).optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" && issue.keys.some((key) => key === "target" || key === "eventId")
          ? "The event and target of a data source cannot change; create a new data source instead."
          : undefined,
    },
  );
}

export type UpdateDataSourceInput = z.input<ReturnType<typeof updateDataSourceInputSchemaFor>>;

/**
 * The draft the console's mapping editor previews: everything needed to fetch and map,
 * nothing required to be complete (the mapping is checked and its faults reported
 * beside the sample). With `dataSourceId`, header rows without a value use that source's
 * saved values, so an edit form can preview without re-typing secrets.
 */
export const previewInputSchema = z.strictObject({
  dataSourceId: z.uuid().optional(),
  // Accepted so the console can send its whole form; a preview does not use them.
  name: z.string().optional(),
  schedule: z.string().optional(),
  eventId: z.uuid({ error: "Choose the event to import into." }),
  target: z.enum(["attendees", "sessions"], { error: "The target is attendees or sessions." }),
  url: sourceUrlSchema,
  headers: updateHeadersSchema.default([]),
  recordsPath: optionalDottedPathSchema.default(""),
  nextPagePath: dottedPathSchema.nullable().default(null),
  pagination: paginationSchema.optional(),
  auth: authUpdateSchema.default({ type: "none" }),
  // Accepted with the whole form; a preview reads as a first run does (no since value).
  incremental: z.unknown().optional(),
  pauseBetweenPagesMs: pauseBetweenPagesSchema.default(0),
  mapping: z.unknown().optional(),
});

export type PreviewInput = z.input<typeof previewInputSchema>;
