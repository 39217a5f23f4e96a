import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { bearer, createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createConsoleUser } from "@/lib/testing/console-session";

// The events server actions with a real database, a real signing-verifying receiver and
// the real Partner API routes; only the session is stubbed. Each change arrives as its
// webhook and is what a partner's key reads afterwards; members change nothing.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const actions = await import("./actions");

let receiver: WebhookReceiver;
let server: RouteServer;
let orgId: string;
let key: string;
let admin: SessionUser;
let member: SessionUser;


function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** Runs due deliveries and returns the webhook the receiver got for this change. */
async function delivered(count: number) {
  await runDueDeliveries({ orgId });
  const received = await receiver.waitFor(count);
  const last = received.at(-1)!;
  expect(last.verifiedWith).toEqual([true]);
  return last.body;
}

async function partnerGet(path: string) {
  const response = await fetch(`${server.baseUrl}/partner/v1${path}`, { headers: bearer(key) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startRouteServer();
  orgId = (await createTestOrg({ plan: "card" })).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
  key = (await createTestKey(orgId)).secret;
  const { secret } = await createWebhookEndpoint(orgId, {
    url: receiver.url,
    eventTypes: ["event.updated", "event.published", "attendee.created", "attendee.updated", "attendee.deleted", "attendee.checked_in"],
  }, OPERATOR);
  receiver.secrets = [secret];
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe("events console actions", () => {
  it("create → publish → archive: each delivered, each visible to the partner", async () => {
    session.user = admin;
    const created = await actions.createEventAction(
      null,
      form({ orgId, name: "Summit", slug: `summit-${randomBytes(2).toString("hex")}`, timezone: "Europe/Amsterdam", startAt: "2027-03-01T09:00", endAt: "2027-03-01T17:00", location: "" }),
    );
    expect(created).toMatchObject({ ok: true });
    const eventId = created.ok ? created.data.id : "";
    expect(await delivered(1)).toMatchObject({ type: "event.updated", data: { id: eventId, status: "draft", startAt: "2027-03-01T08:00:00.000Z" } });

    const edit = (fields: Record<string, string>) =>
      actions.updateEventAction(null, form({ orgId, eventId, name: "Summit", slug: `s-${eventId.slice(0, 8)}`, timezone: "Europe/Amsterdam", startAt: "2027-03-01T09:00", endAt: "2027-03-01T17:00", location: "", ...fields }));
    const details = { name: "Spring Summit", location: "Amsterdam", description: "Two days of talks.\nBring a laptop." };
    expect(await edit(details)).toMatchObject({ ok: true, message: "Event saved. Subscribed endpoints receive event.updated." });
    expect(await delivered(2)).toMatchObject({ type: "event.updated", data: { id: eventId, name: "Spring Summit", location: "Amsterdam", description: "Two days of talks.\nBring a laptop." } });
    expect(await edit(details)).toMatchObject({ ok: true, message: "Nothing changed." });
    expect(await edit({ endAt: "2027-03-01T08:00" })).toMatchObject({ ok: false, code: "INVALID_INPUT", fields: { endAt: "The event must end after it starts." } });
    expect(await partnerGet(`/events/${eventId}`)).toMatchObject({ name: "Spring Summit", description: "Two days of talks.\nBring a laptop." });

    expect(await actions.publishEventAction(null, form({ orgId, eventId }))).toMatchObject({ ok: true });
    expect(await delivered(3)).toMatchObject({ type: "event.published", data: { id: eventId, status: "published" } });
    expect(await partnerGet(`/events/${eventId}`)).toMatchObject({ status: "published" });

    expect(await actions.archiveEventAction(null, form({ orgId, eventId }))).toMatchObject({ ok: true });
    expect(await delivered(4)).toMatchObject({ type: "event.updated", data: { id: eventId, status: "archived" } });
    expect(await partnerGet(`/events/${eventId}`)).toMatchObject({ status: "archived" });
    expect(await actions.publishEventAction(null, form({ orgId, eventId }))).toMatchObject({ ok: false, code: "CONFLICT", reason: "event_archived" });
  });

  it("revoke, restore and check in an attendee; a second check-in is refused with a clear message", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    const [attendee] = await createTestAttendees(eventId, 1);
    const fields = { orgId, eventId, attendeeId: attendee.id };
    const before = receiver.received.length;

    expect(await actions.revokeAttendeeAction(null, form(fields))).toMatchObject({ ok: true });
    expect(await delivered(before + 1)).toMatchObject({ type: "attendee.updated", data: { id: attendee.id, status: "revoked" } });
    expect(await partnerGet(`/events/${eventId}/attendees/${attendee.id}`)).toMatchObject({ status: "revoked" });
    expect(await actions.checkInAttendeeAction(null, form(fields))).toMatchObject({ ok: false, reason: "attendee_revoked" });

    expect(await actions.restoreAttendeeAction(null, form(fields))).toMatchObject({ ok: true });
    expect(await delivered(before + 2)).toMatchObject({ type: "attendee.updated", data: { status: "invited" } });

    expect(await actions.checkInAttendeeAction(null, form(fields))).toMatchObject({ ok: true });
    expect(await delivered(before + 3)).toMatchObject({ type: "attendee.checked_in", data: { id: attendee.id } });
    expect((await partnerGet(`/events/${eventId}/attendees/${attendee.id}`)).checkedInAt).not.toBeNull();

    const again = await actions.checkInAttendeeAction(null, form(fields));
    expect(again).toMatchObject({ ok: false, code: "CONFLICT", reason: "already_checked_in" });
    expect(again.message).toMatch(/already checked in at .* UTC; one check-in per attendee\./);
    expect(await getDb().checkIn.count({ where: { attendeeId: attendee.id } })).toBe(1);
  });

  it("adds an attendee with the API's rules and removes them for good", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    const before = receiver.received.length;
    const added = await actions.addAttendeeAction(null, form({ orgId, eventId, email: "grace@example.com", displayName: "", company: "Navy" }));
    expect(added).toMatchObject({ ok: true });
    expect(added.message).toMatch(/^grace added \(badge [A-Z0-9]{3}-[A-Z0-9]{3}\)\.$/);
    const created = await delivered(before + 1);
    expect(created).toMatchObject({ type: "attendee.created", data: { email: "grace@example.com", displayName: "grace", company: "Navy" } });
    const attendeeId = created.data.id as string;
    expect(await partnerGet(`/events/${eventId}/attendees/${attendeeId}`)).toMatchObject({ email: "grace@example.com" });

    expect(await actions.addAttendeeAction(null, form({ orgId, eventId, email: "GRACE@example.com" }))).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(await actions.addAttendeeAction(null, form({ orgId, eventId, email: "not an address" }))).toMatchObject({ ok: false, code: "INVALID_INPUT", fields: { email: expect.any(String) } });

    expect(await actions.removeAttendeeAction(null, form({ orgId, eventId, attendeeId }))).toMatchObject({ ok: true, message: "grace removed from the guest list." });
    expect(await delivered(before + 2)).toMatchObject({ type: "attendee.deleted", data: { id: attendeeId } });
    const response = await fetch(`${server.baseUrl}/partner/v1/events/${eventId}/attendees/${attendeeId}`, { headers: bearer(key) });
    expect(response.status).toBe(404);
  });

  it("opens and closes a form", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    const formId = (await getDb().form.create({ data: { eventId, name: "Survey" } })).id;
    expect(await actions.closeFormAction(null, form({ orgId, formId }))).toMatchObject({ ok: false, reason: "invalid_transition" });
    expect(await actions.openFormAction(null, form({ orgId, formId }))).toMatchObject({ ok: true });
    expect(await actions.closeFormAction(null, form({ orgId, formId }))).toMatchObject({ ok: true });
    expect((await getDb().form.findUniqueOrThrow({ where: { id: formId } })).status).toBe("closed");
  });

  it("a member changes nothing (FORBIDDEN admin_required)", async () => {
    const eventId = (await createTestEvent(orgId, { status: "draft" })).id;
    const [attendee] = await createTestAttendees(eventId, 1);
    const outboxBefore = await getDb().webhookEvent.count({ where: { orgId } });
    session.user = member;
    for (const result of [
      await actions.publishEventAction(null, form({ orgId, eventId })),
      await actions.archiveEventAction(null, form({ orgId, eventId })),
      await actions.revokeAttendeeAction(null, form({ orgId, eventId, attendeeId: attendee.id })),
      await actions.createEventAction(null, form({ orgId, name: "X", slug: "x", timezone: "UTC", startAt: "2027-03-01T09:00", endAt: "2027-03-01T10:00" })),
    ]) {
      expect(result).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "admin_required" });
    }
    // Checking in is for admins and door staff (app/console/[orgId]/events/door-staff.test.ts).
    expect(await actions.checkInAttendeeAction(null, form({ orgId, eventId, attendeeId: attendee.id }))).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "check_in_staff_required" });
    expect((await getDb().event.findUniqueOrThrow({ where: { id: eventId } })).status).toBe("draft");
    expect(await getDb().webhookEvent.count({ where: { orgId } })).toBe(outboxBefore);
  });
});
