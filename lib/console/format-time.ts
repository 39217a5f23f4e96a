// Dates in the console are rendered on the server in the viewer's time zone (the console's
// `tz` cookie, see lib/console/time-zone.ts; UTC until the browser has set it) with the
// zone named, and recent moments also as relative time ("3 minutes ago") with the exact
// time in a tooltip.

const LOCALE = "en";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "date" | "dateTime", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALE,
      kind === "date"
        ? { year: "numeric", month: "short", day: "numeric", timeZone }
        : { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone, timeZoneName: "short" },
    );
    formatters.set(key, format);
  }
  return format;
}

/** "Jun 30, 2027, 23:59 PDT": the zone is always named. */
export function formatDateTime(date: Date, timeZone = "UTC"): string {
  return formatter("dateTime", timeZone).format(date);
}

/** The calendar date in `timeZone`: an expiry at the end of Jun 30 in Los Angeles is "Jun 30, 2027" there. */
export function formatDate(date: Date, timeZone = "UTC"): string {
  return formatter("date", timeZone).format(date);
}

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 60 * 60 * 1000],
  ["month", 30 * 24 * 60 * 60 * 1000],
  ["week", 7 * 24 * 60 * 60 * 1000],
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];

/** "just now", "5 minutes ago", "in 3 days", "last year"… */
export function formatRelative(date: Date, now: Date = new Date()): string {
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  if (abs < 45 * 1000) return "just now";
  for (const [unit, ms] of UNITS) {
    if (abs >= ms || unit === "minute") return relativeFormat.format(Math.round(diff / ms), unit);
  }
  return relativeFormat.format(Math.round(diff / 60000), "minute");
}
