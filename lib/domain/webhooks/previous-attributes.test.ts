import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import { revokeAttendee } from "@/lib/domain/attendees/set-attendee-status";
import { updateAttendee } from "@/lib/domain/attendees/update-attendee";
import { upsertAttendeesByEmail } from "@/lib/domain/attendees/upsert-attendees";
import { archiveEvent } from "@/lib/domain/events/archive-event";
import { createEvent } from "@/lib/domain/events/create-event";
import { updateEvent } from "@/lib/domain/events/update-event";
import { createSession } from "@/lib/domain/programme/create-session";
import { updateSession } from "@/lib/domain/programme/update-session";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint } from "./endpoints";
import { previousAttributes } from "./previous-attributes";
import { runDueDeliveries } from "./run-due";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { OPERATOR } from "@/lib/domain/audit/record";

// previousAttributes as a receiver gets it: every writer of attendee.updated, event.updated
// and session.updated (console/API update, status change, import, archive), delivered over
// HTTP to a receiver that verifies the signature. The bodies' shape against the OpenAPI
// document is checked for every type in event-sources.test.ts.

describe("previousAttributes()", () => {
  it("holds the previous value of exactly the changed fields, null when there was none", () => {
    expect(previousAttributes({ a: 1, b: "x", c: null, d: [1, 2] }, { a: 1, b: "y", c: "now", d: [1, 2] })).toEqual({ b: "x", c: null });
    expect(previousAttributes({ at: new Date("2026-01-01T00:00:00Z") }, { at: "2026-01-01T00:00:00.000Z" })).toBeUndefined();
    expect(previousAttributes({ a: 1 }, { a: 1 })).toBeUndefined();
  });
});

let hook: WebhookReceiver;
let received: ReceivedWebhook[];
const ids = {} as Record<string, string>;
// Deliveries run concurrently: put them back in the order the changes happened.
const bodies = (type: string, id: string) =>
  received
    .filter((r) => r.body.type === type && r.body.data.id === id)
    .map((r) => JSON.parse(r.rawBody))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

beforeAll(async () => {
  const org = await createTestOrg();
  hook = await startWebhookReceiver();
  const { secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated", "attendee.updated", "session.updated"] }, OPERATOR);
  hook.secrets = [secret];

  const event = await createEvent(org.id, { name: "Summit", slug: "summit-prev", timezone: "UTC", startAt: "2027-03-01T09:00:00Z", endAt: "2027-03-02T17:00:00Z" }, OPERATOR);
  ids.event = event.id;
  await updateEvent(org.id, event.id, { name: "Summit 2027", location: "Hall 1" }, OPERATOR);
  await updateEvent(org.id, event.id, { name: "Summit 2027" }, OPERATOR); // nothing changes: no event

  const guest = await createAttendee(org.id, event.id, { email: "ada@example.com", displayName: "Ada" }, null);
  ids.guest = guest.id;
  await updateAttendee(org.id, event.id, guest.id, { jobTitle: "CTO", company: "Engines" }, null);
  await revokeAttendee(org.id, event.id, guest.id, OPERATOR);
  const imported = await createAttendee(org.id, event.id, { email: "grace@example.com", company: "Navy" }, null);
  ids.imported = imported.id;
  // Two records for one address in one import: two events, each against the state before it.
  await upsertAttendeesByEmail(org.id, event.id, [
    { email: "grace@example.com", company: "Harvard" },
    { email: "grace@example.com", company: "Remington Rand", jobTitle: "Lead" },
  ]);

  const session = await createSession(org.id, event.id, { title: "Keynote", type: "keynote", startAt: "2027-03-01T09:00:00Z", endAt: "2027-03-01T10:00:00Z", capacity: 300 }, OPERATOR);
  ids.session = session.id;
  await updateSession(org.id, session.id, { capacity: 350, room: "Hall 2" }, OPERATOR);

  await archiveEvent(org.id, event.id, OPERATOR);
  await runDueDeliveries({ orgId: org.id });
  received = await hook.waitFor(8);
});
afterAll(async () => hook?.close());

describe("delivered bodies", () => {
  it("are all signed, and nothing is sent for an update that changed nothing", () => {
    expect(received).toHaveLength(8);
    expect(received.every((r) => r.verifiedWith[0])).toBe(true);
  });

  it("event.updated: absent on creation, the changed fields on an update, the status on archiving", () => {
    const [created, updated, archived] = bodies("event.updated", ids.event);
    expect("previousAttributes" in created).toBe(false);
    expect(updated.previousAttributes).toEqual({ name: "Summit", location: "" });
    expect(updated.data).toMatchObject({ name: "Summit 2027", location: "Hall 1" });
    expect(archived.previousAttributes).toEqual({ status: "draft" });
    expect(archived.data.status).toBe("archived");
  });

  it("attendee.updated: a PATCH-style change and a status change", () => {
    const [changed, revoked] = bodies("attendee.updated", ids.guest);
    expect(changed.previousAttributes).toEqual({ jobTitle: null, company: null });
    expect(revoked.previousAttributes).toEqual({ status: "invited" });
  });

  it("attendee.updated from an import: each record against the state it changed", () => {
    // One import's events share a createdAt: tell them apart by what they carry.
    const imported = bodies("attendee.updated", ids.imported);
    const first = imported.find((body) => body.data.company === "Harvard");
    const second = imported.find((body) => body.data.company === "Remington Rand");
    expect(first.previousAttributes).toEqual({ company: "Navy" });
    expect(second.previousAttributes).toEqual({ company: "Harvard", jobTitle: null });
    expect(second.data).toMatchObject({ company: "Remington Rand", jobTitle: "Lead" });
  });

  it("session.updated", () => {
    const [updated] = bodies("session.updated", ids.session);
    expect(updated.previousAttributes).toEqual({ capacity: 300, room: null });
  });

  it("come after data in the body", () => {
    const [, updated] = bodies("event.updated", ids.event);
    expect(Object.keys(updated)).toEqual(["id", "type", "createdAt", "data", "previousAttributes"]);
  });
});
