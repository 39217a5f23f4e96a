import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { sessionPayload } from "@/lib/domain/webhooks/payloads";
import { createSession } from "./create-session";
import { deleteSession } from "./delete-session";
import { updateSession } from "./update-session";
import { OPERATOR } from "@/lib/domain/audit/record";

// Session writes: input rules, tenant isolation, and one outbox row per real change.

let orgId: string;
let eventId: string;
let trackId: string;
const outbox = (sessionId: string) =>
  getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["id"], equals: sessionId } }, orderBy: { createdAt: "asc" } });

const valid = { title: "Keynote", type: "keynote", startAt: "2027-03-01T09:00:00Z", endAt: "2027-03-01T10:00:00Z" } as const;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  trackId = (await getDb().track.create({ data: { eventId, name: "Main" } })).id;
});

describe("createSession", () => {
  it("creates the session and records session.created", async () => {
    const session = await createSession(orgId, eventId, {
      ...valid,
      description: "Welcome",
      trackId,
      room: " Hall A ",
      capacity: 200,
    }, OPERATOR);
    expect(session).toMatchObject({ eventId, title: "Keynote", description: "Welcome", type: "keynote", trackId, room: "Hall A", capacity: 200 });
    const [recorded] = await outbox(session.id);
    expect(recorded.type).toBe("session.created");
    expect(recorded.data).toEqual(sessionPayload(session));
  });

  it("defaults optional fields (empty description, no track, room or capacity)", async () => {
    const session = await createSession(orgId, eventId, { ...valid, room: "" }, OPERATOR);
    expect(session).toMatchObject({ description: "", trackId: null, room: null, capacity: null });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no title", { title: "" }, "title"],
    ["an unknown type", { type: "rave" }, "type"],
    ["an end before the start", { endAt: "2027-03-01T08:00:00Z" }, "endAt"],
    ["an end equal to the start", { endAt: valid.startAt }, "endAt"],
    ["a date that is not ISO-8601", { startAt: "March 1st" }, "startAt"],
    ["capacity 0", { capacity: 0 }, "capacity"],
    ["a fractional capacity", { capacity: 2.5 }, "capacity"],
    ["a track id that is not a uuid", { trackId: "main" }, "trackId"],
    ["a track of another event", { trackId: "OTHER" }, "trackId"],
    ["an unknown field", { speakers: [] }, ""],
    ["a speaker id that is not a uuid", { speakerIds: ["ada"] }, "speakerIds.0"],
    ["a speaker billed twice", { speakerIds: ["DUP"] }, "speakerIds"],
  ])("refuses %s with INVALID_INPUT naming it", async (_label, override, field) => {
    if (Array.isArray(override.speakerIds) && override.speakerIds[0] === "DUP") {
      const id = randomUUID();
      override = { speakerIds: [id, id] };
    }
    if (override.trackId === "OTHER") {
      const otherEvent = await createTestEvent(orgId);
      override = { trackId: (await getDb().track.create({ data: { eventId: otherEvent.id, name: "T" } })).id };
    }
    const before = await getDb().session.count({ where: { eventId } });
    const error = await refusal(createSession(orgId, eventId, { ...valid, ...override } as never, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    if (field) expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().session.count({ where: { eventId } })).toBe(before);
  });

  it("answers 404 for another organization's event and 409 for an archived one", async () => {
    const other = await createTestOrg();
    const foreign = await createTestEvent(other.id);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(createSession(orgId, id, valid, OPERATOR))).code).toBe("NOT_FOUND");
    }
    const archived = await createTestEvent(orgId, { status: "archived" });
    expect((await refusal(createSession(orgId, archived.id, valid, OPERATOR))).details?.reason).toBe("event_archived");
    expect(await getDb().session.count({ where: { eventId: { in: [foreign.id, archived.id] } } })).toBe(0);
  });
});

describe("updateSession", () => {
  it("records session.updated for a change and nothing for a no-op", async () => {
    const session = await createSession(orgId, eventId, { ...valid, trackId, capacity: 10 }, OPERATOR);
    const same = await updateSession(orgId, session.id, { title: "Keynote", capacity: 10, startAt: "2027-03-01T10:00:00+01:00" }, OPERATOR);
    expect(same.changed).toBe(false);
    const changed = await updateSession(orgId, session.id, { capacity: null, trackId: null, room: "Hall B" }, OPERATOR);
    expect(changed.changed).toBe(true);
    expect(changed.session).toMatchObject({ capacity: null, trackId: null, room: "Hall B" });
    const recorded = await outbox(session.id);
    expect(recorded.map((r) => r.type)).toEqual(["session.created", "session.updated"]);
    expect(recorded[1].data).toEqual(sessionPayload(changed.session));
  });

  it("checks the end against the stored start (and the start against the stored end)", async () => {
    const session = await createSession(orgId, eventId, valid, OPERATOR);
    expect(Object.keys((await refusal(updateSession(orgId, session.id, { endAt: "2027-03-01T08:59:00Z" }, OPERATOR))).details?.fields as object)).toEqual(["endAt"]);
    expect(Object.keys((await refusal(updateSession(orgId, session.id, { startAt: "2027-03-01T10:00:00Z" }, OPERATOR))).details?.fields as object)).toEqual(["startAt"]);
    await expect(updateSession(orgId, session.id, { startAt: "2027-03-01T11:00:00Z", endAt: "2027-03-01T12:00:00Z" }, OPERATOR)).resolves.toMatchObject({ changed: true });
  });

  it("answers 404 for another organization's session", async () => {
    const other = await createTestOrg();
    const foreign = await createSession(other.id, (await createTestEvent(other.id)).id, valid, OPERATOR);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(updateSession(orgId, id, { title: "Hijacked" }, OPERATOR))).code).toBe("NOT_FOUND");
    }
  });
});

describe("deleteSession", () => {
  it("removes the session with its door scans and records session.deleted as it was", async () => {
    const session = await createSession(orgId, eventId, { ...valid, room: "Hall C" }, OPERATOR);
    const [attendee] = await createTestAttendees(eventId, 1);
    await getDb().sessionAttendance.create({ data: { eventId, sessionId: session.id, attendeeId: attendee.id, scannedAt: new Date() } });
    expect(await deleteSession(orgId, session.id, OPERATOR)).toEqual(session);
    expect(await getDb().session.findUnique({ where: { id: session.id } })).toBeNull();
    expect(await getDb().sessionAttendance.count({ where: { sessionId: session.id } })).toBe(0);
    const recorded = await outbox(session.id);
    expect(recorded.map((r) => r.type)).toEqual(["session.created", "session.deleted"]);
    expect(recorded[1].data).toEqual(sessionPayload(session));
    expect((await refusal(deleteSession(orgId, session.id, OPERATOR))).code).toBe("NOT_FOUND");
  });

  it("answers 404 for another organization's session and leaves it", async () => {
    const other = await createTestOrg();
    const foreign = await createSession(other.id, (await createTestEvent(other.id)).id, valid, OPERATOR);
    expect((await refusal(deleteSession(orgId, foreign.id, OPERATOR))).code).toBe("NOT_FOUND");
    expect(await getDb().session.findUnique({ where: { id: foreign.id } })).not.toBeNull();
  });
});
