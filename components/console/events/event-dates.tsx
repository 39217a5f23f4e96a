import { formatDateTimeRange } from "@/lib/console/format-time";

/** An event's start and end as the venue's wall clock, with the zone named. */
export function EventDates({ startAt, endAt, timezone }: { startAt: Date; endAt: Date; timezone: string }) {
  return (
    <span>
      <time dateTime={`${startAt.toISOString()}/${endAt.toISOString()}`}>{formatDateTimeRange(startAt, endAt, timezone)}</time>{" "}
      <span className="text-xs text-zinc-500 dark:text-zinc-400">({timezone})</span>
    </span>
  );
}

const TONES = { draft: "amber", published: "green", archived: "neutral", invited: "blue", active: "green", revoked: "red", open: "green", closed: "neutral" } as const;

export function statusTone(status: string): "amber" | "green" | "neutral" | "blue" | "red" {
  return (TONES as Record<string, "amber" | "green" | "neutral" | "blue" | "red">)[status] ?? "neutral";
}
