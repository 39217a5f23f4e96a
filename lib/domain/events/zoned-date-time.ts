// Event dates are entered as wall-clock time at the venue ("2027-03-01T09:00" in
// Europe/Amsterdam) and stored as UTC. Intl gives the zone's offset at an instant; two
// passes settle the offset across a DST change.

function offsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** "YYYY-MM-DDTHH:mm" at `timeZone` as an ISO instant; the input unchanged when it is not that shape or the zone is unknown. */
export function wallClockToIso(value: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const [, y, mo, d, h, mi] = match.map(Number);
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  try {
    const first = naive - offsetMs(new Date(naive), timeZone);
    return new Date(naive - offsetMs(new Date(first), timeZone)).toISOString();
  } catch {
    return value;
  }
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
