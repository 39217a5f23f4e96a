import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";

// The authoring actions with a real database; only the signed-in user is stubbed. The
// form's text reaches the operations as their input (a checkbox, JSON detail rows, a
// form's fields, the session's speakers and capacity), bad input comes back as field
// messages and writes nothing, and members are refused.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", () => ({
  getSessionUser: async () => session.user,
  requireUser: async () => {
    if (!session.user) throw Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/sign-in;307;" });
    return session.user;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const authoring = await import("./authoring-actions");
const sessions = await import("./actions");
const forms = await import("../engagement/form-actions");

let orgId: string;
let eventId: string;
let admin: SessionUser;
let member: SessionUser;

async function makeUser(role: "admin" | "member"): Promise<SessionUser> {
  const user = await getDb().user.create({ data: { email: `a-${randomBytes(4).toString("hex")}@example.com` } });
  await getDb().membership.create({ data: { orgId, userId: user.id, role } });
  return { id: user.id, email: user.email, name: user.name };
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  admin = await makeUser("admin");
  member = await makeUser("member");
});

describe("programme authoring actions", () => {
  it("passes the form's shapes to the operations: featured checkbox, detail rows, speakers and capacity", async () => {
    session.user = admin;
    expect(await authoring.createSponsorAction(null, form({ orgId, eventId, name: "Acme", tier: "Gold", websiteUrl: "", description: "", featuredOnCards: "on" }))).toMatchObject({ ok: true });
    const sponsor = await getDb().sponsor.findFirstOrThrow({ where: { eventId }, include: { featuredOn: true } });
    expect(sponsor.featuredOn).not.toBeNull();
    // The box left unticked on the featured sponsor clears it.
    await authoring.updateSponsorAction(null, form({ orgId, id: sponsor.id, name: "Acme", tier: "Gold" }));
    expect(await getDb().eventCardSponsor.count({ where: { eventId } })).toBe(0);

    const details = JSON.stringify([{ label: "Address", value: "1 Main St" }]);
    expect(await authoring.createInfoSectionAction(null, form({ orgId, eventId, title: "Venue", icon: "map-pin", visibility: "published", details }))).toMatchObject({ ok: true });
    expect((await getDb().infoSection.findFirstOrThrow({ where: { eventId } })).details).toEqual([{ label: "Address", value: "1 Main St" }]);

    const [a, b] = await Promise.all(["A", "B"].map((name) => getDb().speaker.create({ data: { eventId, name } })));
    const fields = { orgId, eventId, title: "Panel", type: "panel", timezone: "UTC", startAt: "2027-03-01T09:00", endAt: "2027-03-01T10:00", room: "", trackId: "", description: "" };
    expect(await sessions.createSessionAction(null, form({ ...fields, capacity: "80", speakerIds: [b.id, a.id] }))).toMatchObject({ ok: true });
    const created = await getDb().session.findFirstOrThrow({ where: { eventId, title: "Panel" }, include: { speakers: { orderBy: { position: "asc" } } } });
    expect(created.capacity).toBe(80);
    expect(created.speakers.map((link) => link.speakerId)).toEqual([b.id, a.id]);
  });

  it("answers bad input with field messages and writes nothing", async () => {
    session.user = admin;
    const before = await getDb().track.count({ where: { eventId } });
    expect(await authoring.createTrackAction(null, form({ orgId, eventId, name: "T", color: "red" }))).toMatchObject({ ok: false, code: "INVALID_INPUT", fields: { color: expect.stringContaining("#") } });
    expect(await getDb().track.count({ where: { eventId } })).toBe(before);
    expect(await authoring.createInfoSectionAction(null, form({ orgId, eventId, title: "X", icon: "info", visibility: "draft", details: "{not json" }))).toMatchObject({ ok: false, fields: { details: expect.any(String) } });
    const fields = { orgId, eventId, title: "Capped", type: "talk", timezone: "UTC", startAt: "2027-03-01T09:00", endAt: "2027-03-01T10:00" };
    expect(await sessions.createSessionAction(null, form({ ...fields, capacity: "lots" }))).toMatchObject({ ok: false, fields: { capacity: expect.stringContaining("whole number") } });
    expect(await sessions.createSessionAction(null, form({ ...fields, capacity: "0" }))).toMatchObject({ ok: false, fields: { capacity: expect.stringContaining("at least 1") } });
    expect(await forms.createFormAction(null, form({ orgId, eventId, name: "F", fields: JSON.stringify([{ key: "Bad Key", label: "L", type: "email", required: false }]) }))).toMatchObject({ ok: false, fields: { "fields.0.key": expect.any(String) } });
    expect(await getDb().session.count({ where: { eventId, title: "Capped" } })).toBe(0);
  });

  it("moves only the four lists: an inherited name such as __proto__ moves nothing and never reaches SQL", async () => {
    session.user = admin;
    const track = await getDb().track.create({ data: { eventId, name: "Fixed" } });
    for (const list of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const result = await authoring.moveItemAction(null, form({ orgId, list, id: track.id, direction: "up" }));
      expect(result, list).toMatchObject({ ok: true, message: "Nothing moved." });
    }
  });

  it("refuses members (admin_required) and writes nothing", async () => {
    session.user = member;
    const track = await getDb().track.create({ data: { eventId, name: "Kept" } });
    const attempts = [
      authoring.createTrackAction(null, form({ orgId, eventId, name: "Mine" })),
      authoring.updateTrackAction(null, form({ orgId, id: track.id, name: "Mine" })),
      authoring.deleteTrackAction(null, form({ orgId, id: track.id })),
      authoring.moveItemAction(null, form({ orgId, list: "track", id: track.id, direction: "up" })),
      authoring.createSpeakerAction(null, form({ orgId, eventId, name: "Mine" })),
      authoring.createRoomAction(null, form({ orgId, eventId, name: "Mine" })),
      authoring.createSponsorAction(null, form({ orgId, eventId, name: "Mine", tier: "Gold" })),
      authoring.createInfoSectionAction(null, form({ orgId, eventId, title: "Mine", icon: "info", visibility: "published" })),
      forms.createFormAction(null, form({ orgId, eventId, name: "Mine", fields: "[]" })),
    ];
    for (const result of await Promise.all(attempts)) expect(result).toMatchObject({ ok: false, code: "FORBIDDEN", reason: "admin_required" });
    expect(await getDb().track.findUniqueOrThrow({ where: { id: track.id } })).toMatchObject({ name: "Kept" });
    expect(await getDb().speaker.count({ where: { eventId, name: "Mine" } })).toBe(0);
    expect(await getDb().form.count({ where: { eventId } })).toBe(0);
  });
});
