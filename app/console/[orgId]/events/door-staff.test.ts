import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { undoCheckIn } from "@/lib/domain/engagement/undo-check-in";
import { listGuests } from "@/lib/console/guest-list";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { OPERATOR } from "@/lib/domain/audit/record";

// Door staff: the guest list and checking guests in (and undoing a mistaken check-in for a
// few minutes, delivered as attendee.updated with checkedInAt null), nothing else. Real
// database and a real signing-verifying receiver; only the session is stubbed.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({
  getSessionUser: async () => session.user,
  requireUser: async () => {
    if (!session.user) throw Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/sign-in;307;" });
    return session.user;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const actions = await import("./actions");
const guard = await import("@/lib/console/guard");

let receiver: WebhookReceiver;
let orgId: string;
let eventId: string;
let door: SessionUser;
let member: SessionUser;
let attendees: Awaited<ReturnType<typeof createTestAttendees>>;

async function makeUser(role: "admin" | "member" | "door_staff"): Promise<SessionUser> {
  const user = await getDb().user.create({ data: { email: `d-${randomBytes(4).toString("hex")}@example.com` } });
  await getDb().membership.create({ data: { orgId, userId: user.id, role } });
  return { id: user.id, email: user.email, name: user.name };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const redirectOf = (error: unknown) => String((error as { digest?: string }).digest ?? "");

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  orgId = (await createTestOrg({ plan: "card" })).id;
  eventId = (await createTestEvent(orgId, { status: "published" })).id;
  attendees = await createTestAttendees(eventId, 5);
  door = await makeUser("door_staff");
  member = await makeUser("member");
  const { secret } = await createWebhookEndpoint(orgId, { url: receiver.url, eventTypes: ["attendee.updated", "attendee.checked_in"] }, OPERATOR);
  receiver.secrets = [secret];
});
afterAll(async () => {
  await receiver?.close();
});

describe("door staff", () => {
  it("check a guest in, then undo it: attendee.checked_in, then attendee.updated with checkedInAt null", async () => {
    session.user = door;
    const guest = attendees[0];
    expect(await actions.checkInAttendeeAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: true });
    expect((await getDb().attendee.findUniqueOrThrow({ where: { id: guest.id } })).checkedInAt).not.toBeNull();

    expect(await actions.undoCheckInAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: true, message: expect.stringContaining("undone") });
    const after = await getDb().attendee.findUniqueOrThrow({ where: { id: guest.id } });
    expect(after.checkedInAt).toBeNull();
    expect(await getDb().checkIn.count({ where: { attendeeId: guest.id } })).toBe(0);

    await runDueDeliveries({ orgId });
    const received = await receiver.waitFor(2);
    expect(received.map((r) => r.verifiedWith)).toEqual([[true], [true]]);
    expect(received.map((r) => [r.body.type, (r.body.data as { checkedInAt: string | null }).checkedInAt === null])).toEqual([
      ["attendee.checked_in", false],
      ["attendee.updated", true],
    ]);

    // Checked in again after the undo: a new arrival.
    expect(await actions.checkInAttendeeAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: true });
  });

  it("cannot undo once the window has passed, nor undo a guest who is not checked in", async () => {
    session.user = door;
    const guest = attendees[1];
    expect(await actions.checkInAttendeeAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: true });
    await expect(undoCheckIn(orgId, guest.id, OPERATOR, new Date(Date.now() + 11 * 60_000))).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "undo_window_passed" } });
    expect(await actions.undoCheckInAction(null, form({ orgId, attendeeId: attendees[2].id }))).toMatchObject({ ok: false, reason: "not_checked_in" });
  });

  it("is sent to the events list from every other page and refused every other change", async () => {
    session.user = door;
    expect(redirectOf(await guard.requireMember(orgId).catch((e: unknown) => e))).toContain(`/console/${orgId}/events`);
    expect((await guard.requireGuestListViewer(orgId)).membership.role).toBe("door_staff");
    for (const attempt of [
      () => actions.addAttendeeAction(null, form({ orgId, eventId, email: "walk-in@example.com", displayName: "Walk In" })),
      () => actions.revokeAttendeeAction(null, form({ orgId, eventId, attendeeId: attendees[3].id })),
      () => actions.removeAttendeeAction(null, form({ orgId, eventId, attendeeId: attendees[3].id })),
    ]) {
      expect(redirectOf(await attempt().catch((e: unknown) => e))).toContain("NEXT_REDIRECT");
    }
    expect(await getDb().attendee.count({ where: { eventId } })).toBe(5);
    expect((await getDb().attendee.findUniqueOrThrow({ where: { id: attendees[3].id } })).status).not.toBe("revoked");
  });

  it("a view-only member cannot check guests in", async () => {
    session.user = member;
    expect(await actions.checkInAttendeeAction(null, form({ orgId, attendeeId: attendees[4].id }))).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "check_in_staff_required" });
    expect((await getDb().attendee.findUniqueOrThrow({ where: { id: attendees[4].id } })).checkedInAt).toBeNull();
  });
});

describe("guest search at the door", () => {
  it.each([
    ["as printed", (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`],
    ["in lower case", (code: string) => code.toLowerCase()],
    ["with a space", (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`],
  ])("finds a guest by badge code typed %s, and by exact email", async (_name, typed) => {
    const guest = attendees[2];
    expect((await listGuests(eventId, { q: typed(guest.badgeCode) })).rows.map((r) => r.id)).toEqual([guest.id]);
    expect((await listGuests(eventId, { q: guest.email.toUpperCase() })).rows.map((r) => r.id)).toEqual([guest.id]);
  });
});
