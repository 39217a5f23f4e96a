import { describe, expect, it } from "vitest";
import { ATTENDEE_FIELDS, SESSION_FIELDS, fieldLabel } from "./mapping";
import { SKIPPED_VALUE_MAX_CHARS, reasonWithoutField, recordLabel, skippedRecord, skippedValueText } from "./skipped-record";

describe("record numbers", () => {
  it("counts from 1 across the pull, the same in the preview and the run history", () => {
    expect(recordLabel(0)).toBe("Record 1");
    expect(recordLabel(2)).toBe("Record 3");
    expect(recordLabel(4999)).toBe("Record 5,000");
  });
});

describe("a skipped record's value", () => {
  it.each([
    ["text as it is", "2027-03-01 09:00", "2027-03-01 09:00"],
    ["a number as JSON", 12.5, "12.5"],
    ["an object as JSON", { x: 1 }, '{"x":1}'],
    ["null as JSON", null, "null"],
    ["a date in ISO 8601", new Date("2027-03-01T09:00:00Z"), "2027-03-01T09:00:00.000Z"],
    ["nothing as nothing", undefined, undefined],
  ])("%s", (_name, value, expected) => {
    expect(skippedValueText(value)).toBe(expected);
  });

  it("is capped, counting characters rather than UTF-16 units", () => {
    const text = skippedValueText("é".repeat(500))!;
    expect([...text]).toHaveLength(SKIPPED_VALUE_MAX_CHARS);
    expect(text.endsWith("…")).toBe(true);
    expect(skippedValueText("😀".repeat(SKIPPED_VALUE_MAX_CHARS))).toBe("😀".repeat(SKIPPED_VALUE_MAX_CHARS));
  });

  it("is stored with its field only, and NUL characters are dropped", () => {
    expect(skippedRecord(3, { reason: "capacity: x", field: "capacity", value: "a\u0000b" })).toEqual({ index: 3, reason: "capacity: x", field: "capacity", value: "ab" });
    expect(skippedRecord(1, { reason: "The record is text, not an object.", value: "x" })).toEqual({ index: 1, reason: "The record is text, not an object." });
    expect(skippedRecord(2, { reason: 'email: no value at "email".', field: "email" })).toEqual({ index: 2, reason: 'email: no value at "email".', field: "email" });
  });
});

describe("a skipped record's reason beside its field", () => {
  it("drops the field name the label already shows, and only that", () => {
    expect(reasonWithoutField({ reason: 'startAt: "March 1st" is not a date.', field: "startAt" })).toBe('"March 1st" is not a date.');
    expect(reasonWithoutField({ reason: "email must be an email address.", field: "email" })).toBe("email must be an email address.");
    expect(reasonWithoutField({ reason: "The record is text, not an object." })).toBe("The record is text, not an object.");
  });
});

describe("field labels", () => {
  it("names every field of both targets in words, with an example source path", () => {
    for (const [target, fields] of [["attendees", ATTENDEE_FIELDS], ["sessions", SESSION_FIELDS]] as const) {
      for (const [name, spec] of Object.entries(fields)) {
        expect(spec.label, name).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
        expect(spec.example, name).toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)*$/);
        expect(fieldLabel(target, name)).toBe(spec.label);
      }
    }
    expect(fieldLabel("sessions", "startAt")).toBe("Start time");
    expect(fieldLabel("sessions", "sourceId")).toBe("Source id");
    expect(fieldLabel("attendees", "jobTitle")).toBe("Job title");
    expect(fieldLabel("sessions", "trackId")).toBe("Track");
    expect(fieldLabel("attendees", "nickname")).toBe("nickname");
  });
});
