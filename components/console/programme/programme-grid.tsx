import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { formatDate } from "@/lib/console/format-time";
import { programmeGrid } from "@/lib/console/programme-grid";
import type { ProgrammeSession } from "@/lib/console/programme-workspace";
import { wallClockToIso } from "@/lib/platform/time/time-zone";

/** The programme as one table per venue day: start times down, rooms across; double bookings marked. */
export function ProgrammeGrid({ sessions, timezone, rooms }: { sessions: ProgrammeSession[]; timezone: string; rooms: { name: string }[] }) {
  const days = programmeGrid(sessions, timezone, rooms);
  return (
    <div className="space-y-6" data-testid="programme-grid">
      {days.map((day) => {
        const label = formatDate(new Date(wallClockToIso(`${day.day}T12:00`, timezone)), timezone);
        return (
          <div key={day.day} className="space-y-2">
            <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{label}</h3>
            <Table label={`Programme on ${label}, by room`} minWidth={`${Math.max(24, 6 + day.rooms.length * 14)}rem`}>
              <THead>
                <Th>Starts ({timezone})</Th>
                {day.rooms.map((room) => (
                  <Th key={room}>{room}</Th>
                ))}
              </THead>
              <TBody>
                {day.rows.map((row) => (
                  <Tr key={row.time}>
                    <Td className="font-medium tabular-nums text-zinc-900 dark:text-zinc-100">{row.time}</Td>
                    {day.rooms.map((room) => (
                      <Td key={room} label={room}>
                        {(row.cells[room] ?? []).map((session) => (
                          <div key={session.id} className="mb-1 last:mb-0" data-testid="grid-session">
                            <div className="font-medium text-zinc-900 dark:text-zinc-100">{session.title}</div>
                            <div className="text-xs text-zinc-600 dark:text-zinc-400">
                              until {formatEnd(session.endAt, timezone)}
                              {session.speakers.length ? ` · ${session.speakers.map((speaker) => speaker.name).join(", ")}` : ""}
                            </div>
                            {day.doubleBooked.has(session.id) ? (
                              <Badge tone="amber">Double-booked room</Badge>
                            ) : null}
                          </div>
                        ))}
                      </Td>
                    ))}
                  </Tr>
                ))}
              </TBody>
            </Table>
          </div>
        );
      })}
    </div>
  );
}

function formatEnd(end: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: timezone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(end);
}

/** List or grid, as links (a shareable address per view); the other query parameters are kept. */
export function ProgrammeViewSwitch({ path, view, query }: { path: string; view: "list" | "grid"; query: Record<string, string> }) {
  const href = (next: "list" | "grid") => {
    const params = new URLSearchParams(query);
    if (next === "grid") params.set("view", "grid");
    else params.delete("view");
    const search = params.toString();
    return `${path}${search ? `?${search}` : ""}#sessions`;
  };
  const item = (value: "list" | "grid", label: string) => (
    <Link
      href={href(value)}
      aria-current={view === value ? "page" : undefined}
      className={
        view === value
          ? "rounded-md bg-zinc-900 px-3 py-1.5 text-sm font-medium text-white dark:bg-zinc-100 dark:text-zinc-900"
          : "rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 underline-offset-2 hover:underline dark:text-zinc-300"
      }
      data-testid={`programme-view-${value}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Programme view" className="flex items-center gap-1 rounded-lg border border-zinc-200 p-0.5 dark:border-zinc-700">
      {item("list", "List")}
      {item("grid", "By room")}
    </nav>
  );
}
