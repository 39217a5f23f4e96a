import { describe, expect, it } from "vitest";
import { isValidTimeZone } from "@/lib/platform/time/time-zone";
import { dateFormatProblem, parseDateValue } from "./parse-date";

const AMS = "Europe/Amsterdam";

function iso(value: unknown, options: { timezone?: string; format?: string } = {}): string {
  const result = parseDateValue(value, options);
  if (!result.ok) throw new Error(result.reason);
  return result.date.toISOString();
}

function reason(value: unknown, options: { timezone?: string; format?: string } = {}): string {
  const result = parseDateValue(value, options);
  if (result.ok) throw new Error(`expected a failure, got ${result.date.toISOString()}`);
  return result.reason;
}

describe("parseDate: ISO 8601", () => {
  it.each([
    // An offset or Z names an instant: the configured zone does not matter.
    ["2027-03-01T09:00:00Z", AMS, "2027-03-01T09:00:00.000Z"],
    ["2027-03-01T09:00:00+05:30", AMS, "2027-03-01T03:30:00.000Z"],
    ["2027-03-01T09:00:00-0400", AMS, "2027-03-01T13:00:00.000Z"],
    ["2027-03-01T09:00:00.250+01", "America/New_York", "2027-03-01T08:00:00.250Z"],
    // Without an offset: a wall-clock time in the zone (CET in winter, CEST in summer).
    ["2027-03-01T09:00", AMS, "2027-03-01T08:00:00.000Z"],
    ["2027-07-01 09:00:00", AMS, "2027-07-01T07:00:00.000Z"],
    ["2027-07-01", AMS, "2027-06-30T22:00:00.000Z"],
    ["2027-07-01T09:00", "America/New_York", "2027-07-01T13:00:00.000Z"],
    ["2027-07-01T09:00", "UTC", "2027-07-01T09:00:00.000Z"],
    ["  2027-07-01T09:00  ", "Asia/Kolkata", "2027-07-01T03:30:00.000Z"],
  ])("%s in %s → %s", (text, timezone, expected) => {
    expect(iso(text, { timezone })).toBe(expected);
  });

  it("resolves the daylight-saving edges like Temporal's 'compatible' rule", () => {
    // 2027-03-28 02:30 does not exist in Amsterdam (clocks jump 02:00 → 03:00): read as 03:30 CEST.
    expect(iso("2027-03-28T02:30", { timezone: AMS })).toBe("2027-03-28T01:30:00.000Z");
    // 2027-10-31 02:30 happens twice (CEST then CET): the earlier one.
    expect(iso("2027-10-31T02:30", { timezone: AMS })).toBe("2027-10-31T00:30:00.000Z");
    // Just outside the edges, unambiguous.
    expect(iso("2027-03-28T01:59", { timezone: AMS })).toBe("2027-03-28T00:59:00.000Z");
    expect(iso("2027-10-31T03:00", { timezone: AMS })).toBe("2027-10-31T02:00:00.000Z");
  });

  it.each([
    ["2027-02-29T09:00Z", "is not an ISO 8601 date"],
    ["2027-13-01", "is not an ISO 8601 date"],
    ["2027-03-01T24:00", "is not an ISO 8601 date"],
    ["01-03-2027 09:00", "is not an ISO 8601 date"],
    ["tomorrow", "is not an ISO 8601 date"],
  ])("refuses %s", (text, expected) => {
    expect(reason(text, { timezone: AMS })).toContain(expected);
  });

  it("needs a zone for a wall-clock time, and a known one", () => {
    expect(reason("2027-03-01T09:00")).toContain("has no UTC offset and no time zone");
    expect(reason("2027-03-01T09:00", { timezone: "Mars/Olympus" })).toContain("not a known time zone");
    expect(iso("2027-03-01T09:00Z")).toBe("2027-03-01T09:00:00.000Z");
  });

  it("refuses numbers and objects unless an epoch format is chosen", () => {
    expect(reason(1_800_000_000, { timezone: AMS })).toContain('"unix"');
    expect(reason({ at: "x" }, { timezone: AMS })).toContain("is not a date text");
    expect(iso(1_800_000_000, { format: "unix" })).toBe("2027-01-15T08:00:00.000Z");
    expect(iso("1800000000000", { format: "unix-ms" })).toBe("2027-01-15T08:00:00.000Z");
    expect(reason("soon", { format: "unix" })).toContain("Unix time in seconds");
  });
});

describe("parseDate: patterns", () => {
  it.each([
    ["01-03-2027 09:30", "DD-MM-YYYY HH:mm", "2027-03-01T08:30:00.000Z"],
    ["3/1/2027 9:30 PM", "M/D/YYYY h:mm A", "2027-03-01T20:30:00.000Z"],
    ["3/1/2027 12:05 am", "M/D/YYYY h:mm a", "2027-02-28T23:05:00.000Z"],
    ["1 Mar 2027, 09:00", "D MMM YYYY, HH:mm", "2027-03-01T08:00:00.000Z"],
    ["1 March 2027", "D MMMM YYYY", "2027-02-28T23:00:00.000Z"],
    ["20270301T093000.125", "YYYYMMDDTHHmmss.SSS", "2027-03-01T08:30:00.125Z"],
    ["01.03.2027 09:00 +02:00", "DD.MM.YYYY HH:mm Z", "2027-03-01T07:00:00.000Z"],
  ])("%s as %s", (text, format, expected) => {
    expect(iso(text, { timezone: AMS, format })).toBe(expected);
  });

  it.each([
    ["31-02-2027 09:30", "DD-MM-YYYY HH:mm"],
    ["2027-03-01 09:30", "DD-MM-YYYY HH:mm"],
    ["13/1/2027 13:30 PM", "M/D/YYYY h:mm A"],
    ["1 Foo 2027", "D MMM YYYY"],
  ])("refuses %s as %s, naming the format", (text, format) => {
    expect(reason(text, { timezone: AMS, format })).toBe(`"${text}" is not a date in the format ${format}.`);
  });

  it("explains a format that cannot work", () => {
    expect(dateFormatProblem("DD-MM HH:mm")).toContain("four-digit year");
    expect(dateFormatProblem("YYYY-DD")).toContain("needs a month");
    expect(dateFormatProblem("YYYY-MM")).toContain("needs a day");
    expect(dateFormatProblem("YYYY-MM-DD hh:mm")).toContain("AM/PM");
    expect(dateFormatProblem("YYYY-MM-DD HH:mm hh A")).toContain("mixes");
    expect(dateFormatProblem("YYYY-MM-DD DD")).toContain("twice");
    expect(dateFormatProblem("DD/MM/YYYY HH:mm")).toBeNull();
    expect(dateFormatProblem("unix")).toBeNull();
  });

  it("knows IANA zone names", () => {
    expect(isValidTimeZone("Europe/Amsterdam")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Europe/Atlantis")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});
