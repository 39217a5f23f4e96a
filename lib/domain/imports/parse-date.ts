// Turns a partner's date text into an instant, for the `parseDate` transform.
//
// - Text with an offset or Z ("2027-03-01T09:00:00+01:00", "...Z") names an instant: it
//   is kept as is, whatever zone is configured.
// - Text without an offset ("2027-03-01 09:00") is a wall-clock time; it is read in the
//   configured IANA zone (e.g. Europe/Amsterdam, by default the event's zone).
//   Daylight-saving edges follow Temporal's "compatible" rule: a time in the spring gap
//   moves forward by the gap (02:30 → 03:30), a time in the autumn overlap takes the
//   earlier of its two instants.
// - `format` reads other layouts: a pattern of tokens (YYYY MM M MMM MMMM DD D HH H hh h
//   mm ss SSS A Z; any other character is literal), or "unix" / "unix-ms" for epoch
//   numbers.
//
// No date library: Intl (full ICU in Node) gives a zone's offset at any instant
// (lib/platform/time/time-zone.ts), and the rest is a few lines. luxon / date-fns-tz would do the same with a larger surface and a
// token set we would have to document anyway.

import { isValidTimeZone, wallTimeToInstant, type WallTime } from "@/lib/platform/time/time-zone";

export type DateParseOptions = { timezone?: string; format?: string };
export type DateParseResult = { ok: true; date: Date } | { ok: false; reason: string };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validWall(wall: WallTime): boolean {
  return (
    wall.year >= 1 &&
    wall.month >= 1 &&
    wall.month <= 12 &&
    wall.day >= 1 &&
    wall.day <= daysInMonth(wall.year, wall.month) &&
    wall.hour >= 0 &&
    wall.hour <= 23 &&
    wall.minute >= 0 &&
    wall.minute <= 59 &&
    wall.second >= 0 &&
    wall.second <= 59
  );
}

/** "+01:00", "+0100", "+01", "-05:30", "Z" → minutes east of UTC; null when unreadable. */
function parseOffset(text: string): number | null {
  if (/^z$/i.test(text)) return 0;
  const match = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(text);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59) return null;
  return (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

function fraction(digits: string | undefined): number {
  return digits ? Math.floor(Number(`0.${digits}`) * 1000) : 0;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

type Parsed = { wall: WallTime; offsetMinutes: number | null };

function parseIso(text: string): Parsed | null {
  const match = ISO.exec(text);
  if (!match) return null;
  return {
    wall: {
      year: Number(match[1]),
      month: Number(match[2]),
      day: Number(match[3]),
      hour: Number(match[4] ?? 0),
      minute: Number(match[5] ?? 0),
      second: Number(match[6] ?? 0),
      ms: fraction(match[7]),
    },
    offsetMinutes: match[8] === undefined ? null : parseOffset(match[8]),
  };
}

// ───────────── patterns ─────────────

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

type TokenSpec = { regex: string; apply: (value: string, into: PatternParts) => boolean };
type PatternParts = Partial<WallTime> & { hour12?: number; meridiem?: "am" | "pm"; offsetMinutes?: number };

const TOKENS: Record<string, TokenSpec> = {
  YYYY: { regex: "(\\d{4})", apply: (v, p) => ((p.year = Number(v)), true) },
  MMMM: { regex: "([A-Za-z]+)", apply: (v, p) => setMonthName(v, p, false) },
  MMM: { regex: "([A-Za-z]{3}\\.?)", apply: (v, p) => setMonthName(v.replace(".", ""), p, true) },
  MM: { regex: "(\\d{2})", apply: (v, p) => ((p.month = Number(v)), true) },
  M: { regex: "(\\d{1,2})", apply: (v, p) => ((p.month = Number(v)), true) },
  DD: { regex: "(\\d{2})", apply: (v, p) => ((p.day = Number(v)), true) },
  D: { regex: "(\\d{1,2})", apply: (v, p) => ((p.day = Number(v)), true) },
  HH: { regex: "(\\d{2})", apply: (v, p) => ((p.hour = Number(v)), true) },
  H: { regex: "(\\d{1,2})", apply: (v, p) => ((p.hour = Number(v)), true) },
  hh: { regex: "(\\d{2})", apply: (v, p) => ((p.hour12 = Number(v)), true) },
  h: { regex: "(\\d{1,2})", apply: (v, p) => ((p.hour12 = Number(v)), true) },
  mm: { regex: "(\\d{2})", apply: (v, p) => ((p.minute = Number(v)), true) },
  ss: { regex: "(\\d{2})", apply: (v, p) => ((p.second = Number(v)), true) },
  SSS: { regex: "(\\d{3})", apply: (v, p) => ((p.ms = Number(v)), true) },
  A: { regex: "([AaPp][Mm])", apply: (v, p) => ((p.meridiem = v.toLowerCase() as "am" | "pm"), true) },
  a: { regex: "([AaPp][Mm])", apply: (v, p) => ((p.meridiem = v.toLowerCase() as "am" | "pm"), true) },
  Z: {
    regex: "(Z|z|[+-]\\d{2}(?::?\\d{2})?)",
    apply: (v, p) => {
      const offset = parseOffset(v);
      if (offset === null) return false;
      p.offsetMinutes = offset;
      return true;
    },
  },
};

// Longest first, so "MMMM" is not read as "MM" twice.
const TOKEN_NAMES = Object.keys(TOKENS).sort((a, b) => b.length - a.length);

function setMonthName(value: string, parts: PatternParts, short: boolean): boolean {
  const lower = value.toLowerCase();
  const index = MONTHS.findIndex((name) => (short ? name.slice(0, 3) === lower : name === lower || name.slice(0, 3) === lower));
  if (index < 0) return false;
  parts.month = index + 1;
  return true;
}

type CompiledPattern = { regex: RegExp; tokens: string[] };
const compiledPatterns = new Map<string, CompiledPattern>();

function compilePattern(format: string): CompiledPattern {
  const cached = compiledPatterns.get(format);
  if (cached) return cached;
  let source = "";
  const tokens: string[] = [];
  for (let i = 0; i < format.length; ) {
    const token = TOKEN_NAMES.find((name) => format.startsWith(name, i));
    if (token) {
      source += TOKENS[token].regex;
      tokens.push(token);
      i += token.length;
    } else {
      source += format[i].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      i += 1;
    }
  }
  const compiled = { regex: new RegExp(`^${source}$`), tokens };
  compiledPatterns.set(format, compiled);
  return compiled;
}

export const EPOCH_FORMATS = ["unix", "unix-ms"] as const;

/**
 * Why a `format` cannot work, or null when it can. Checked when a mapping is saved, so a
 * typo is reported once instead of on every record.
 */
export function dateFormatProblem(format: string): string | null {
  if ((EPOCH_FORMATS as readonly string[]).includes(format)) return null;
  const { tokens } = compilePattern(format);
  const has = (...names: string[]) => names.some((name) => tokens.includes(name));
  if (!has("YYYY")) return `The date format "${format}" needs a four-digit year (YYYY).`;
  if (!has("MMMM", "MMM", "MM", "M")) return `The date format "${format}" needs a month (MM, M, MMM or MMMM).`;
  if (!has("DD", "D")) return `The date format "${format}" needs a day (DD or D).`;
  if (has("hh", "h") && !has("A", "a")) return `The date format "${format}" uses a 12-hour clock (hh or h) but has no AM/PM (A).`;
  if (has("hh", "h") && has("HH", "H")) return `The date format "${format}" mixes 12-hour (hh) and 24-hour (HH) clocks.`;
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  const repeated = [...counts].find(([, count]) => count > 1);
  if (repeated) return `The date format "${format}" uses ${repeated[0]} twice.`;
  return null;
}

function parsePattern(text: string, format: string): Parsed | null {
  const { regex, tokens } = compilePattern(format);
  const match = regex.exec(text);
  if (!match) return null;
  const parts: PatternParts = {};
  for (let i = 0; i < tokens.length; i++) {
    if (!TOKENS[tokens[i]].apply(match[i + 1], parts)) return null;
  }
  let hour = parts.hour ?? 0;
  if (parts.hour12 !== undefined) {
    if (parts.hour12 < 1 || parts.hour12 > 12) return null;
    hour = (parts.hour12 % 12) + (parts.meridiem === "pm" ? 12 : 0);
  }
  return {
    wall: {
      year: parts.year ?? 0,
      month: parts.month ?? 0,
      day: parts.day ?? 0,
      hour,
      minute: parts.minute ?? 0,
      second: parts.second ?? 0,
      ms: parts.ms ?? 0,
    },
    offsetMinutes: parts.offsetMinutes ?? null,
  };
}

function quote(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;
}

/** Reads one value; see the top of this file for the rules. */
export function parseDateValue(value: unknown, options: DateParseOptions = {}): DateParseResult {
  const { timezone, format } = options;

  if (format === "unix" || format === "unix-ms") {
    const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : NaN;
    const date = new Date(format === "unix" ? number * 1000 : number);
    if (!Number.isFinite(number) || Number.isNaN(date.getTime())) {
      return { ok: false, reason: `${quote(value)} is not a ${format === "unix" ? "Unix time in seconds" : "Unix time in milliseconds"}.` };
    }
    return { ok: true, date };
  }

  if (typeof value !== "string") {
    return {
      ok: false,
      reason:
        typeof value === "number"
          ? `${value} is a number, not a date text (set the date format to "unix" or "unix-ms" for epoch numbers).`
          : `${quote(value)} is not a date text.`,
    };
  }

  const text = value.trim();
  const parsed = format ? parsePattern(text, format) : parseIso(text);
  if (!parsed || !validWall(parsed.wall) || parsed.wall.ms > 999) {
    return {
      ok: false,
      reason: format
        ? `${quote(value)} is not a date in the format ${format}.`
        : `${quote(value)} is not an ISO 8601 date such as 2027-03-01T09:30 (set a date format for other layouts).`,
    };
  }

  if (parsed.offsetMinutes !== null) {
    const { year, month, day, hour, minute, second, ms } = parsed.wall;
    return { ok: true, date: new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - parsed.offsetMinutes * 60_000) };
  }
  if (!timezone) {
    return { ok: false, reason: `${quote(value)} has no UTC offset and no time zone is set to read it in.` };
  }
  if (!isValidTimeZone(timezone)) return { ok: false, reason: `"${timezone}" is not a known time zone.` };
  return { ok: true, date: wallTimeToInstant(parsed.wall, timezone) };
}
