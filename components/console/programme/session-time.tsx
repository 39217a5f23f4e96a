/**
 * A session's start and end on the venue's wall clock, with the zone named. The end shows
 * its date only when it falls on another day there.
 */
export function SessionTime({ startAt, endAt, timezone }: { startAt: Date; endAt: Date; timezone: string }) {
  const full = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, dateStyle: "medium", timeStyle: "short" });
  const day = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, dateStyle: "medium" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, timeStyle: "short" });
  const sameDay = day.format(startAt) === day.format(endAt);
  return (
    <span>
      <time dateTime={startAt.toISOString()}>{full.format(startAt)}</time>–<time dateTime={endAt.toISOString()}>{(sameDay ? time : full).format(endAt)}</time>{" "}
      <span className="text-xs text-zinc-500 dark:text-zinc-400">({timezone})</span>
    </span>
  );
}
