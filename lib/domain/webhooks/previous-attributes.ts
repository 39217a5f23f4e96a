// `previousAttributes` of an *.updated body: for each field of the projection whose value
// changed, its value before the change, under the projection's name. Compared as JSON (what
// the receiver sees), so a Date and its ISO string are equal and nested objects compare by
// content. A field absent before and present now was null before. Undefined (the body
// carries no previousAttributes) when nothing in the projection changed.

export type PreviousAttributes = Record<string, unknown>;

const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export function previousAttributes(before: Record<string, unknown>, after: Record<string, unknown>): PreviousAttributes | undefined {
  const previous: PreviousAttributes = {};
  const was = asJson(before) as Record<string, unknown>;
  const now = asJson(after) as Record<string, unknown>;
  for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (JSON.stringify(was[field]) !== JSON.stringify(now[field])) previous[field] = was[field] ?? null;
  }
  return Object.keys(previous).length > 0 ? previous : undefined;
}
