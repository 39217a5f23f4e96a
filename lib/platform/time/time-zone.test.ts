import { describe, expect, it } from "vitest";
import { isoToWallClock, wallClockToIso } from "./time-zone";

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
