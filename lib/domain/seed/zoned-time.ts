// Wall-clock times in an IANA zone turned into instants, so a demo event's 09:00 keynote
// is at 09:00 where the event takes place.

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `instant`, in milliseconds (east positive). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0; // "GMT" alone: UTC
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -1 : 1) * minutes * 60_000;
}

/** The calendar date (UTC fields) of `instant` as seen in `timeZone`. */
export function localDate(instant: number, timeZone: string): { year: number; month: number; day: number } {
  const shifted = new Date(instant + zoneOffsetMs(instant, timeZone));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}

/**
 * The instant of local wall-clock `minutes` after midnight on the given day in `timeZone`
 * (`day` may overflow the month; Date.UTC normalises it).
 */
export function zonedInstant(date: { year: number; month: number; day: number }, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(date.year, date.month, date.day, 0, minutes);
  // Two passes settle the offset around daylight-saving changes.
  let instant = guess - zoneOffsetMs(guess, timeZone);
  instant = guess - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const shifted = new Date(Date.UTC(date.year, date.month, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}
