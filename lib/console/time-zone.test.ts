import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-time";
import { endOfDayInZone, resolveTimeZone } from "./time-zone";

describe("endOfDayInZone", () => {
  it("is the last millisecond of the calendar day in that zone", () => {
    expect(endOfDayInZone("2027-06-30", "America/Los_Angeles")).toBe("2027-07-01T06:59:59.999Z");
    expect(endOfDayInZone("2027-01-15", "America/Los_Angeles")).toBe("2027-01-16T07:59:59.999Z");
    expect(endOfDayInZone("2027-06-30", "UTC")).toBe("2027-06-30T23:59:59.999Z");
    expect(endOfDayInZone("2027-06-30", "Asia/Kolkata")).toBe("2027-06-30T18:29:59.999Z");
  });

  it("follows the offset of that very day across a daylight-saving change", () => {
    // Europe/Amsterdam moves to summer time on 2027-03-28: the day ends at UTC+2.
    expect(endOfDayInZone("2027-03-27", "Europe/Amsterdam")).toBe("2027-03-27T22:59:59.999Z");
    expect(endOfDayInZone("2027-03-28", "Europe/Amsterdam")).toBe("2027-03-28T21:59:59.999Z");
  });

  it("refuses what is not a date", () => {
    expect(endOfDayInZone("30/06/2027", "UTC")).toBeNull();
    expect(endOfDayInZone("2027-13-40", "UTC")).toBeNull();
  });
});

describe("resolveTimeZone", () => {
  it("keeps a known IANA zone and turns anything else into UTC", () => {
    expect(resolveTimeZone("America/Los_Angeles")).toBe("America/Los_Angeles");
    expect(resolveTimeZone("Nowhere/Special")).toBe("UTC");
    expect(resolveTimeZone("")).toBe("UTC");
    expect(resolveTimeZone(undefined)).toBe("UTC");
  });
});

describe("formatting in the viewer's zone", () => {
  it("shows an expiry at the end of Jun 30 in Los Angeles as Jun 30 there and Jul 1 in UTC", () => {
    const expiry = new Date("2027-07-01T06:59:59.999Z");
    expect(formatDate(expiry, "America/Los_Angeles")).toBe("Jun 30, 2027");
    expect(formatDate(expiry)).toBe("Jul 1, 2027");
    expect(formatDateTime(expiry, "America/Los_Angeles")).toBe("Jun 30, 2027, 23:59 PDT");
    expect(formatDateTime(expiry)).toBe("Jul 1, 2027, 06:59 UTC");
  });
});
