// Time-zone arithmetic on IANA zone names, with no date library: Intl (full ICU in Node
// and browsers) gives a zone's offset at any instant. A wall-clock time that a DST change
// makes ambiguous is read as the earlier instant; one that falls in the gap is read with
// the offset in force before the change (Temporal's "compatible" disambiguation).

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number; ms: number };

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is an IANA zone name this runtime knows (aliases such as UTC included). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === "") return false;
  try {
    offsetFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds (east positive). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const name = offsetFormatter(timeZone).formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")?.value;
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name ?? "");
  if (!match) return 0; // plain "GMT": UTC
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return (match[1] === "-" ? -1 : 1) * seconds * 1000;
}

/** The instant of a wall-clock time in `timeZone`, with the "compatible" disambiguation above. */
export function wallTimeToInstant(wall: WallTime, timeZone: string): Date {
  // Not Date.UTC: it reads years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.ms);
  const local = date.getTime();
  // Offsets a day either side bracket any transition near this time.
  const before = zoneOffsetMs(local - 86_400_000, timeZone);
  const after = zoneOffsetMs(local + 86_400_000, timeZone);
  const candidates = [...new Set([local - before, local - after])]
    .filter((instant) => instant + zoneOffsetMs(instant, timeZone) === local)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return new Date(candidates[0]);
  // In the gap: read the time with the offset in force before the transition.
  return new Date(local - before);
}

/** "YYYY-MM-DDTHH:mm" at `timeZone` as an ISO instant; the input unchanged when it is not that shape or the zone is unknown. */
export function wallClockToIso(value: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || !isValidTimeZone(timeZone)) return value;
  const [, year, month, day, hour, minute] = match.map(Number);
  return wallTimeToInstant({ year, month, day, hour, minute, second: 0, ms: 0 }, timeZone).toISOString();
}

/** An instant as "YYYY-MM-DDTHH:mm" on the wall clock of `timeZone` (a datetime-local value). */
export function isoToWallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
