import { z } from "zod";

// Where a value sits in a partner's JSON: a dotted path such as `data.items` or
// `contact.emails.0`. Segments are object keys; a segment of digits indexes a list.
// A key that itself contains a dot cannot be named (rare in practice; documented).
// The empty path means "the value itself" (a top-level array of records).

export const PATH_MAX = 200;

const SEGMENT = /^[^.]+$/;

/** A non-empty dotted path, as typed in the console or a mapping file. */
export const dottedPathSchema = z
  .string({ error: "A path must be text such as data.items." })
  .trim()
  .min(1, "Give a path such as contact.email.")
  .max(PATH_MAX, `A path must be at most ${PATH_MAX} characters.`)
  .refine((path) => path.split(".").every((segment) => SEGMENT.test(segment)), {
    message: "A path is names separated by single dots, such as contact.email (no leading, trailing or double dots).",
  });

/** Like dottedPathSchema, but empty means "the response itself". */
export const optionalDottedPathSchema = z
  .string({ error: "A path must be text such as data.items." })
  .trim()
  .max(PATH_MAX, `A path must be at most ${PATH_MAX} characters.`)
  .refine((path) => path === "" || path.split(".").every((segment) => SEGMENT.test(segment)), {
    message: "A path is names separated by single dots, such as data.items (leave it empty for a top-level list).",
  });

/** The value at `path`, or undefined when any step is missing. Never walks the prototype chain. */
export function getAtPath(value: unknown, path: string): unknown {
  if (path === "") return value;
  let current: unknown = value;
  for (const segment of path.split(".")) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (current !== null && typeof current === "object") {
      if (!Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** A short noun for a JSON value's kind, used in messages ("found an object"). */
export function describeJsonKind(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "text";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "true/false";
  return typeof value;
}

/**
 * Every path that leads to a scalar in the given records (lists looked into at their
 * first element), in first-seen order. The console's mapping editor offers these as
 * choices so an organiser picks `contact.email` instead of typing it.
 */
export function listLeafPaths(records: readonly unknown[], options: { maxDepth?: number; maxPaths?: number } = {}): string[] {
  const maxDepth = options.maxDepth ?? 6;
  const maxPaths = options.maxPaths ?? 200;
  const seen = new Set<string>();
  const walk = (value: unknown, prefix: string, depth: number) => {
    if (seen.size >= maxPaths) return;
    if (value !== null && typeof value === "object" && depth < maxDepth) {
      if (Array.isArray(value)) {
        if (value.length > 0) walk(value[0], prefix === "" ? "0" : `${prefix}.0`, depth + 1);
        else if (prefix !== "") seen.add(prefix);
        return;
      }
      const entries = Object.entries(value);
      if (entries.length === 0 && prefix !== "") seen.add(prefix);
      for (const [key, child] of entries) {
        if (key.includes(".") || key === "") continue; // not addressable by a dotted path
        walk(child, prefix === "" ? key : `${prefix}.${key}`, depth + 1);
      }
      return;
    }
    if (prefix !== "") seen.add(prefix);
  };
  for (const record of records) walk(record, "", 0);
  return [...seen];
}
