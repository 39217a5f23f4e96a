import { describe, expect, it } from "vitest";
import { createDataSourceInputSchema, updateDataSourceInputSchemaFor } from "@/lib/domain/imports/data-source-input";
import { createInput, draftFromSource, emptyDraft, updateInput } from "./mapping-draft";

// The editor's paging, auth and incremental settings: what a saved source shows, and what
// the form sends, checked with the library's own schemas.

const saved = {
  name: "HubSpot",
  eventId: "00000000-0000-4000-8000-000000000001",
  target: "attendees" as const,
  url: "https://api.hubapi.com/crm/v3/objects/contacts",
  headerNames: [],
  recordsPath: "results",
  nextPagePath: null,
  pagination: { type: "cursor" as const, cursorPath: "paging.next.after", param: "after" },
  auth: { type: "oauth2ClientCredentials" as const, tokenUrl: "https://login.example.com/token", clientId: "client-1", scope: "read" },
  incremental: { param: "since", format: "unixSeconds" as const, lookbackSeconds: 60 },
  pauseBetweenPagesMs: 200,
  schedule: "manual" as const,
  mapping: { fields: { email: { path: "properties.email" } } },
};

describe("styles in the editor draft", () => {
  it("a saved source round-trips, the secret left out so the saved one is kept", () => {
    const input = updateInput(draftFromSource(saved));
    expect(input).toMatchObject({
      nextPagePath: null,
      pagination: saved.pagination,
      auth: { type: "oauth2ClientCredentials", tokenUrl: saved.auth.tokenUrl, clientId: "client-1", scope: "read" },
      incremental: saved.incremental,
      pauseBetweenPagesMs: 200,
    });
    expect(input.auth).not.toHaveProperty("clientSecret");
    expect(updateDataSourceInputSchemaFor("attendees").safeParse(input).success).toBe(true);
  });

  it("a new draft sends each style's fields, and numbers typed as text are named by the schema", () => {
    const draft = emptyDraft("attendees", saved.eventId);
    Object.assign(draft, { name: "x", url: "https://a.example/x" });
    draft.fields.email.path = "email";
    draft.styles.pagination = { ...draft.styles.pagination, type: "offset", offsetParam: "o", limitParam: "l", limit: "ten" };
    draft.styles.auth = { ...draft.styles.auth, type: "basic", username: "u", secret: "p" };
    const input = createInput(draft);
    expect(input.auth).toEqual({ type: "basic", username: "u", password: "p" });
    const parsed = createDataSourceInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join("."))).toEqual(["pagination.limit"]);
    draft.styles.pagination.limit = "10";
    expect(createDataSourceInputSchema.safeParse(createInput(draft)).success).toBe(true);
  });

  it("an older source with only a next-page path shows as nextUrl paging", () => {
    const draft = draftFromSource({ ...saved, pagination: undefined, auth: undefined, incremental: null, nextPagePath: "links.next" });
    expect(draft.styles.pagination.type).toBe("nextUrl");
    expect(updateInput(draft)).toMatchObject({ nextPagePath: "links.next", auth: { type: "none" }, incremental: null });
  });
});
