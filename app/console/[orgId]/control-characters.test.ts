import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { createConsoleUser } from "@/lib/testing/console-session";
import { createTestOrg } from "@/lib/testing/fixtures";

// NUL (and the other control characters) in a console form is a refusal naming the field,
// checked once for every action before its body runs, never a 500 from the database; a
// key's expiry past what can be stored is the field's message too.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/server", () => ({ after: vi.fn() }));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }), headers: async () => new Headers() }));

const keys = await import("./api-keys/actions");
const webhooks = await import("./webhooks/actions");
const dataSources = await import("./data-sources/actions");

let orgId: string;

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

const source = (overrides: Record<string, unknown>) =>
  JSON.stringify({ name: "Feed", url: "https://example.com/feed.json", recordsPath: "items", ...overrides });

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  session.user = await createConsoleUser(orgId, "admin");
});

describe("control characters in console forms", () => {
  it.each([
    ["key name", () => keys.createKeyAction(null, form({ orgId, name: "a\u0000b", scopes: "events:read" })), "name"],
    ["endpoint URL", () => webhooks.createEndpointAction(null, form({ orgId, url: "https://example.com/\u0000", eventTypes: "attendee.created", description: "" })), "url"],
    ["endpoint description", () => webhooks.createEndpointAction(null, form({ orgId, url: "https://example.com/hook", eventTypes: "attendee.created", description: "x\u0000" })), "description"],
    ["data-source name (inside the JSON payload)", () => dataSources.createDataSourceAction(null, form({ orgId, payload: source({ name: "Feed\u0000" }) })), "name"],
    ["data-source URL", () => dataSources.createDataSourceAction(null, form({ orgId, payload: source({ url: "https://example.com/\u0000" }) })), "url"],
    ["data-source records path", () => dataSources.createDataSourceAction(null, form({ orgId, payload: source({ recordsPath: "items\u0000" }) })), "recordsPath"],
    ["a C1 control", () => keys.createKeyAction(null, form({ orgId, name: "a\u009bb", scopes: "events:read" })), "name"],
  ])("%s: refused, naming the field, and nothing written", async (_label, attempt, field) => {
    const before = await Promise.all([getDb().apiKey.count({ where: { orgId } }), getDb().webhookEndpoint.count({ where: { orgId } }), getDb().dataSource.count({ where: { orgId } })]);
    const result = await attempt();
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT", reason: "control_characters", fields: { [field]: expect.stringContaining("control characters") } });
    const after = await Promise.all([getDb().apiKey.count({ where: { orgId } }), getDb().webhookEndpoint.count({ where: { orgId } }), getDb().dataSource.count({ where: { orgId } })]);
    expect(after).toEqual(before);
  });

  it("keeps tab and line breaks for multi-line fields", async () => {
    const result = await webhooks.createEndpointAction(null, form({ orgId, url: "https://example.com/hook", eventTypes: "attendee.created", description: "line one\r\nline\ttwo" }));
    expect(result).not.toMatchObject({ reason: "control_characters" });
  });

  it("a key expiring in the year 99999 is the expiry field's message, not a 500", async () => {
    const result = await keys.createKeyAction(null, form({ orgId, name: "Far", scopes: "events:read", expiresOn: "99999-01-01" }));
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT", fields: { expiresAt: expect.stringContaining("9999-12-31") } });
  });
});
