import { describe, expect, it } from "vitest";
import { createKeySchema } from "@/lib/keys/create-key";
import { endOfLocalDay, keyFormSchema, keyInputFromForm } from "./key-form-schema";

// The browser validates the create-key form with keyFormSchema; the server with
// createKeySchema. They must accept and refuse the same inputs with the same messages.

const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

const CASES: [string, unknown][] = [
  ["valid, one scope", { name: "CRM", scopes: ["events:read"] }],
  ["valid, four scopes and expiry", { name: "All", scopes: ["events:read", "attendees:read", "attendees:write", "engagement:read"], expiresAt: future }],
  ["blank name", { name: "   ", scopes: ["events:read"] }],
  ["long name", { name: "x".repeat(101), scopes: ["events:read"] }],
  ["no scopes", { name: "k", scopes: [] }],
  ["five scopes", { name: "k", scopes: ["events:read", "attendees:read", "attendees:write", "engagement:read", "events:read"] }],
  ["duplicate scope", { name: "k", scopes: ["events:read", "events:read"] }],
  ["unknown scope", { name: "k", scopes: ["admin"] }],
  ["past expiry", { name: "k", scopes: ["events:read"], expiresAt: past }],
  ["invalid expiry", { name: "k", scopes: ["events:read"], expiresAt: "soon" }],
  ["null expiry", { name: "k", scopes: ["events:read"], expiresAt: null }],
];

const summary = (result: ReturnType<typeof createKeySchema.safeParse>) =>
  result.success ? "ok" : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).sort();

describe("keyFormSchema equals createKeySchema", () => {
  it.each(CASES)("%s", (_name, input) => {
    expect(summary(keyFormSchema.safeParse(input))).toEqual(summary(createKeySchema.safeParse(input)));
  });
});

describe("keyInputFromForm", () => {
  it("collects the checked scopes and prefers the browser's expiry instant", () => {
    const data = new FormData();
    data.append("name", "CRM");
    data.append("scopes", "events:read");
    data.append("scopes", "engagement:read");
    data.append("expiresOn", "2031-05-04");
    data.append("expiresAt", "2031-05-04T21:59:59.999Z");
    expect(keyInputFromForm(data)).toEqual({ name: "CRM", scopes: ["events:read", "engagement:read"], expiresAt: "2031-05-04T21:59:59.999Z" });
  });

  it("reads the date alone as the end of that day in UTC (no script), and empty as no expiry", () => {
    const data = new FormData();
    data.append("expiresOn", "2031-05-04");
    expect(keyInputFromForm(data).expiresAt).toBe("2031-05-04T23:59:59.999Z");
    expect(keyInputFromForm(new FormData())).toEqual({ name: "", scopes: [], expiresAt: null });
  });

  it("endOfLocalDay is the last millisecond of the day in the local zone", () => {
    const end = new Date(endOfLocalDay("2031-05-04")!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getMilliseconds()]).toEqual([2031, 4, 4, 23, 59, 999]);
    expect(endOfLocalDay("04/05/2031")).toBeNull();
  });
});
