import { isoToWallClock } from "@/lib/platform/time/time-zone";

// The programme as days × rooms: per venue day (the event's time zone), one row per start
// time and one column per room — the event's rooms in their order, then rooms only sessions
// name (imports may type any), then "No room" when a session has none. A session that
// overlaps another in the same room is marked, so a double booking shows in the grid too.

export const NO_ROOM = "No room";

type GridSession = { id: string; startAt: Date; endAt: Date; room: string | null };

export type GridDay<S extends GridSession> = {
  /** The venue's date, YYYY-MM-DD. */
  day: string;
  rooms: string[];
  rows: { time: string; cells: Record<string, S[]> }[];
  /** Ids of sessions that overlap another session in their room. */
  doubleBooked: Set<string>;
};

export function programmeGrid<S extends GridSession>(sessions: readonly S[], timezone: string, eventRooms: readonly { name: string }[]): GridDay<S>[] {
  const byDay = new Map<string, S[]>();
  for (const session of sessions) {
    const day = isoToWallClock(session.startAt, timezone).slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), session]);
  }
  return [...byDay.keys()].sort().map((day) => {
    const daySessions = [...byDay.get(day)!].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
    const roomOf = (session: S) => session.room?.trim() || NO_ROOM;
    const used = new Set(daySessions.map(roomOf));
    const named = eventRooms.map((room) => room.name).filter((name) => used.has(name));
    const others = [...used].filter((name) => name !== NO_ROOM && !named.includes(name)).sort();
    const rooms = [...named, ...others, ...(used.has(NO_ROOM) ? [NO_ROOM] : [])];
    const rows = new Map<string, Record<string, S[]>>();
    for (const session of daySessions) {
      const time = isoToWallClock(session.startAt, timezone).slice(11, 16);
      const cells = rows.get(time) ?? {};
      (cells[roomOf(session)] ??= []).push(session);
      rows.set(time, cells);
    }
    return { day, rooms, rows: [...rows].map(([time, cells]) => ({ time, cells })), doubleBooked: doubleBookings(daySessions, roomOf) };
  });
}

function doubleBookings<S extends GridSession>(sessions: readonly S[], roomOf: (session: S) => string): Set<string> {
  const marked = new Set<string>();
  const byRoom = new Map<string, S[]>();
  for (const session of sessions) {
    const room = roomOf(session);
    if (room !== NO_ROOM) byRoom.set(room.toLowerCase(), [...(byRoom.get(room.toLowerCase()) ?? []), session]);
  }
  for (const list of byRoom.values()) {
    // Sorted by start: each session is compared with the latest end seen before it.
    let latest: S | null = null;
    for (const session of list) {
      if (latest && session.startAt < latest.endAt) {
        marked.add(session.id);
        marked.add(latest.id);
      }
      if (!latest || session.endAt > latest.endAt) latest = session;
    }
  }
  return marked;
}
