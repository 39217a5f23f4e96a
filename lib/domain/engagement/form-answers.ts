import type { z } from "zod";

// Loose validation of form answers against the form's fields: required keys present,
// value types as the spec describes them (multi_select: array, checkbox: boolean,
// rating: number; number is a number too; the text-like types are strings). Field types
// we don't know yet (the spec lets new ones appear) accept any value. Keys the form does
// not have are refused. Unanswered optional fields (null) are left out of what is stored.

export type FormField = { key: string; type: string; required: boolean };

type Issue = z.core.$ZodIssue;

const STRING_TYPES = new Set(["short_text", "long_text", "email", "phone", "date", "single_select"]);

function typeProblem(type: string, value: unknown): string | null {
  if (STRING_TYPES.has(type)) return typeof value === "string" ? null : "Expected a string.";
  if (type === "multi_select") {
    return Array.isArray(value) && value.every((item) => typeof item === "string") ? null : "Expected an array of strings.";
  }
  if (type === "checkbox") return typeof value === "boolean" ? null : "Expected true or false.";
  if (type === "rating" || type === "number") {
    return typeof value === "number" && Number.isFinite(value) ? null : "Expected a number.";
  }
  return null;
}

function isUnanswered(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

export function parseFormFields(raw: unknown): FormField[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((field): field is Record<string, unknown> => typeof field === "object" && field !== null)
    .map((field) => ({ key: String(field.key), type: String(field.type), required: Boolean(field.required) }));
}

/** The answers to store, or the issues (paths `answers.<key>`) that refuse them. */
export function checkAnswers(
  fields: FormField[],
  answers: unknown,
): { ok: true; answers: Record<string, unknown> } | { ok: false; issues: Issue[] } {
  if (typeof answers !== "object" || answers === null || Array.isArray(answers)) {
    return { ok: false, issues: [{ code: "custom", path: ["answers"], message: "Answers must be an object keyed by field key.", input: answers }] };
  }
  const given = answers as Record<string, unknown>;
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const issues: Issue[] = [];
  const stored: Record<string, unknown> = {};

  for (const key of Object.keys(given)) {
    if (!byKey.has(key)) issues.push({ code: "custom", path: ["answers", key], message: "This form has no such field.", input: given[key] });
  }
  for (const field of fields) {
    const value = given[field.key];
    if (isUnanswered(value)) {
      if (field.required) issues.push({ code: "custom", path: ["answers", field.key], message: "This field is required.", input: value });
      // A required checkbox answered `false` is an answer, not a missing one.
      continue;
    }
    const problem = typeProblem(field.type, value);
    if (problem) issues.push({ code: "custom", path: ["answers", field.key], message: problem, input: value });
    else stored[field.key] = value;
  }
  return issues.length ? { ok: false, issues } : { ok: true, answers: stored };
}

/** Same answers, whatever the key order (a resubmission that changes nothing). */
export function sameAnswers(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
