import { describe, expect, it } from "vitest";
import { getAtPath, listLeafPaths } from "./dotted-path";
import { applyMapping, attendeeMappingSchema, sessionMappingSchema, type AttendeeMapping, type SessionMapping } from "./mapping";

const AMS = { timezone: "Europe/Amsterdam" };

/** path → message of the first issue per path, as the console would show them. */
function faults(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  const out: Record<string, string> = {};
  for (const issue of result.error!.issues) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

describe("mapping schema: attendees", () => {
  it("accepts the documented shape and normalises transform shorthands", () => {
    const parsed = attendeeMappingSchema.parse({
      fields: {
        email: { path: "contact.email", transform: ["trim", "lowercase"] },
        displayName: { path: "name", transform: [{ op: "trim" }] },
        company: { path: "org.name", default: null },
        jobTitle: { path: "role" },
      },
    });
    expect(parsed.fields.email.transform).toEqual([{ op: "trim" }, { op: "lowercase" }]);
    // The parsed form parses again to itself (it is what gets stored).
    expect(attendeeMappingSchema.parse(parsed)).toEqual(parsed);
  });

  it.each([
    ["email not mapped", { fields: { displayName: { path: "name" } } }, { "fields.email": "Map email: it is required." }],
    [
      "unknown target field",
      { fields: { email: { path: "e" }, firstName: { path: "f" } } },
      { "fields.firstName": 'Unknown target field "firstName": attendees can map email, displayName, company, jobTitle.' },
    ],
    ["no fields", {}, { fields: 'Add "fields": the attendees fields to fill and where each comes from.' }],
    ["not an object", "email", { "": 'The mapping must be an object such as { "fields": { "email": { "path": "email" } } }.' }],
    ["sourceIdPath on attendees", { sourceIdPath: "id", fields: { email: { path: "e" } } }, { "": "Attendee mappings have no sourceIdPath: attendees are matched by email (recordIdPath names a record in run results)." }],
    ["empty path", { fields: { email: { path: " " } } }, { "fields.email.path": "Give a path such as contact.email." }],
    ["double dot", { fields: { email: { path: "a..b" } } }, { "fields.email.path": expect.stringContaining("single dots") }],
    ["field as a bare string", { fields: { email: "contact.email" } }, { "fields.email": expect.stringContaining("must be an object") }],
    ["unknown key in a field", { fields: { email: { path: "e", from: "x" } } }, { "fields.email": expect.stringContaining('"from" is not one of them') }],
    ["unknown transform", { fields: { email: { path: "e", transform: ["slugify"] } } }, { "fields.email.transform.0.op": expect.stringContaining('"trim", "lowercase"') }],
    ["parseDate on a text field", { fields: { email: { path: "e", transform: [{ op: "parseDate" }] } } }, { "fields.email.transform.0": expect.stringContaining("only applies to date fields") }],
    ["map without a table", { fields: { email: { path: "e", transform: [{ op: "map" }] } } }, { "fields.email.transform.0.values": expect.stringContaining("must be a table") }],
  ])("%s → a clear fault", (_name, input, expected) => {
    expect(faults(attendeeMappingSchema.safeParse(input))).toMatchObject(expected);
  });
});

describe("mapping schema: sessions", () => {
  const valid = {
    sourceIdPath: "id",
    fields: { title: { path: "name" }, startAt: { path: "start" }, endAt: { path: "end" } },
  };

  it("accepts the minimal mapping", () => {
    expect(sessionMappingSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["no sourceIdPath", { fields: valid.fields }, { sourceIdPath: expect.stringContaining("Set sourceIdPath") }],
    ["title missing", { ...valid, fields: { startAt: { path: "s" }, endAt: { path: "e" } } }, { "fields.title": "Map title: it is required." }],
    ["start and end missing", { ...valid, fields: { title: { path: "t" } } }, { "fields.startAt": "Map startAt: it is required.", "fields.endAt": "Map endAt: it is required." }],
    ["trackId instead of track", { ...valid, fields: { ...valid.fields, trackId: { path: "t" } } }, { "fields.trackId": expect.stringContaining("sessions can map title, description, type, startAt, endAt, room, capacity, track") }],
    ["bad time zone", { ...valid, fields: { ...valid.fields, startAt: { path: "s", transform: [{ op: "parseDate", timezone: "Europe/Atlantis" }] } } }, { "fields.startAt.transform.0.timezone": expect.stringContaining("IANA") }],
    ["bad format", { ...valid, fields: { ...valid.fields, startAt: { path: "s", transform: [{ op: "parseDate", format: "DD-MM HH:mm" }] } } }, { "fields.startAt.transform.0.format": expect.stringContaining("four-digit year") }],
    ["parseDate not last", { ...valid, fields: { ...valid.fields, startAt: { path: "s", transform: [{ op: "parseDate" }, "trim"] } } }, { "fields.startAt.transform.0": "parseDate must be the last transform." }],
  ])("%s → a clear fault", (_name, input, expected) => {
    expect(faults(sessionMappingSchema.safeParse(input))).toMatchObject(expected);
  });
});

describe("applyMapping: attendees", () => {
  const mapping: AttendeeMapping = attendeeMappingSchema.parse({
    fields: {
      email: { path: "contact.email", transform: ["trim"] },
      displayName: { path: "name" },
      company: { path: "org.name", transform: ["uppercase"] },
      jobTitle: { path: "role", default: "Guest" },
    },
  });

  it.each([
    [
      "all present",
      { contact: { email: "  Ada@Example.com " }, name: "Ada", org: { name: "acme" }, role: "CTO" },
      { email: "Ada@Example.com", displayName: "Ada", company: "ACME", jobTitle: "CTO" },
    ],
    [
      "missing optional values: name left to the service, company cleared, job title defaulted",
      { contact: { email: "b@example.com" }, org: null, role: "  " },
      { email: "b@example.com", company: null, jobTitle: "Guest" },
    ],
    ["numbers become text", { contact: { email: "c@example.com" }, name: 42, role: true }, { email: "c@example.com", displayName: "42", company: null, jobTitle: "true" }],
  ])("%s", (_name, record, expected) => {
    expect(applyMapping(record, mapping, AMS)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["no email", { name: "x" }, { reason: 'email: no value at "contact.email".', field: "email" }],
    ["email is an object", { contact: { email: { value: "x" } } }, { reason: "email: found an object, not text.", field: "email", value: { value: "x" } }],
    ["record is a list", [1, 2], { reason: "The record is a list, not an object." }],
    ["record is null", null, { reason: "The record is null, not an object." }],
  ])("%s → skipped with a reason, naming the field and its value", (_name, record, skip) => {
    expect(applyMapping(record, mapping, AMS)).toEqual({ ok: false, ...skip });
  });

  it("never reads inherited properties", () => {
    const m = attendeeMappingSchema.parse({ fields: { email: { path: "constructor.name" } } });
    expect(applyMapping({}, m)).toEqual({ ok: false, reason: 'email: no value at "constructor.name".', field: "email" });
  });
});

describe("applyMapping: sessions", () => {
  const mapping: SessionMapping = sessionMappingSchema.parse({
    sourceIdPath: "ref.id",
    fields: {
      title: { path: "name", transform: ["trim"] },
      startAt: { path: "slot.start", transform: [{ op: "parseDate", format: "DD-MM-YYYY HH:mm" }] },
      endAt: { path: "slot.end" },
      type: { path: "kind", transform: [{ op: "map", values: { Keynote: "keynote", Talk: "talk", Hidden: null }, default: "other" }] },
      capacity: { path: "seats", transform: ["number"] },
      room: { path: "where" },
      track: { path: "track.name" },
      description: { path: "abstract" },
    },
  });
  const base = { ref: { id: 17 }, name: " Opening ", slot: { start: "01-03-2027 09:00", end: "2027-03-01T10:00:00+01:00" }, kind: "keynote ", seats: "250", where: "Hall A", track: { name: "Main" } };

  it("maps every field, reading local times in the event's zone", () => {
    expect(applyMapping(base, mapping, AMS)).toEqual({
      ok: true,
      value: {
        externalId: "17",
        title: "Opening",
        startAt: new Date("2027-03-01T08:00:00.000Z"),
        endAt: new Date("2027-03-01T09:00:00.000Z"),
        type: "keynote",
        capacity: 250,
        room: "Hall A",
        track: "Main",
        description: "",
      },
    });
  });

  it("a parseDate zone wins over the event's zone", () => {
    const m = sessionMappingSchema.parse({
      sourceIdPath: "id",
      fields: { title: { path: "t" }, startAt: { path: "s", transform: [{ op: "parseDate", timezone: "America/New_York" }] }, endAt: { path: "e" } },
    });
    const result = applyMapping({ id: "a", t: "x", s: "2027-03-01T09:00", e: "2027-03-01T23:00Z" }, m, AMS);
    expect(result.ok && result.value.startAt.toISOString()).toBe("2027-03-01T14:00:00.000Z");
  });

  it.each([
    ["unlisted type takes the table's default", { kind: "Fireside" }, { type: "other" }],
    ["a table value of null leaves the type to the service", { kind: "Hidden" }, { type: undefined }],
    ["no track clears it", { track: null }, { track: null }],
    ["capacity as a number", { seats: 40 }, { capacity: 40 }],
    ["no capacity clears it", { seats: "" }, { capacity: null }],
  ])("%s", (_name, patch, expected) => {
    const result = applyMapping({ ...base, ...patch }, mapping, AMS);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined) expect(key in result.value, `${key} should be left out`).toBe(false);
      else expect(result.value[key as keyof typeof result.value]).toEqual(value);
    }
  });

  it.each([
    ["no source id", { ref: {} }, { reason: 'sourceId: no value at "ref.id".', field: "sourceId" }],
    ["source id is an object", { ref: { id: { x: 1 } } }, { reason: 'sourceId: found an object at "ref.id", not text or a number.', field: "sourceId", value: { x: 1 } }],
    ["no title", { name: "  " }, { reason: 'title: no value at "name".', field: "title" }],
    ["unparsable start", { slot: { start: "2027-03-01 09:00", end: base.slot.end } }, { reason: 'startAt: "2027-03-01 09:00" is not a date in the format DD-MM-YYYY HH:mm.', field: "startAt", value: "2027-03-01 09:00" }],
    ["end without offset in no zone", { slot: { start: base.slot.start, end: "soon" } }, { reason: "endAt: \"soon\" is not an ISO 8601 date such as 2027-03-01T09:30 (set a date format for other layouts).", field: "endAt", value: "soon" }],
    ["end before start", { slot: { start: "01-03-2027 11:00", end: "2027-03-01T10:00:00+01:00" } }, { reason: "endAt: 2027-03-01T09:00:00.000Z is not after startAt 2027-03-01T10:00:00.000Z.", field: "endAt", value: new Date("2027-03-01T09:00:00.000Z") }],
    ["seats not a number", { seats: "many" }, { reason: 'capacity: "many" is not a number.', field: "capacity", value: "many" }],
    ["seats not whole", { seats: 12.5 }, { reason: "capacity: 12.5 is not a whole number.", field: "capacity", value: 12.5 }],
  ])("%s → skipped with a reason, naming the field and its value", (_name, patch, skip) => {
    expect(applyMapping({ ...base, ...patch }, mapping, AMS)).toEqual({ ok: false, ...skip });
  });

  it("a map without a default names the value it could not translate", () => {
    const m = sessionMappingSchema.parse({
      sourceIdPath: "id",
      fields: { title: { path: "t" }, startAt: { path: "s" }, endAt: { path: "e" }, type: { path: "k", transform: [{ op: "map", values: { Talk: "talk" } }] } },
    });
    expect(applyMapping({ id: 1, t: "x", s: "2027-03-01T09:00Z", e: "2027-03-01T10:00Z", k: "Panel" }, m)).toEqual({
      ok: false,
      reason: 'type: "Panel" is not in the map table (add it, or give the table a default).',
      field: "type",
      value: "Panel",
    });
  });
});

describe("dotted paths", () => {
  it("walks objects and list indexes, nothing else", () => {
    const value = { data: { items: [{ id: 1 }, { id: 2 }] }, "a.b": 1 };
    expect(getAtPath(value, "data.items.1.id")).toBe(2);
    expect(getAtPath(value, "")).toBe(value);
    expect(getAtPath(value, "data.items.x")).toBeUndefined();
    expect(getAtPath(value, "data.items.5.id")).toBeUndefined();
    expect(getAtPath(value, "data.__proto__")).toBeUndefined();
  });

  it("lists the leaf paths of sample records for the mapping editor", () => {
    expect(listLeafPaths([{ id: 1, contact: { email: "a", phones: ["1"] }, tags: [], "odd.key": 1 }, { extra: true }])).toEqual([
      "id",
      "contact.email",
      "contact.phones.0",
      "tags",
      "extra",
    ]);
  });
});
