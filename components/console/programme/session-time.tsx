import { formatDateTimeRange } from "@/lib/console/format-time";

/**
 * A session's start and end on the venue's wall clock, with the zone named. The end shows
 * its date only when it falls on another day there.
 */
export function SessionTime({ startAt, endAt, timezone }: { startAt: Date; endAt: Date; timezone: string }) {
  return (
    <span>
      <time dateTime={`${startAt.toISOString()}/${endAt.toISOString()}`}>{formatDateTimeRange(startAt, endAt, timezone)}</time>{" "}
      <span className="text-xs text-zinc-500 dark:text-zinc-400">({timezone})</span>
    </span>
  );
}
