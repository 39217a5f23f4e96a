import { isValidTimeZone, wallClockToIso } from "@/lib/platform/time/time-zone";

// The admin's own time zone: the browser knows it (Intl), the server learns it from a
// cookie the console sets (components/console/time-zone-cookie.tsx). Dates an admin
// picks (a key's expiry) mean that zone's calendar day; dates shown are in that zone.
// Runs in the browser and on the server.

export const TIME_ZONE_COOKIE = "tz";

/** A known IANA zone name, or UTC for anything else (no cookie, a forged one). */
export function resolveTimeZone(value: string | null | undefined): string {
  return value && isValidTimeZone(value) ? value : "UTC";
}

/**
 * The last millisecond of calendar day `date` ("YYYY-MM-DD") in `timeZone`, as an ISO
 * instant: Jun 30 in Los Angeles ends at 2027-07-01T06:59:59.999Z. Null for a malformed date.
 */
export function endOfDayInZone(date: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  const lastMinute = wallClockToIso(`${date}T23:59`, resolveTimeZone(timeZone));
  return new Date(Date.parse(lastMinute) + 59_999).toISOString();
}

/**
 * In the browser, for a date a client component shows after an action (a server-rendered
 * date uses viewerTimeZone): the zone the console's cookie names, else the browser's own.
 */
export function browserTimeZone(): string {
  const prefix = `${TIME_ZONE_COOKIE}=`;
  const cookie = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return resolveTimeZone(cookie ? decodeURIComponent(cookie.slice(prefix.length)) : Intl.DateTimeFormat().resolvedOptions().timeZone);
}
