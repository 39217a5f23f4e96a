import { formatDate, formatDateTime, formatRelative } from "@/lib/console/format-time";

/** A moment as relative time ("5 minutes ago"), with the exact UTC time as tooltip and machine value. */
export function RelativeTime({ date, now, empty = "Never" }: { date: Date | null; now?: Date; empty?: string }) {
  if (!date) return <span className="text-zinc-500 dark:text-zinc-400">{empty}</span>;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatRelative(date, now)}
    </time>
  );
}

/** A calendar date ("Mar 12, 2027"), exact time in the tooltip. */
export function DateOnly({ date, empty = "—" }: { date: Date | null; empty?: string }) {
  if (!date) return <span className="text-zinc-500 dark:text-zinc-400">{empty}</span>;
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date)}>
      {formatDate(date)}
    </time>
  );
}
