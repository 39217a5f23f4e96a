import { describe, expect, it } from "vitest";
import { createDataSourceInputSchema, previewInputSchema, updateDataSourceInputSchemaFor } from "@/lib/domain/imports/data-source-input";
import { sessionMappingSchema } from "@/lib/domain/imports/mapping";
import { createInput, draftFromSource, emptyDraft, errorsByPath, incrementalRestartWarning, mappingInput, newTransform, previewInput, updateInput } from "./mapping-draft";

// The editor's draft ↔ the import library's inputs: a saved mapping survives the round
// trip through the form, and what the form sends passes (or fails) the library's own
// schemas at the paths the form shows errors under.

const EVENT_ID = "5b0c3c3e-8a3a-4d55-9f4e-3f7f2a7d9c11";

const SESSION_MAPPING = {
  sourceIdPath: "id",
  fields: {
    title: { path: "name", transform: [{ op: "trim" }] },
    startAt: { path: "slot.start", transform: [{ op: "parseDate", timezone: "Europe/Amsterdam", format: "DD-MM-YYYY HH:mm" }] },
    endAt: { path: "slot.end", transform: [{ op: "parseDate" }] },
    type: { path: "format", transform: [{ op: "lowercase" }, { op: "map", values: { keynote: "keynote", "deep dive": "workshop" }, default: "talk" }] },
    room: { path: "where", transform: [{ op: "map", values: { tbd: "" }, default: null }] },
    capacity: { path: "seats", transform: [{ op: "number" }], default: "0" },
    track: { path: "track.name" },
  },
};

describe("mapping draft", () => {
  it("round-trips a saved session mapping through the form unchanged", () => {
    const draft = draftFromSource({
      name: "Agenda",
      eventId: EVENT_ID,
      target: "sessions",
      url: "https://cms.example.com/agenda",
      headerNames: ["Authorization"],
      recordsPath: "data.items",
      nextPagePath: "links.next",
      schedule: "hourly",
      mapping: SESSION_MAPPING,
    });
    expect(draft.sourceIdPath).toBe("id");
    expect(draft.fields.description).toEqual({ path: "", transforms: [], defaultValue: "" });
    expect(draft.headers).toEqual([{ name: "Authorization", value: "", saved: true }]);
    expect(sessionMappingSchema.parse(mappingInput(draft))).toEqual(sessionMappingSchema.parse(SESSION_MAPPING));

    // Saved header left blank: sent without a value, which keeps the stored one.
    const update = updateDataSourceInputSchemaFor("sessions").parse(updateInput(draft));
    expect(update.headers).toEqual([{ name: "Authorization" }]);
    expect(update.nextPagePath).toBe("links.next");
  });

  it("reads an unreadable stored mapping as an empty one instead of failing", () => {
    const draft = draftFromSource({
      name: "Old", eventId: EVENT_ID, target: "attendees", url: "https://x.example.com", headerNames: [],
      recordsPath: "", nextPagePath: null, schedule: "manual", mapping: { fields: { email: "contact.email", company: { path: 3, transform: "trim" } } },
    });
    expect(draft.fields.email.path).toBe("");
    expect(draft.fields.company).toEqual({ path: "3", transforms: [], defaultValue: "" });
  });

  it("builds a create input the library accepts, leaving unmapped fields out", () => {
    const draft = emptyDraft("attendees", EVENT_ID);
    draft.name = "Registrations";
    draft.url = "https://reg.example.com/api";
    draft.headers = [{ name: "X-Api-Key", value: "k", saved: false }];
    draft.fields.email = { path: "contact.email", transforms: [newTransform("trim"), newTransform("lowercase")], defaultValue: "" };
    draft.fields.company = { path: "org", transforms: [], defaultValue: "Independent" };
    const parsed = createDataSourceInputSchema.parse(createInput(draft));
    expect(parsed).toMatchObject({
      target: "attendees",
      nextPagePath: null,
      headers: [{ name: "X-Api-Key", value: "k" }],
      mapping: { fields: { email: { path: "contact.email", transform: [{ op: "trim" }, { op: "lowercase" }] }, company: { path: "org", default: "Independent" } } },
    });
    expect(Object.keys(parsed.mapping.fields)).toEqual(["email", "company"]);
  });

  it("reports the faults at the paths the form shows them under", () => {
    const draft = emptyDraft("sessions", "");
    draft.headers = [{ name: "Bad Name", value: "", saved: false }];
    draft.fields.title = { path: "name..x", transforms: [], defaultValue: "" };
    draft.fields.startAt = { path: "start", transforms: [{ op: "parseDate", timezone: "Mars/Olympus", format: "" }], defaultValue: "" };
    const result = createDataSourceInputSchema.safeParse(createInput(draft));
    expect(result.success).toBe(false);
    const errors = errorsByPath(result.error!.issues);
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining([
        "name",
        "eventId",
        "url",
        "headers.0.name",
        "headers.0.value",
        "mapping.sourceIdPath",
        "mapping.fields.title.path",
        "mapping.fields.startAt.transform.0.timezone",
        "mapping.fields.endAt",
      ]),
    );
    expect(errors["mapping.fields.endAt"]).toBe("Map endAt: it is required.");
  });

  it("previews without a mapping until a field is mapped, and with the saved source's id", () => {
    const draft = emptyDraft("attendees", EVENT_ID);
    draft.url = "https://reg.example.com/api";
    expect(previewInputSchema.parse(previewInput(draft))).not.toHaveProperty("mapping");
    draft.fields.email.path = "email";
    const id = "0d4f5a8e-2c1b-4e8f-a1b2-3c4d5e6f7a8b";
    expect(previewInputSchema.parse(previewInput(draft, id))).toMatchObject({ dataSourceId: id, mapping: { fields: { email: { path: "email" } } } });
  });
});

describe("skip rules and the incremental restart in the draft", () => {
  const SOURCE = {
    name: "Eventbrite",
    eventId: EVENT_ID,
    target: "attendees" as const,
    url: "https://www.eventbriteapi.com/v3/events/1/attendees/",
    headerNames: [],
    recordsPath: "attendees",
    nextPagePath: null,
    incremental: { param: "changed_since", format: "iso8601" as const, lookbackSeconds: 300 },
    schedule: "manual" as const,
    mapping: {
      recordIdPath: "id",
      skip: [{ path: "cancelled", equals: true }, { path: "status", in: ["Not Attending", "Deleted"] }, { path: "email", equals: null }],
      fields: { email: { path: "profile.email" } },
    },
  };

  it("round-trips a saved mapping's skip rules and record id path through the form", () => {
    const draft = draftFromSource(SOURCE);
    expect(draft.skipRules).toEqual([
      { path: "cancelled", op: "equals", values: "true" },
      { path: "status", op: "in", values: "Not Attending, Deleted" },
      { path: "email", op: "equals", values: "" },
    ]);
    expect(mappingInput(draft)).toEqual(SOURCE.mapping);
    expect(updateDataSourceInputSchemaFor("attendees").safeParse(updateInput(draft)).success).toBe(true);
  });

  it("puts a rule's fault under its row", () => {
    const draft = draftFromSource(SOURCE);
    draft.skipRules.push({ path: "a..b", op: "in", values: " , " });
    const checked = updateDataSourceInputSchemaFor("attendees").safeParse(updateInput(draft));
    expect(checked.success).toBe(false);
    const errors = errorsByPath(checked.error!.issues);
    expect(errors["mapping.skip.3.path"]).toContain("single dots");
    expect(errors["mapping.skip.3.in"]).toContain("at least one value");
  });

  it("warns before saving when the URL, records path or parameter of an incremental source changes, not otherwise", () => {
    const saved = draftFromSource(SOURCE);
    const same = draftFromSource(SOURCE);
    same.name = "Renamed";
    same.styles.incremental.lookbackSeconds = "60";
    expect(incrementalRestartWarning(saved, same)).toBeNull();

    const moved = draftFromSource(SOURCE);
    moved.url = "https://www.eventbriteapi.com/v3/events/2/attendees/";
    expect(incrementalRestartWarning(saved, moved)).toContain("The URL changed");
    const param = draftFromSource(SOURCE);
    param.styles.incremental.param = "since";
    param.recordsPath = "items";
    expect(incrementalRestartWarning(saved, param)).toContain("records path and incremental parameter changed");

    const full = draftFromSource({ ...SOURCE, incremental: null });
    const fullMoved = draftFromSource({ ...SOURCE, incremental: null, url: "https://example.com/other" });
    expect(incrementalRestartWarning(full, fullMoved)).toBeNull();
  });
});
