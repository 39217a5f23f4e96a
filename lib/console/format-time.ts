// One date-time format across the console: "Nov 27, 2026, 14:05 CET", the zone always
// named. Moments are shown in the viewer's time zone (the console's `tz` cookie, see
// lib/console/time-zone.ts; UTC until the browser has set it); an event's own schedule
// (its dates, its sessions, a check-in at the venue) in the venue's zone, named the same
// way. Recent moments also as relative time ("3 minutes ago") with the exact time in a
// tooltip. Every date in the console goes through this file.

const LOCALE = "en";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "date" | "dateTime" | "time", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALE,
      kind === "date"
        ? { year: "numeric", month: "short", day: "numeric", timeZone }
        : kind === "time"
          ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone, timeZoneName: "short" }
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

/**
 * A span in one zone: "Mar 1, 2027, 09:00–10:00 CET" within a day there, both ends in full
 * ("Mar 1, 2027, 22:00 CET – Mar 2, 2027, 01:00 CET") across days.
 */
export function formatDateTimeRange(start: Date, end: Date, timeZone = "UTC"): string {
  if (formatDate(start, timeZone) !== formatDate(end, timeZone)) return `${formatDateTime(start, timeZone)} – ${formatDateTime(end, timeZone)}`;
  const startClock = formatter("time", timeZone).formatToParts(start).filter((part) => part.type === "hour" || part.type === "minute" || part.type === "literal").map((part) => part.value).join("").trim();
  return `${formatDate(start, timeZone)}, ${startClock}–${formatter("time", timeZone).format(end)}`;
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

/** "just now", "5 minutes ago", "in less than a minute", "in 3 days", "last year"… */
export function formatRelative(date: Date, now: Date = new Date()): string {
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  // A moment still to come (a retry) is never "just now".
  if (abs < 45 * 1000) return diff > 0 ? "in less than a minute" : "just now";
  for (const [unit, ms] of UNITS) {
    if (abs >= ms || unit === "minute") return relativeFormat.format(Math.round(diff / ms), unit);
  }
  return relativeFormat.format(Math.round(diff / 60000), "minute");
}
