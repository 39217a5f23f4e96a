// The values an export writes, one type for both formats: text, numbers, yes/no, a moment
// (written as UTC ISO 8601 text in CSV and as a date-time cell in .xlsx), a wall-clock
// time at the venue, and a calendar date (a form's date answer).

export type Cell =
  | string
  | number
  | null
  | { kind: "moment"; at: Date }
  | { kind: "venue"; at: Date; timeZone: string }
  | { kind: "date"; value: string };

export type Column = { header: string; key: string };

export const moment = (at: Date | null): Cell => (at ? { kind: "moment", at } : null);
export const venueTime = (at: Date | null, timeZone: string): Cell => (at ? { kind: "venue", at, timeZone } : null);
export const isoUtc = (at: Date | null): Cell => (at ? at.toISOString() : null);
export const yesNo = (value: boolean): Cell => (value ? "yes" : "no");

// OWASP "CSV injection": a cell whose first character is one of these is read as a formula
// (or, for tab and CR, can hide one behind the spreadsheet's own trimming). Prefixing a
// single quote makes every spreadsheet show it as text and run nothing; the text is
// otherwise written as it is. Numbers we write ourselves are numbers, never prefixed.
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of `at` in `timeZone`: year, month (1–12), day, hour, minute, second. */
export function wallClock(at: Date, timeZone: string): [number, number, number, number, number, number] {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)];
}

const two = (n: number) => String(n).padStart(2, "0");

/** "2026-12-01 09:05:00", the venue's wall clock (the zone is named in the column header). */
export function venueText(at: Date, timeZone: string): string {
  const [y, mo, d, h, mi, s] = wallClock(at, timeZone);
  return `${y}-${two(mo)}-${two(d)} ${two(h)}:${two(mi)}:${two(s)}`;
}

/** A cell as CSV text (before quoting). */
export function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "string") return neutralizeFormula(cell);
  if (cell.kind === "moment") return cell.at.toISOString();
  if (cell.kind === "venue") return venueText(cell.at, cell.timeZone);
  return neutralizeFormula(cell.value);
}
