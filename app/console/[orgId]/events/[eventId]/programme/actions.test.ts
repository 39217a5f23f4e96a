import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createConsoleUser } from "@/lib/testing/console-session";

// The session actions with a real database; only the signed-in user is stubbed. The form's
// wall-clock times are read in the venue's zone, bad input comes back as field messages
// and writes nothing, and only admins of a live (not archived) event change the programme.
// Delivery to a receiver and the Partner API's view are covered in e2e/programme.spec.ts.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const actions = await import("./actions");

let orgId: string;
let eventId: string;
let admin: SessionUser;
let member: SessionUser;

const makeUser = (role: "admin" | "member") => createConsoleUser(orgId, role);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const sessionFields = { title: "Opening", type: "keynote", timezone: "Europe/Amsterdam", startAt: "2027-03-01T09:00", endAt: "2027-03-01T10:00", room: "", trackId: "", description: "" };

const outboxTypes = async () => (await getDb().webhookEvent.findMany({ where: { orgId, type: { startsWith: "session." } }, orderBy: { createdAt: "asc" } })).map((row) => row.type);

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  admin = await makeUser("admin");
  member = await makeUser("member");
});

describe("programme console actions", () => {
  it("create → edit → delete, times read on the venue's clock, one webhook each", async () => {
    session.user = admin;
    const trackId = (await getDb().track.create({ data: { eventId, name: "Main" } })).id;
    expect(await actions.createSessionAction(null, form({ orgId, eventId, ...sessionFields, room: "Hall A", trackId }))).toMatchObject({ ok: true });
    const created = await getDb().session.findFirstOrThrow({ where: { eventId, title: "Opening" } });
    // 09:00 in Amsterdam in March (CET) is 08:00 UTC.
    expect(created).toMatchObject({ startAt: new Date("2027-03-01T08:00:00Z"), endAt: new Date("2027-03-01T09:00:00Z"), room: "Hall A", trackId, description: "" });

    const edit = { orgId, sessionId: created.id, ...sessionFields, title: "Opening keynote", room: "", trackId: "", description: "Welcome" };
    expect(await actions.updateSessionAction(null, form(edit))).toMatchObject({ ok: true, message: expect.stringContaining("session.updated") });
    expect(await getDb().session.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ title: "Opening keynote", room: null, trackId: null, description: "Welcome" });
    expect(await actions.updateSessionAction(null, form(edit))).toEqual({ ok: true, message: "Nothing changed.", data: null });

    expect(await actions.deleteSessionAction(null, form({ orgId, sessionId: created.id }))).toMatchObject({ ok: true });
    expect(await getDb().session.findUnique({ where: { id: created.id } })).toBeNull();
    expect(await outboxTypes()).toEqual(["session.created", "session.updated", "session.deleted"]);
  });

  it.each<[string, Record<string, string>, string, RegExp]>([
    ["an end before the start", { endAt: "2027-03-01T08:00" }, "endAt", /must end after it starts/],
    ["no title", { title: "  " }, "title", /Give the session a title/],
    ["a type outside the spec's list", { type: "rave" }, "type", /./],
    ["a track of no event", { trackId: "00000000-0000-4000-8000-000000000000" }, "trackId", /No such track/],
  ])("refuses %s with a message on that field and writes nothing", async (_label, override, field, message) => {
    session.user = admin;
    const before = { sessions: await getDb().session.count({ where: { eventId } }), outbox: (await outboxTypes()).length };
    const result = await actions.createSessionAction(null, form({ orgId, eventId, ...sessionFields, ...override }));
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(result.ok ? null : Object.keys(result.fields ?? {})).toEqual([field]);
    expect(result.ok ? "" : result.fields?.[field]).toMatch(message);
    expect({ sessions: await getDb().session.count({ where: { eventId } }), outbox: (await outboxTypes()).length }).toEqual(before);
  });

  it("refuses a member, and every change in an archived event, writing nothing", async () => {
    session.user = member;
    expect(await actions.createSessionAction(null, form({ orgId, eventId, ...sessionFields }))).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "admin_required" });

    session.user = admin;
    const archived = await createTestEvent(orgId, { status: "archived" });
    const kept = await getDb().session.create({
      data: { eventId: archived.id, title: "Kept", type: "talk", startAt: new Date("2027-03-01T09:00:00Z"), endAt: new Date("2027-03-01T10:00:00Z") },
    });
    const before = await outboxTypes();
    expect(await actions.createSessionAction(null, form({ orgId, eventId: archived.id, ...sessionFields }))).toMatchObject({ ok: false, code: "CONFLICT", reason: "event_archived" });
    expect(await actions.updateSessionAction(null, form({ orgId, sessionId: kept.id, ...sessionFields }))).toMatchObject({ ok: false, reason: "event_archived" });
    expect(await actions.deleteSessionAction(null, form({ orgId, sessionId: kept.id }))).toMatchObject({ ok: false, reason: "event_archived" });
    expect(await getDb().session.findMany({ where: { eventId: archived.id } })).toEqual([kept]);
    expect(await outboxTypes()).toEqual(before);
  });
});
