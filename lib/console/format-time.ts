// Dates in the console are rendered on the server, so they are written in UTC with the
// zone named (no guess at the reader's zone, no hydration mismatch), and recent moments
// also as relative time ("3 minutes ago") with the exact time in a tooltip.

const LOCALE = "en";

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

const dateFormat = new Intl.DateTimeFormat(LOCALE, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

export function formatDateTime(date: Date): string {
  return `${dateTimeFormat.format(date)} UTC`;
}

export function formatDate(date: Date): string {
  return dateFormat.format(date);
}

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
