import { z } from "zod";
import { dottedPathSchema, getAtPath } from "./dotted-path";

// Records a data source leaves out on purpose (a cancelled registration, a refunded or
// void ticket), before any mapping. Part of the mapping object, so the one mapping engine
// applies it wherever a mapping runs: a data source's run and preview, and a spreadsheet
// import. The shape, defined here once (editor, config files, presets and tests use it):
//
//   "skip": [
//     { "path": "cancelled", "equals": true },
//     { "path": "status", "in": ["Not Attending", "Refunded"] }
//   ]
//
// A record is skipped when ANY rule matches. A rule matches when the value at its dotted
// path equals `equals`, or equals one of `in`. Values are compared as text, ignoring case
// and surrounding spaces, so `true` matches true and "TRUE", `1` matches 1 and "1": the
// same rule reads a partner's JSON and a spreadsheet's cells. `null` matches a value that
// is missing (absent, null or blank). Objects and arrays never match.

export const MAX_SKIP_RULES = 20;
export const MAX_SKIP_VALUES = 50;

const skipValueSchema = z.union([z.string().max(200, "A skip value is at most 200 characters."), z.number(), z.boolean(), z.null()], {
  error: "A skip value is text, a number, true/false or null.",
});

export const skipRuleSchema = z
  .strictObject(
    {
      path: dottedPathSchema,
      equals: skipValueSchema.optional(),
      in: z
        .array(skipValueSchema, { error: 'in must be a list of values such as ["Not Attending", "Refunded"].' })
        .min(1, "in needs at least one value.")
        .max(MAX_SKIP_VALUES, `in holds at most ${MAX_SKIP_VALUES} values.`)
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `A skip rule has path and one of equals or in; ${issue.keys.map((key) => `"${key}"`).join(", ")} is not one of them.`
          : issue.code === "invalid_type"
            ? 'A skip rule is an object such as { "path": "cancelled", "equals": true }.'
            : undefined,
    },
  )
  .superRefine((rule, ctx) => {
    const hasEquals = "equals" in rule && rule.equals !== undefined;
    const hasIn = rule.in !== undefined;
    if (hasEquals === hasIn) ctx.addIssue({ code: "custom", message: "A skip rule has exactly one of equals or in." });
  });

export const skipRulesSchema = z
  .array(skipRuleSchema, { error: 'skip must be a list of rules such as [{ "path": "cancelled", "equals": true }].' })
  .max(MAX_SKIP_RULES, `At most ${MAX_SKIP_RULES} skip rules.`);

export type SkipRule = z.output<typeof skipRuleSchema>;

type Comparable = { kind: "missing" } | { kind: "text"; text: string } | { kind: "other" };

function comparable(value: unknown): Comparable {
  if (value === undefined || value === null) return { kind: "missing" };
  if (typeof value === "string") return value.trim() === "" ? { kind: "missing" } : { kind: "text", text: value.trim().toLowerCase() };
  if (typeof value === "number" || typeof value === "boolean") return { kind: "text", text: String(value).toLowerCase() };
  return { kind: "other" };
}

function same(found: Comparable, wanted: string | number | boolean | null): boolean {
  if (wanted === null) return found.kind === "missing";
  const target = comparable(wanted);
  return found.kind === "text" && target.kind === "text" && found.text === target.text;
}

function show(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : JSON.stringify(value);
}

/** The first rule the record matches, worded for the run result ("status is \"Not Attending\""), or null. */
export function matchSkipRule(record: unknown, rules: readonly SkipRule[] | undefined): { rule: SkipRule; reason: string } | null {
  for (const rule of rules ?? []) {
    const value = getAtPath(record, rule.path);
    const found = comparable(value);
    const wanted = rule.in ?? [rule.equals as string | number | boolean | null];
    if (wanted.some((candidate) => same(found, candidate))) {
      const shown = found.kind === "missing" ? "missing" : show(value);
      return { rule, reason: `Skipped by rule: ${rule.path} is ${shown}.` };
    }
  }
  return null;
}
