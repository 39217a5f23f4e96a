import { formatDateTime } from "@/lib/console/format-time";

/** A moment at the event as the venue's wall clock (the panel names the zone); UTC in the tooltip. */
export function VenueTime({ date, timezone }: { date: Date; timezone: string }) {
  const local = new Intl.DateTimeFormat("en-GB", { timeZone: timezone, dateStyle: "medium", timeStyle: "short" }).format(date);
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {local}
    </time>
  );
}
