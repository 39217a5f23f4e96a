import { describe, expect, it } from "vitest";
import { isoToWallClock, wallClockToIso, wallTimeToInstant } from "./time-zone";

describe("wallClockToIso", () => {
  it("reads the wall clock in the event's zone, across DST", () => {
    expect(wallClockToIso("2027-03-01T09:00", "Europe/Amsterdam")).toBe("2027-03-01T08:00:00.000Z");
    expect(wallClockToIso("2027-07-01T09:00", "Europe/Amsterdam")).toBe("2027-07-01T07:00:00.000Z");
    expect(wallClockToIso("2027-06-30T23:30", "America/Los_Angeles")).toBe("2027-07-01T06:30:00.000Z");
  });

  it("leaves other shapes and unknown zones to the schema's validation", () => {
    expect(wallClockToIso("tomorrow", "Europe/Amsterdam")).toBe("tomorrow");
    expect(wallClockToIso("2027-03-01T09:00", "Mars/Olympus")).toBe("2027-03-01T09:00");
  });

  it("round-trips through the wall clock", () => {
    expect(isoToWallClock(new Date("2027-07-01T06:30:00Z"), "America/Los_Angeles")).toBe("2027-06-30T23:30");
    expect(wallClockToIso(isoToWallClock(new Date("2027-03-01T08:00:00Z"), "Europe/Amsterdam"), "Europe/Amsterdam")).toBe("2027-03-01T08:00:00.000Z");
  });
});

describe("wallTimeToInstant", () => {
  it("keeps years 0–99 as written (Date.UTC would read them as 1900–1999)", () => {
    const wall = { year: 50, month: 3, day: 1, hour: 9, minute: 30, second: 0, ms: 0 };
    expect(wallTimeToInstant(wall, "UTC").toISOString()).toBe("0050-03-01T09:30:00.000Z");
    expect(wallTimeToInstant({ ...wall, year: 0 }, "UTC").toISOString()).toBe("0000-03-01T09:30:00.000Z");
    expect(wallClockToIso("0099-12-31T23:00", "UTC")).toBe("0099-12-31T23:00:00.000Z");
    expect(wallTimeToInstant({ ...wall, year: 2027 }, "Europe/Amsterdam").toISOString()).toBe("2027-03-01T08:30:00.000Z");
  });
});
