import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { runCli } from "@/lib/cli/run-cli";
import { publishEvent } from "@/lib/domain/events/publish-event";
import { createSession } from "@/lib/domain/programme/create-session";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { createConsoleUser } from "@/lib/testing/console-session";
import { bearer, createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// The audit log of the events workspace, through the console's own server actions and the
// operator CLI on the real database (only the signed-in user is stubbed): each change
// writes exactly one entry naming who, what and the fields that moved; a refused change, a
// no-op and a rolled-back transaction write none; the Partner API's writes write none.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const events = await import("./actions");
const programme = await import("./[eventId]/programme/actions");
const authoring = await import("./[eventId]/programme/authoring-actions");
const forms = await import("./[eventId]/engagement/form-actions");
const guests = await import("./[eventId]/guests/actions");

let orgId: string;
let admin: SessionUser;
let member: SessionUser;
let door: SessionUser;
let server: RouteServer;

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

/** The organization's audit entries written since the last call (so each step sees only its own). */
const seen = new Set<string>();
async function fresh() {
  const rows = await getDb().auditEntry.findMany({ where: { orgId }, orderBy: [{ at: "asc" }, { id: "asc" }] });
  const added = rows.filter((row) => !seen.has(row.id));
  for (const row of added) seen.add(row.id);
  return added;
}

/** Exactly one new entry, with this action, by this user, about this target. */
async function oneEntry(action: string, user: SessionUser, target: { type: string; id?: string }) {
  const added = await fresh();
  expect(added.map((row) => row.action)).toEqual([action]);
  expect(added[0]).toMatchObject({ actorType: "user", actorId: user.id, actorLabel: user.email, targetType: target.type, ...(target.id ? { targetId: target.id } : {}) });
  return added[0];
}

async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, out: stdout ? JSON.parse(stdout) : null, error: stderr ? JSON.parse(stderr).error : null };
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
  door = await createConsoleUser(null);
  await getDb().membership.create({ data: { orgId, userId: door.id, role: "door_staff" } });
  server = await startRouteServer();
});
afterAll(async () => {
  await server?.close();
});

const when = { timezone: "Europe/Amsterdam", startAt: "2027-03-01T09:00", endAt: "2027-03-01T17:00" };

describe("audit of the events workspace", () => {
  it("events: created, edited with the fields that moved, published, archived; no-ops and refusals write nothing", async () => {
    session.user = admin;
    const slug = `audit-${randomBytes(3).toString("hex")}`;
    const created = await events.createEventAction(null, form({ orgId, name: "Summit", slug, location: "Hall", ...when }));
    expect(created).toMatchObject({ ok: true });
    const eventId = created.ok ? created.data.id : "";
    const entry = await oneEntry("event.created", admin, { type: "event", id: eventId });
    expect(entry).toMatchObject({ targetLabel: "Summit", summary: { name: "Summit", slug, status: "draft", location: "Hall", startAt: "2027-03-01T08:00:00.000Z" } });

    const edit = { orgId, eventId, name: "Summit 2027", slug, location: "Main hall", ...when };
    expect(await events.updateEventAction(null, form(edit))).toMatchObject({ ok: true });
    expect((await oneEntry("event.updated", admin, { type: "event", id: eventId })).summary).toEqual({
      name: { from: "Summit", to: "Summit 2027" },
      location: { from: "Hall", to: "Main hall" },
    });
    expect(await events.updateEventAction(null, form(edit))).toMatchObject({ ok: true, message: "Nothing changed." });
    session.user = member;
    expect(await events.updateEventAction(null, form({ ...edit, name: "Hijacked" }))).toMatchObject({ ok: false });
    session.user = admin;
    expect(await events.updateEventAction(null, form({ ...edit, endAt: "2027-03-01T08:00" }))).toMatchObject({ ok: false });
    expect(await fresh()).toEqual([]);

    expect(await events.publishEventAction(null, form({ orgId, eventId }))).toMatchObject({ ok: true });
    expect((await oneEntry("event.published", admin, { type: "event", id: eventId })).summary).toEqual({ status: { from: "draft", to: "published" } });
    expect(await events.publishEventAction(null, form({ orgId, eventId }))).toMatchObject({ ok: true, message: "The event was already published." });
    expect(await fresh()).toEqual([]);
    expect(await events.archiveEventAction(null, form({ orgId, eventId }))).toMatchObject({ ok: true });
    expect((await oneEntry("event.archived", admin, { type: "event", id: eventId })).summary).toEqual({ status: { from: "published", to: "archived" } });
  });

  it("sessions: created with track and speakers named, edited with from/to; bad input writes nothing", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    const track = await getDb().track.create({ data: { eventId, name: "Main" } });
    const speaker = await getDb().speaker.create({ data: { eventId, name: "Ada" } });
    const fields = { orgId, eventId, title: "Opening", type: "keynote", ...when, endAt: "2027-03-01T10:00", room: "Hall A", capacity: "", description: "x".repeat(500) };
    expect(await programme.createSessionAction(null, form({ ...fields, trackId: track.id, speakerIds: [speaker.id] }))).toMatchObject({ ok: true });
    const row = await getDb().session.findFirstOrThrow({ where: { eventId } });
    const created = await oneEntry("session.created", admin, { type: "session", id: row.id });
    expect(created).toMatchObject({ targetLabel: "Opening", summary: { title: "Opening", track: "Main", speakers: ["Ada"], room: "Hall A", capacity: null } });
    // Long text is kept as an excerpt only.
    expect(((created.summary as Record<string, string>).description).length).toBeLessThanOrEqual(200);

    const edit = { ...fields, sessionId: row.id, title: "Opening keynote", trackId: "", description: "Welcome" };
    expect(await programme.updateSessionAction(null, form(edit))).toMatchObject({ ok: true });
    const updated = await oneEntry("session.updated", admin, { type: "session", id: row.id });
    expect(updated.summary).toMatchObject({
      title: { from: "Opening", to: "Opening keynote" },
      track: { from: "Main", to: null },
      speakers: { from: ["Ada"], to: [] },
      description: { to: "Welcome" },
    });
    expect(Object.keys(updated.summary as object).sort()).toEqual(["description", "speakers", "title", "track"]);
    expect(await programme.updateSessionAction(null, form({ ...edit, endAt: "2027-03-01T08:00" }))).toMatchObject({ ok: false });
    expect(await programme.updateSessionAction(null, form(edit))).toMatchObject({ ok: true, message: "Nothing changed." });
    expect(await fresh()).toEqual([]);
    expect(await programme.deleteSessionAction(null, form({ orgId, sessionId: row.id }))).toMatchObject({ ok: true });
    await oneEntry("session.deleted", admin, { type: "session", id: row.id });
  });

  it("tracks: added, renamed, moved, deleted; a delete refused while in use writes nothing", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    expect(await authoring.createTrackAction(null, form({ orgId, eventId, name: "Main", color: "#112233" }))).toMatchObject({ ok: true });
    const main = await getDb().track.findFirstOrThrow({ where: { eventId, name: "Main" } });
    expect((await oneEntry("track.created", admin, { type: "track", id: main.id })).summary).toEqual({ name: "Main", color: "#112233" });
    await authoring.createTrackAction(null, form({ orgId, eventId, name: "Side" }));
    const side = await getDb().track.findFirstOrThrow({ where: { eventId, name: "Side" } });
    await oneEntry("track.created", admin, { type: "track", id: side.id });

    expect(await authoring.updateTrackAction(null, form({ orgId, id: main.id, name: "Main stage", color: "#112233" }))).toMatchObject({ ok: true });
    expect((await oneEntry("track.updated", admin, { type: "track", id: main.id })).summary).toEqual({ name: { from: "Main", to: "Main stage" } });
    expect(await authoring.moveItemAction(null, form({ orgId, list: "track", id: main.id, direction: "down" }))).toMatchObject({ ok: true, message: "Moved down." });
    const moved = await oneEntry("track.moved", admin, { type: "track", id: main.id });
    expect(moved).toMatchObject({ targetLabel: "Main stage", summary: { direction: "down", position: { from: 1, to: 2 } } });
    expect(await authoring.moveItemAction(null, form({ orgId, list: "track", id: main.id, direction: "down" }))).toMatchObject({ ok: true, message: "Already at the bottom." });

    await getDb().session.create({ data: { eventId, title: "Uses side", type: "talk", startAt: new Date("2027-03-01T09:00Z"), endAt: new Date("2027-03-01T10:00Z"), trackId: side.id } });
    expect(await authoring.deleteTrackAction(null, form({ orgId, id: side.id }))).toMatchObject({ ok: false });
    expect(await fresh()).toEqual([]);
    expect(await authoring.deleteTrackAction(null, form({ orgId, id: main.id }))).toMatchObject({ ok: true });
    expect((await oneEntry("track.deleted", admin, { type: "track", id: main.id })).targetLabel).toBe("Main stage");
  });

  it("sponsors: taking the cards over names the sponsor it replaced", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    await authoring.createSponsorAction(null, form({ orgId, eventId, name: "Acme", tier: "Gold", featuredOnCards: "on" }));
    const acme = await getDb().sponsor.findFirstOrThrow({ where: { eventId, name: "Acme" } });
    expect((await oneEntry("sponsor.created", admin, { type: "sponsor", id: acme.id })).summary).toMatchObject({ featuredOnCards: true });
    await authoring.createSponsorAction(null, form({ orgId, eventId, name: "Globex", tier: "Silver" }));
    const globex = await getDb().sponsor.findFirstOrThrow({ where: { eventId, name: "Globex" } });
    await oneEntry("sponsor.created", admin, { type: "sponsor", id: globex.id });
    expect(await authoring.updateSponsorAction(null, form({ orgId, id: globex.id, name: "Globex", tier: "Silver", featuredOnCards: "on" }))).toMatchObject({ ok: true });
    expect((await oneEntry("sponsor.updated", admin, { type: "sponsor", id: globex.id })).summary).toEqual({
      featuredOnCards: { from: false, to: true },
      replacedOnCards: "Acme",
    });
  });

  it("forms: created, opened, closed; opening an open form writes nothing", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    const fields = JSON.stringify([{ key: "rating", label: "How was it?", type: "rating", required: true }]);
    expect(await forms.createFormAction(null, form({ orgId, eventId, name: "Survey", description: "", fields }))).toMatchObject({ ok: true });
    const survey = await getDb().form.findFirstOrThrow({ where: { eventId } });
    expect((await oneEntry("form.created", admin, { type: "form", id: survey.id })).summary).toMatchObject({
      name: "Survey",
      status: "draft",
      fields: ["rating (rating, required): How was it?"],
    });
    expect(await events.openFormAction(null, form({ orgId, formId: survey.id }))).toMatchObject({ ok: true });
    expect((await oneEntry("form.opened", admin, { type: "form", id: survey.id })).summary).toEqual({ status: { from: "draft", to: "open" } });
    expect(await events.openFormAction(null, form({ orgId, formId: survey.id }))).toMatchObject({ ok: true, message: "The form was already open." });
    expect(await forms.deleteFormAction(null, form({ orgId, id: survey.id }))).toMatchObject({ ok: false });
    expect(await fresh()).toEqual([]);
    expect(await events.closeFormAction(null, form({ orgId, formId: survey.id }))).toMatchObject({ ok: true });
    await oneEntry("form.closed", admin, { type: "form", id: survey.id });
  });

  it("guests: added, edited, revoked, restored, removed; a refused edit writes nothing", async () => {
    session.user = admin;
    const eventId = (await createTestEvent(orgId)).id;
    expect(await events.addAttendeeAction(null, form({ orgId, eventId, email: "grace@example.com", displayName: "Grace" }))).toMatchObject({ ok: true });
    const grace = await getDb().attendee.findFirstOrThrow({ where: { eventId } });
    const added = await oneEntry("attendee.created", admin, { type: "attendee", id: grace.id });
    expect(added).toMatchObject({ targetLabel: "Grace", summary: { displayName: "Grace", email: "grace@example.com", status: "invited" } });
    expect(JSON.stringify(added.summary)).not.toContain(grace.qrToken);

    const edit = { orgId, eventId, attendeeId: grace.id, displayName: "Grace Hopper", company: "Navy", jobTitle: "" };
    expect(await guests.updateAttendeeAction(null, form(edit))).toMatchObject({ ok: true });
    expect((await oneEntry("attendee.updated", admin, { type: "attendee", id: grace.id })).summary).toEqual({
      displayName: { from: "Grace", to: "Grace Hopper" },
      company: { from: null, to: "Navy" },
    });
    expect(await guests.updateAttendeeAction(null, form({ ...edit, displayName: "" }))).toMatchObject({ ok: false });
    expect(await guests.updateAttendeeAction(null, form(edit))).toMatchObject({ ok: true, message: "Nothing changed." });
    expect(await fresh()).toEqual([]);

    await events.revokeAttendeeAction(null, form({ orgId, eventId, attendeeId: grace.id }));
    expect((await oneEntry("attendee.revoked", admin, { type: "attendee", id: grace.id })).summary).toEqual({ status: { from: "invited", to: "revoked" } });
    await events.restoreAttendeeAction(null, form({ orgId, eventId, attendeeId: grace.id }));
    expect((await oneEntry("attendee.restored", admin, { type: "attendee", id: grace.id })).summary).toEqual({ status: { from: "revoked", to: "invited" } });
    expect(await events.removeAttendeeAction(null, form({ orgId, eventId, attendeeId: grace.id }))).toMatchObject({ ok: true });
    expect(await oneEntry("attendee.deleted", admin, { type: "attendee", id: grace.id })).toMatchObject({ targetLabel: "Grace Hopper" });
  });

  it("check-ins and their undo, by door staff; a second check-in writes nothing", async () => {
    session.user = door;
    const eventId = (await createTestEvent(orgId)).id;
    const [guest] = await createTestAttendees(eventId, 1);
    expect(await events.checkInAttendeeAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: true });
    const checkedIn = await oneEntry("attendee.checked_in", door, { type: "attendee", id: guest.id });
    const { checkedInAt } = await getDb().attendee.findUniqueOrThrow({ where: { id: guest.id } });
    expect(checkedIn.summary).toEqual({ checkedInAt: checkedInAt!.toISOString() });
    expect(await events.checkInAttendeeAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: false });
    expect(await fresh()).toEqual([]);
    expect(await events.undoCheckInAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: true });
    expect((await oneEntry("attendee.check_in_undone", door, { type: "attendee", id: guest.id })).summary).toEqual({
      checkedInAt: { from: checkedInAt!.toISOString(), to: null },
    });
    expect(await events.undoCheckInAction(null, form({ orgId, attendeeId: guest.id }))).toMatchObject({ ok: false });
    expect(await fresh()).toEqual([]);
  });

  it("the entry shares the change's transaction: a rolled-back change leaves none, a failed entry undoes the change", async () => {
    const eventId = (await createTestEvent(orgId, { status: "draft" })).id;
    const actor = { type: "user" as const, userId: admin.id, email: admin.email };
    const input = { title: "Rolled back", type: "talk" as const, startAt: "2027-03-01T09:00:00Z", endAt: "2027-03-01T10:00:00Z" };
    await expect(
      getDb().$transaction(async (tx) => {
        await createSession(orgId, eventId, input, actor, { tx });
        throw new Error("later step failed");
      }, WRITE_TRANSACTION),
    ).rejects.toThrow("later step failed");
    expect(await getDb().session.count({ where: { eventId } })).toBe(0);
    expect(await fresh()).toEqual([]);

    // An actor the entry cannot reference (no such user): the insert fails, and the publish with it.
    await expect(publishEvent(orgId, eventId, { type: "user", userId: randomUUID(), email: "gone@example.com" })).rejects.toThrow();
    expect(await getDb().event.findUniqueOrThrow({ where: { id: eventId } })).toMatchObject({ status: "draft" });
    expect(await getDb().webhookEvent.count({ where: { orgId, type: "event.published", data: { path: ["id"], equals: eventId } } })).toBe(0);
    expect(await fresh()).toEqual([]);
  });

  it("the Partner API's attendee writes write no entry", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    const key = (await createTestKey(orgId)).secret;
    const base = `${server.baseUrl}/partner/v1/events/${eventId}/attendees`;
    const headers = { ...bearer(key), "content-type": "application/json" };
    const created = await fetch(base, { method: "POST", headers, body: JSON.stringify({ email: "partner@example.com", displayName: "Via API" }) });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    const patched = await fetch(`${base}/${data.id}`, { method: "PATCH", headers, body: JSON.stringify({ company: "Partner Co" }) });
    expect(patched.status).toBe(200);
    expect(await getDb().attendee.findUniqueOrThrow({ where: { id: data.id } })).toMatchObject({ displayName: "Via API", company: "Partner Co" });
    // The fixture's key creation is the operator's (api_key.created); the API's writes add nothing.
    expect((await fresh()).map((row) => row.action)).toEqual(["api_key.created"]);
  });

  it("the operator CLI's changes are the operator's: event created, published, archived, a form opened, a check-in", async () => {
    const created = await cli("event:create", "--org", orgId, "--name", "Ops", "--slug", `ops-${randomBytes(3).toString("hex")}`, "--timezone", "UTC", "--start", "2027-01-01T09:00:00Z", "--end", "2027-01-01T17:00:00Z");
    expect(created).toMatchObject({ code: 0 });
    const eventId = created.out.event.id as string;
    expect(await cli("event:publish", "--event", eventId)).toMatchObject({ code: 0, out: { changed: true } });
    expect(await cli("event:archive", "--event", eventId)).toMatchObject({ code: 0, out: { changed: true } });
    expect(await cli("event:archive", "--event", eventId)).toMatchObject({ code: 0, out: { changed: false } });
    const added = await fresh();
    expect(added.map((row) => [row.action, row.actorType, row.actorId, row.actorLabel, row.targetId])).toEqual([
      ["event.created", "operator", null, "operator", eventId],
      ["event.published", "operator", null, "operator", eventId],
      ["event.archived", "operator", null, "operator", eventId],
    ]);
    expect(added[2].summary).toEqual({ status: { from: "published", to: "archived" } });

    const live = (await createTestEvent(orgId)).id;
    const survey = await getDb().form.create({ data: { eventId: live, name: "Survey" } });
    expect(await cli("form:open", "--form", survey.id)).toMatchObject({ code: 0 });
    expect((await fresh()).map((row) => [row.action, row.actorType, row.targetLabel])).toEqual([["form.opened", "operator", "Survey"]]);

    const [guest] = await createTestAttendees(live, 1);
    expect(await cli("checkin", "--attendee", guest.id)).toMatchObject({ code: 0, out: { checkIn: { created: true } } });
    expect(await cli("checkin", "--attendee", guest.id)).toMatchObject({ code: 0, out: { checkIn: { created: false } } });
    expect((await fresh()).map((row) => [row.action, row.actorType, row.targetId])).toEqual([["attendee.checked_in", "operator", guest.id]]);
  });
});
