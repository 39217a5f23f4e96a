import { formatDateTime } from "@/lib/console/format-time";

/** A moment at the event as the venue's wall clock, zone named; UTC in the tooltip. */
export function VenueTime({ date, timezone }: { date: Date; timezone: string }) {
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatDateTime(date, timezone)}
    </time>
  );
}
