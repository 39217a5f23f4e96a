import { describe, expect, it } from "vitest";
import { formatDateTime, formatDateTimeRange, formatRelative } from "./format-time";

describe("formatDateTime", () => {
  it("names the zone it shows the time in", () => {
    const at = new Date("2026-11-27T13:05:00Z");
    expect(formatDateTime(at, "Europe/Amsterdam")).toBe("Nov 27, 2026, 14:05 GMT+1");
    expect(formatDateTime(at, "America/Los_Angeles")).toBe("Nov 27, 2026, 05:05 PST");
    expect(formatDateTime(at)).toBe("Nov 27, 2026, 13:05 UTC");
  });
});

describe("formatDateTimeRange", () => {
  it("writes the date once for a span within one day there, the zone at the end", () => {
    expect(formatDateTimeRange(new Date("2027-03-01T08:00:00Z"), new Date("2027-03-01T09:00:00Z"), "Europe/Amsterdam")).toBe("Mar 1, 2027, 09:00–10:00 GMT+1");
  });

  it("writes both ends in full across days in that zone", () => {
    expect(formatDateTimeRange(new Date("2027-03-01T21:00:00Z"), new Date("2027-03-02T00:30:00Z"), "UTC")).toBe("Mar 1, 2027, 21:00 UTC – Mar 2, 2027, 00:30 UTC");
  });
});

describe("formatRelative", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("reads a moment seconds ago as just now", () => {
    expect(formatRelative(new Date(now.getTime() - 10_000), now)).toBe("just now");
  });

  it("never reads a moment to come as just now", () => {
    expect(formatRelative(new Date(now.getTime() + 10_000), now)).toBe("in less than a minute");
    expect(formatRelative(new Date(now.getTime() + 5 * 60_000), now)).toBe("in 5 minutes");
  });
});
