import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { SessionSchema, SpeakerSchema } from "@/lib/domain/resources/resources";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startPartnerReader, type PartnerReader } from "@/lib/testing/partner-reader";
import { sessionPayload } from "@/lib/domain/webhooks/payloads";
import { createSession } from "./create-session";
import { createSpeaker, deleteSpeaker, updateSpeaker } from "./speakers";
import { updateSession } from "./update-session";
import { OPERATOR } from "@/lib/domain/audit/record";

// Speakers and a session's speakers (billing order, capacity), through the lib
// operations, each change then read as a partner reads it.

let orgId: string;
let eventId: string;
let partner: PartnerReader;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const outboxTypes = async (sessionId: string) =>
  (await getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["id"], equals: sessionId } }, orderBy: { createdAt: "asc" } })).map((row) => row.type);

/** A session as GET .../sessions serves it. */
async function servedSession(sessionId: string) {
  const found = (await partner.list(`/events/${eventId}/sessions`)).find((item) => item.id === sessionId);
  return SessionSchema.parse(found);
}

const valid = { title: "Panel", type: "panel", startAt: "2027-03-01T09:00:00Z", endAt: "2027-03-01T10:00:00Z" } as const;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  partner = await startPartnerReader(orgId);
});
afterAll(() => partner?.close());

describe("speakers", () => {
  it("creates and edits; the API lists them by name with blank fields as null", async () => {
    const zed = await createSpeaker(orgId, eventId, { name: "Zed Shaw", title: "", company: " Acme ", bio: "Line one\nLine two", photoUrl: "https://img.example.com/z.jpg" }, OPERATOR);
    const ada = await createSpeaker(orgId, eventId, { name: "Ada Lovelace" }, OPERATOR);
    await getDb().speaker.update({ where: { id: ada.id }, data: { photoPath: "uploads/ada.jpg" } });
    await updateSpeaker(orgId, ada.id, { name: "Ada King", title: "Analyst", photoUrl: "" }, OPERATOR);
    const served = (await partner.list(`/events/${eventId}/speakers?limit=1`)).map((item) => SpeakerSchema.parse(item));
    expect(served).toEqual([
      { id: ada.id, name: "Ada King", title: "Analyst", company: null, bio: null, photoUrl: null, photoPath: "uploads/ada.jpg" },
      { id: zed.id, name: "Zed Shaw", title: null, company: "Acme", bio: "Line one\nLine two", photoUrl: "https://img.example.com/z.jpg", photoPath: null },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no name", { name: "" }, "name"],
    ["an http photo", { name: "A", photoUrl: "http://img.example.com/a.jpg" }, "photoUrl"],
    ["a relative photo", { name: "A", photoUrl: "/a.jpg" }, "photoUrl"],
    ["a photo with credentials", { name: "A", photoUrl: "https://u:p@img.example.com/a.jpg" }, "photoUrl"],
    ["a javascript: photo", { name: "A", photoUrl: "javascript:alert(1)" }, "photoUrl"],
    ["photoPath (uploads only)", { name: "A", photoPath: "x.jpg" }, ""],
  ])("refuses %s and writes nothing", async (_label, input, field) => {
    const before = await getDb().speaker.count({ where: { eventId } });
    const error = await refusal(createSpeaker(orgId, eventId, input as never, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    if (field) expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().speaker.count({ where: { eventId } })).toBe(before);
  });

  it("answers 404 for another organization's speaker", async () => {
    const other = await createTestOrg();
    const foreign = await createSpeaker(other.id, (await createTestEvent(other.id)).id, { name: "Theirs" }, OPERATOR);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(updateSpeaker(orgId, id, { name: "Mine" }, OPERATOR))).code).toBe("NOT_FOUND");
      expect((await refusal(deleteSpeaker(orgId, id, OPERATOR))).code).toBe("NOT_FOUND");
    }
  });
});

describe("a session's speakers and capacity", () => {
  it("bills speakers in the order given, changes it with session.updated, and serves capacity", async () => {
    const [a, b, c] = await Promise.all(["A", "B", "C"].map((name) => createSpeaker(orgId, eventId, { name: `Speaker ${name}` }, OPERATOR)));
    const session = await createSession(orgId, eventId, { ...valid, speakerIds: [c.id, a.id], capacity: 40 }, OPERATOR);
    const read = () => servedSession(session.id);
    expect(await read()).toMatchObject({ speakerIds: [c.id, a.id], capacity: 40 });

    const before = (await read()).updatedAt;
    const reordered = await updateSession(orgId, session.id, { speakerIds: [a.id, b.id, c.id] }, OPERATOR);
    expect(reordered.changed).toBe(true);
    const after = await read();
    expect(after).toMatchObject({ speakerIds: [a.id, b.id, c.id], capacity: 40 });
    expect(after.updatedAt > before).toBe(true);

    expect((await updateSession(orgId, session.id, { speakerIds: [a.id, b.id, c.id] }, OPERATOR)).changed).toBe(false);
    await updateSession(orgId, session.id, { capacity: null, speakerIds: [] }, OPERATOR);
    expect(await read()).toMatchObject({ speakerIds: [], capacity: null });
    const types = await outboxTypes(session.id);
    expect(types).toEqual(["session.created", "session.updated", "session.updated"]);
    const last = await getDb().webhookEvent.findFirst({ where: { orgId, type: "session.updated", data: { path: ["id"], equals: session.id } }, orderBy: { createdAt: "desc" } });
    expect(last?.data).not.toHaveProperty("speakerIds");
  });

  it("refuses a speaker of another event or organization and changes nothing", async () => {
    const session = await createSession(orgId, eventId, valid, OPERATOR);
    const otherEvent = await createTestEvent(orgId);
    const elsewhere = await createSpeaker(orgId, otherEvent.id, { name: "Elsewhere" }, OPERATOR);
    const mine = await createSpeaker(orgId, eventId, { name: "Mine" }, OPERATOR);
    const error = await refusal(updateSession(orgId, session.id, { speakerIds: [mine.id, elsewhere.id] }, OPERATOR));
    expect(Object.keys(error.details?.fields as object)).toEqual(["speakerIds.1"]);
    expect(await getDb().sessionSpeaker.count({ where: { sessionId: session.id } })).toBe(0);
    await expect(createSession(orgId, eventId, { ...valid, speakerIds: [elsewhere.id] }, OPERATOR)).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("deleting a speaker detaches them, keeps the others' order and fires session.updated", async () => {
    const [a, b, c] = await Promise.all(["A", "B", "C"].map((name) => createSpeaker(orgId, eventId, { name: `Gone ${name}` }, OPERATOR)));
    const session = await createSession(orgId, eventId, { ...valid, speakerIds: [a.id, b.id, c.id] }, OPERATOR);
    const untouched = await createSession(orgId, eventId, { ...valid, speakerIds: [c.id] }, OPERATOR);
    const deleted = await deleteSpeaker(orgId, b.id, OPERATOR);
    expect(deleted.sessionCount).toBe(1);
    const served = await servedSession(session.id);
    expect(served.speakerIds).toEqual([a.id, c.id]);
    expect(await outboxTypes(session.id)).toEqual(["session.created", "session.updated"]);
    expect(await outboxTypes(untouched.id)).toEqual(["session.created"]);
    const stored = await getDb().session.findUniqueOrThrow({ where: { id: session.id } });
    const last = await getDb().webhookEvent.findFirst({ where: { orgId, type: "session.updated", data: { path: ["id"], equals: session.id } } });
    expect(last?.data).toEqual(sessionPayload(stored));
    expect((await partner.list(`/events/${eventId}/speakers`)).map((s) => s.id)).not.toContain(b.id);
  });
});
