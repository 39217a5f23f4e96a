import { wallTimeToInstant, zoneOffsetMs } from "@/lib/platform/time/time-zone";

// Calendar days of the demo programme, placed in the event's zone, so a demo event's 09:00
// keynote is at 09:00 where the event takes place.

export type CalendarDate = { year: number; month: number; day: number };

/** The calendar date (month from 0, as Date's) of `instant` as seen in `timeZone`. */
export function localDate(instant: number, timeZone: string): CalendarDate {
  const shifted = new Date(instant + zoneOffsetMs(instant, timeZone));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}

/**
 * The instant of local wall-clock `minutes` after midnight on the given day in `timeZone`
 * (`day` may overflow the month; Date.UTC normalises it).
 */
export function zonedInstant(date: CalendarDate, minutes: number, timeZone: string): Date {
  const day = new Date(Date.UTC(date.year, date.month, date.day, 0, minutes));
  return wallTimeToInstant(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: day.getUTCHours(), minute: day.getUTCMinutes(), second: 0, ms: 0 },
    timeZone,
  );
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate() };
}
