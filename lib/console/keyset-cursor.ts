import { instantInRange } from "./date-range";

// The "next page" cursor of the console's keyset-paged lists: the last row's sort time and
// id as "ISO|uuid", opaque to the page and safe in a URL. A cursor that does not parse, or
// names a time outside the years a row can have (date-range.ts), is treated as absent (the
// first page), never as an error.

export type KeysetCursor = { at: Date; id: string };

export function parseKeysetCursor(value: string | undefined): KeysetCursor | null {
  const [at, id, extra] = (value ?? "").split("|");
  const date = new Date(at);
  if (extra !== undefined || !id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) || !instantInRange(date)) return null;
  return { at: date, id };
}

export function keysetCursor(at: Date, id: string): string {
  return `${at.toISOString()}|${id}`;
}
