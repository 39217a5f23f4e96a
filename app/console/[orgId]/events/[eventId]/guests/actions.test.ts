import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { bearer, createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createConsoleUser } from "@/lib/testing/console-session";

// The attendee page's actions with a real database, a signing-verifying receiver and the
// real Partner API routes; only the session is stubbed. An edit is the API's PATCH: it
// arrives as attendee.updated and the partner reads it; an unchanged or invalid edit
// writes and records nothing; members change nothing.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const actions = await import("./actions");

let receiver: WebhookReceiver;
let server: RouteServer;
let orgId: string;
/** A fresh event per test: createTestAttendees returns every attendee of the event, oldest first. */
let eventId: string;
let key: string;
let admin: SessionUser;
let member: SessionUser;


function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const outbox = (attendeeId: string) => getDb().webhookEvent.count({ where: { orgId, data: { path: ["id"], equals: attendeeId } } });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startRouteServer();
  orgId = (await createTestOrg({ plan: "card" })).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
  key = (await createTestKey(orgId)).secret;
  const { secret } = await createWebhookEndpoint(orgId, { url: receiver.url, eventTypes: ["attendee.updated", "attendee.deleted"] }, OPERATOR);
  receiver.secrets = [secret];
});
beforeEach(async () => {
  eventId = (await createTestEvent(orgId)).id;
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe("attendee page actions", () => {
  it("an edit is delivered as attendee.updated and read back by the partner; the same values again record nothing", async () => {
    session.user = admin;
    const [attendee] = await createTestAttendees(eventId, 1, { company: "Old Co", jobTitle: "Engineer" });
    const edit = (fields: Record<string, string>) =>
      actions.updateAttendeeAction(null, form({ orgId, eventId, attendeeId: attendee.id, displayName: "Ada Lovelace", company: "Analytical", jobTitle: "", ...fields }));

    expect(await edit({})).toMatchObject({ ok: true, message: "Ada Lovelace saved. Subscribed endpoints receive attendee.updated." });
    await runDueDeliveries({ orgId });
    const [webhook] = await receiver.waitFor(1);
    expect(webhook.verifiedWith).toEqual([true]);
    expect(webhook.body).toMatchObject({ type: "attendee.updated", data: { id: attendee.id, displayName: "Ada Lovelace", company: "Analytical", jobTitle: null } });
    const response = await fetch(`${server.baseUrl}/partner/v1/events/${eventId}/attendees/${attendee.id}`, { headers: bearer(key) });
    expect(((await response.json()) as { data: unknown }).data).toMatchObject({ displayName: "Ada Lovelace", company: "Analytical", jobTitle: null });

    const recorded = await outbox(attendee.id);
    const stored = await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } });
    expect(await edit({ displayName: "  Ada Lovelace " })).toMatchObject({ ok: true, message: "Nothing changed." });
    expect(await outbox(attendee.id)).toBe(recorded);
    expect((await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } })).updatedAt).toEqual(stored.updatedAt);
  });

  it("a bad value is a message on its field, in the form's words, and writes nothing", async () => {
    session.user = admin;
    const [attendee] = await createTestAttendees(eventId, 1);
    const before = await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } });
    const fields = { orgId, eventId, attendeeId: attendee.id, company: "", jobTitle: "" };

    expect(await actions.updateAttendeeAction(null, form({ ...fields, displayName: "   " }))).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      message: "Some fields need attention. Fix them and try again.",
      fields: { displayName: "Name must not be empty." },
    });
    expect(await actions.updateAttendeeAction(null, form({ ...fields, displayName: "Ada", jobTitle: "x".repeat(201) }))).toMatchObject({
      ok: false,
      fields: { jobTitle: "Job title must be at most 200 characters." },
    });
    expect(await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } })).toEqual(before);
    expect(await outbox(attendee.id)).toBe(0);
  });

  it("refuses members and edits of an archived event's attendees", async () => {
    const archived = (await createTestEvent(orgId, { status: "archived" })).id;
    const [frozen] = await createTestAttendees(archived, 1);
    const [attendee] = await createTestAttendees(eventId, 1);

    session.user = member;
    const asMember = form({ orgId, eventId, attendeeId: attendee.id, displayName: "Changed" });
    expect(await actions.updateAttendeeAction(null, asMember)).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "admin_required" });
    expect(await actions.removeAttendeeFromPageAction(null, form({ orgId, eventId, attendeeId: attendee.id }))).toMatchObject({ ok: false, code: "FORBIDDEN" });

    session.user = admin;
    expect(await actions.updateAttendeeAction(null, form({ orgId, eventId: archived, attendeeId: frozen.id, displayName: "Changed" }))).toMatchObject({
      ok: false,
      code: "CONFLICT",
      reason: "event_archived",
    });
    expect(await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } })).toMatchObject({ displayName: attendee.displayName });
    expect(await getDb().attendee.findUniqueOrThrow({ where: { id: frozen.id } })).toMatchObject({ displayName: frozen.displayName });
  });

  it("remove from the attendee's page deletes them and goes back to the guest list", async () => {
    session.user = admin;
    const [attendee] = await createTestAttendees(eventId, 1);
    const redirect = await actions.removeAttendeeFromPageAction(null, form({ orgId, eventId, attendeeId: attendee.id })).then(
      () => null,
      (error: { digest?: string }) => error.digest ?? null,
    );
    expect(redirect).toContain(`/console/${orgId}/events/${eventId}/guests;`);
    expect(await getDb().attendee.findUnique({ where: { id: attendee.id } })).toBeNull();
  });
});
