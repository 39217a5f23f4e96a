import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import { updateAttendee } from "@/lib/domain/attendees/update-attendee";
import { getDb } from "@/lib/platform/db/client";
import { createFeedback } from "@/lib/domain/engagement/create-feedback";
import { updateEvent } from "@/lib/domain/events/update-event";
import { PartnerClient } from "@/lib/partner-sdk/src";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { createWebhookEndpoint, sendTestPing } from "@/lib/domain/webhooks/endpoints";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { OPERATOR } from "@/lib/domain/audit/record";

// GET /partner/v1/webhook-events over HTTP against the real route handler and database: the
// items are the bytes the deliveries carried, filtered by the key's scopes, paged like the
// other lists, and never another organization's, a ping or a console test.

let server: RouteServer;
let hook: WebhookReceiver;
let orgId: string;
let otherOrgId: string;
const keys = {} as Record<"all" | "attendees" | "engagement" | "other", string>;
const ids = {} as Record<string, string>;
let delivered: string[];

beforeAll(async () => {
  server = await startRouteServer();
  hook = await startWebhookReceiver();
  const org = await createTestOrg();
  orgId = org.id;
  keys.all = (await createTestKey(orgId)).secret;
  keys.attendees = (await createTestKey(orgId, ["attendees:read"])).secret;
  keys.engagement = (await createTestKey(orgId, ["engagement:read"])).secret;
  const other = await createTestOrg();
  otherOrgId = other.id;
  keys.other = (await createTestKey(otherOrgId)).secret;

  const { endpoint, secret } = await createWebhookEndpoint(orgId, { url: hook.url, eventTypes: ["attendee.created", "attendee.updated", "event.updated", "feedback.created"] }, OPERATOR);
  hook.secrets = [secret];
  ids.endpoint = endpoint.id;

  // A 31-day-old event: past the history.
  const aged = await getDb().webhookEvent.create({ data: { orgId, type: "attendee.created", data: { id: "aged" }, createdAt: new Date(Date.now() - 31 * 86_400_000), dispatchedAt: new Date() } });
  ids.aged = aged.id;

  const event = await createTestEvent(orgId, { status: "published" });
  ids.event = event.id;
  const guest = await createAttendee(orgId, event.id, { email: "zoe@example.com", displayName: "Zoë Ünal" }, null);
  ids.guest = guest.id;
  await updateAttendee(orgId, event.id, guest.id, { company: "Ça va ✓" }, null);
  await updateEvent(orgId, event.id, { name: "Renamed" }, OPERATOR);
  await createFeedback(orgId, { eventId: event.id, kind: "review", rating: 4, comment: "Good", attendeeId: guest.id }, OPERATOR);
  await sendTestPing(orgId, endpoint.id);
  await sendTestEvent(orgId, endpoint.id, "attendee.created");

  const otherEvent = await createTestEvent(otherOrgId, { status: "published" });
  await createAttendee(otherOrgId, otherEvent.id, { email: "other@example.com" }, null);

  await runDueDeliveries({ orgId });
  delivered = (await hook.waitFor(6)).map((request) => request.rawBody);
});
afterAll(async () => {
  await hook?.close();
  await server?.close();
});

const feed = (key: string, query = "") => fetch(`${server.baseUrl}/partner/v1/webhook-events${query}`, { headers: bearer(key) });

async function items(key: string, query = ""): Promise<{ id: string; type: string; data: Record<string, unknown> }[]> {
  const response = await feed(key, query);
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

describe("GET /partner/v1/webhook-events", () => {
  it("lists the organization's events oldest first, byte for byte as delivered; no ping, no test, nothing older than 30 days", async () => {
    const response = await feed(keys.all);
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.data.map((item: { type: string }) => item.type)).toEqual(["attendee.created", "attendee.updated", "event.updated", "feedback.created"]);
    expect(body.meta).toEqual({ nextCursor: null });
    // Exactly the delivered bytes (the non-ASCII names and previousAttributes included),
    // not merely equal JSON: each real delivery's raw body is a slice of the page.
    const real = delivered.filter((raw) => body.data.some((item: { id: string }) => raw.includes(item.id)));
    expect(real).toHaveLength(4);
    expect(text).toBe(`{"data":[${body.data.map((item: { id: string }) => real.find((raw) => JSON.parse(raw).id === item.id)).join(",")}],"meta":{"nextCursor":null}}`);
    expect(body.data[1].previousAttributes).toEqual({ company: null });
    expect(text).not.toContain(ids.aged);
    expect(text).not.toContain('"ping"');
  });

  it("leaves out what the key's scopes do not read, and never shows another organization's", async () => {
    expect((await items(keys.attendees)).map((item) => item.type)).toEqual(["attendee.created", "attendee.updated"]);
    expect((await items(keys.engagement)).map((item) => item.type)).toEqual(["feedback.created"]);
    const others = await items(keys.other);
    expect(others.map((item) => item.type)).toEqual(["attendee.created"]);
    expect(JSON.stringify(others)).not.toContain(ids.guest);
  });

  it("filters by types and since", async () => {
    expect((await items(keys.all, "?types=event.updated,attendee.updated")).map((item) => item.type)).toEqual(["attendee.updated", "event.updated"]);
    // A type the key may not read is not an error: it is just absent.
    expect(await items(keys.attendees, "?types=feedback.created")).toEqual([]);
    const all = await items(keys.all);
    const row = await getDb().webhookEvent.findUniqueOrThrow({ where: { id: all[2].id } });
    const since = await items(keys.all, `?since=${encodeURIComponent(row.createdAt.toISOString())}`);
    expect(since.map((item) => item.id)).toEqual(all.slice(2).map((item) => item.id));
  });

  it.each([
    ["an unknown type", "?types=attendee.created,attendee.exploded"],
    ["ping", "?types=ping"],
    ["an empty type", "?types="],
    ["a bad since", "?since=yesterday"],
    ["a limit of 0", "?limit=0"],
    ["a limit of 201", "?limit=201"],
  ])("answers 400 INVALID_INPUT for %s", async (_name, query) => {
    const response = await feed(keys.all, query);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("INVALID_INPUT");
  });

  it("pages with tamper-proof cursors scoped to the list", async () => {
    const first = await (await feed(keys.all, "?limit=3")).json();
    expect(first.data).toHaveLength(3);
    const second = await (await feed(keys.all, `?limit=3&cursor=${encodeURIComponent(first.meta.nextCursor)}`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.meta.nextCursor).toBeNull();
    expect([...first.data, ...second.data].map((item: { id: string }) => item.id)).toEqual((await items(keys.all)).map((item) => item.id));

    const tampered = first.meta.nextCursor.slice(0, -2) + (first.meta.nextCursor.endsWith("A") ? "BB" : "AA");
    expect((await feed(keys.all, `?limit=3&cursor=${encodeURIComponent(tampered)}`)).status).toBe(400);
    // A cursor of one list does not continue another (other types, another key's scopes).
    for (const [key, query] of [[keys.all, "?types=event.updated&"], [keys.attendees, "?"]] as const) {
      const response = await feed(key, `${query}cursor=${encodeURIComponent(first.meta.nextCursor)}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("INVALID_CURSOR");
    }
  });

  it("refuses a missing key with 401", async () => {
    const response = await fetch(`${server.baseUrl}/partner/v1/webhook-events`);
    expect(response.status).toBe(401);
  });
});

describe("SDK: client.webhookEvents.list", () => {
  it("walks every page with for await, with since and types", async () => {
    const client = new PartnerClient({ baseUrl: `${server.baseUrl}/partner/v1`, apiKey: keys.all });
    const all = await items(keys.all);
    const seen: string[] = [];
    for await (const event of client.webhookEvents.list({ limit: 1, since: new Date(Date.now() - 86_400_000), types: ["attendee.created", "attendee.updated", "feedback.created"] })) {
      seen.push(event.id);
      if (event.type === "attendee.updated") expect(event.previousAttributes).toEqual({ company: null });
    }
    expect(seen).toEqual(all.filter((item) => item.type !== "event.updated").map((item) => item.id));
  });
});
