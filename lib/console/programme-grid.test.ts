import { describe, expect, it } from "vitest";
import { NO_ROOM, programmeGrid } from "./programme-grid";

const session = (id: string, start: string, end: string, room: string | null) => ({ id, startAt: new Date(start), endAt: new Date(end), room });

describe("programmeGrid", () => {
  it("groups by the venue's day and start time, rooms in the event's order, then others, then No room", () => {
    const grid = programmeGrid(
      [
        session("a", "2027-03-01T08:00:00Z", "2027-03-01T09:00:00Z", "Hall B"),
        session("b", "2027-03-01T08:00:00Z", "2027-03-01T09:00:00Z", "Hall A"),
        session("c", "2027-03-01T10:00:00Z", "2027-03-01T11:00:00Z", "Terrace"),
        session("d", "2027-03-01T23:30:00Z", "2027-03-02T00:30:00Z", null),
      ],
      "Europe/Oslo",
      [{ name: "Hall A" }, { name: "Hall B" }, { name: "Unused" }],
    );
    // 23:30 UTC on 1 March is 00:30 on 2 March in Oslo: the next venue day.
    expect(grid.map((day) => day.day)).toEqual(["2027-03-01", "2027-03-02"]);
    expect(grid[0].rooms).toEqual(["Hall A", "Hall B", "Terrace"]);
    expect(grid[0].rows.map((row) => row.time)).toEqual(["09:00", "11:00"]);
    expect(grid[0].rows[0].cells["Hall A"].map((s) => s.id)).toEqual(["b"]);
    expect(grid[1].rooms).toEqual([NO_ROOM]);
    expect(grid[1].rows[0]).toMatchObject({ time: "00:30" });
  });

  it("marks sessions that overlap in one room (any letter case), not touching ones or other rooms", () => {
    const [day] = programmeGrid(
      [
        session("keynote", "2027-03-01T09:00:00Z", "2027-03-01T11:00:00Z", "Hall A"),
        session("clash", "2027-03-01T10:30:00Z", "2027-03-01T11:30:00Z", "hall a"),
        session("after", "2027-03-01T11:30:00Z", "2027-03-01T12:00:00Z", "Hall A"),
        session("elsewhere", "2027-03-01T09:00:00Z", "2027-03-01T11:00:00Z", "Hall B"),
        session("roomless1", "2027-03-01T09:00:00Z", "2027-03-01T10:00:00Z", null),
        session("roomless2", "2027-03-01T09:00:00Z", "2027-03-01T10:00:00Z", null),
      ],
      "UTC",
      [],
    );
    expect([...day.doubleBooked].sort()).toEqual(["clash", "keynote"]);
  });
});
