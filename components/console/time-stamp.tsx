import { formatDate, formatDateTime, formatRelative } from "@/lib/console/format-time";
import { viewerTimeZone } from "@/lib/console/viewer-time-zone";

/** A moment as relative time ("5 minutes ago"), with the exact time in the viewer's zone as tooltip. */
export async function RelativeTime({ date, now, empty = "Never" }: { date: Date | null; now?: Date; empty?: string }) {
  if (!date) return <span className="text-zinc-500 dark:text-zinc-400">{empty}</span>;
  const timeZone = await viewerTimeZone();
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, timeZone)}>
      {formatRelative(date, now)}
    </time>
  );
}

/** A calendar date in the viewer's zone ("Mar 12, 2027"), exact time in the tooltip. */
export async function DateOnly({ date, empty = "—" }: { date: Date | null; empty?: string }) {
  if (!date) return <span className="text-zinc-500 dark:text-zinc-400">{empty}</span>;
  const timeZone = await viewerTimeZone();
  return (
    <time dateTime={date.toISOString()} title={formatDateTime(date, timeZone)}>
      {formatDate(date, timeZone)}
    </time>
  );
}
