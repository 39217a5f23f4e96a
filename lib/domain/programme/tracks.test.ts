import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { TrackSchema } from "@/lib/domain/resources/resources";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startPartnerReader, type PartnerReader } from "@/lib/testing/partner-reader";
import { moveItem } from "./event-items";
import { createSession } from "./create-session";
import { createRoom, createTrack, deleteRoom, deleteTrack, updateRoom, updateTrack } from "./tracks";
import { OPERATOR } from "@/lib/domain/audit/record";

// Tracks and rooms through the lib operations, each change then read as a partner reads it.

let orgId: string;
let eventId: string;
let partner: PartnerReader;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  partner = await startPartnerReader(orgId);
});
afterAll(() => partner?.close());

describe("tracks", () => {
  it("creates at the end, edits, moves and deletes, as the Partner API then serves", async () => {
    const main = await createTrack(orgId, eventId, { name: " Main stage ", color: "#1A2B3C" }, OPERATOR);
    const side = await createTrack(orgId, eventId, { name: "Side" }, OPERATOR);
    expect(main).toMatchObject({ name: "Main stage", color: "#1a2b3c", sortOrder: 0 });
    expect(side).toMatchObject({ color: null, sortOrder: 1 });
    let served = await partner.list(`/events/${eventId}/tracks`);
    expect(served.map((track) => TrackSchema.parse(track))).toEqual([
      { id: main.id, name: "Main stage", color: "#1a2b3c", sortOrder: 0 },
      { id: side.id, name: "Side", color: null, sortOrder: 1 },
    ]);

    await updateTrack(orgId, side.id, { name: "Workshops", color: "#00ff00" }, OPERATOR);
    expect(await moveItem(orgId, "Track", side.id, "up", OPERATOR)).toEqual({ moved: true });
    expect(await moveItem(orgId, "Track", side.id, "up", OPERATOR)).toEqual({ moved: false });
    served = await partner.list(`/events/${eventId}/tracks`);
    expect(served).toEqual([
      { id: side.id, name: "Workshops", color: "#00ff00", sortOrder: 0 },
      { id: main.id, name: "Main stage", color: "#1a2b3c", sortOrder: 1 },
    ]);

    await deleteTrack(orgId, side.id, OPERATOR);
    served = await partner.list(`/events/${eventId}/tracks`);
    expect(served.map((track) => track.id)).toEqual([main.id]);
  });

  it("renumbers a list with equal positions before moving (seeded or imported data)", async () => {
    const event = await createTestEvent(orgId);
    const rows = await Promise.all(["A", "B", "C"].map((name) => getDb().track.create({ data: { eventId: event.id, name, sortOrder: 5 } })));
    const byId = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
    await moveItem(orgId, "Track", byId[2].id, "up", OPERATOR);
    const served = await partner.list(`/events/${event.id}/tracks`);
    expect(served.map((track) => [track.id, track.sortOrder])).toEqual([[byId[0].id, 0], [byId[2].id, 1], [byId[1].id, 2]]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no name", { name: "  " }, "name"],
    ["a colour without #", { name: "T", color: "1a2b3c" }, "color"],
    ["a three-digit colour", { name: "T", color: "#abc" }, "color"],
    ["a named colour", { name: "T", color: "red" }, "color"],
    ["a control character", { name: "T\u0000" }, "name"],
    ["an unknown field", { name: "T", sortOrder: 3 }, ""],
  ])("refuses %s with INVALID_INPUT and writes nothing", async (_label, input, field) => {
    const before = await getDb().track.count({ where: { eventId } });
    const error = await refusal(createTrack(orgId, eventId, input as never, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    if (field) expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().track.count({ where: { eventId } })).toBe(before);
  });

  it("refuses to delete a track sessions use, with the count", async () => {
    const track = await createTrack(orgId, eventId, { name: "Busy" }, OPERATOR);
    for (const minute of [0, 30]) {
      await createSession(orgId, eventId, {
        title: `S${minute}`, type: "talk", trackId: track.id,
        startAt: `2027-03-01T09:${String(minute).padStart(2, "0")}:00Z`, endAt: "2027-03-01T11:00:00Z",
      }, OPERATOR);
    }
    const error = await refusal(deleteTrack(orgId, track.id, OPERATOR));
    expect(error.code).toBe("CONFLICT");
    expect(error.details).toMatchObject({ reason: "track_in_use", sessionCount: 2 });
    expect(error.message).toMatch(/2 sessions use this track/);
    expect((await partner.list(`/events/${eventId}/tracks`)).map((t) => t.id)).toContain(track.id);
  });

  it("answers 404 for another organization's track or event, 409 for an archived event", async () => {
    const other = await createTestOrg();
    const foreignEvent = await createTestEvent(other.id);
    const foreign = await createTrack(other.id, foreignEvent.id, { name: "Theirs" }, OPERATOR);
    expect((await refusal(createTrack(orgId, foreignEvent.id, { name: "X" }, OPERATOR))).code).toBe("NOT_FOUND");
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(updateTrack(orgId, id, { name: "Hijack" }, OPERATOR))).code).toBe("NOT_FOUND");
      expect((await refusal(deleteTrack(orgId, id, OPERATOR))).code).toBe("NOT_FOUND");
      expect((await refusal(moveItem(orgId, "Track", id, "down", OPERATOR))).code).toBe("NOT_FOUND");
    }
    expect(await getDb().track.findUnique({ where: { id: foreign.id } })).toMatchObject({ name: "Theirs" });
    const archived = await createTestEvent(orgId, { status: "archived" });
    expect((await refusal(createTrack(orgId, archived.id, { name: "Late" }, OPERATOR))).details?.reason).toBe("event_archived");
  });
});

describe("rooms", () => {
  it("creates, renames, moves and deletes, as the Partner API then serves", async () => {
    const event = await createTestEvent(orgId);
    const hall = await createRoom(orgId, event.id, { name: "Hall A" }, OPERATOR);
    const loft = await createRoom(orgId, event.id, { name: "Loft" }, OPERATOR);
    await updateRoom(orgId, hall.id, { name: "Hall B" }, OPERATOR);
    await moveItem(orgId, "Room", hall.id, "down", OPERATOR);
    expect(await partner.list(`/events/${event.id}/rooms`)).toEqual([
      { id: loft.id, name: "Loft", sortOrder: 0 },
      { id: hall.id, name: "Hall B", sortOrder: 1 },
    ]);
    await deleteRoom(orgId, loft.id, OPERATOR);
    expect((await partner.list(`/events/${event.id}/rooms`)).map((room) => room.id)).toEqual([hall.id]);
    expect((await refusal(createRoom(orgId, event.id, { name: "" }, OPERATOR))).code).toBe("INVALID_INPUT");
    expect((await refusal(moveItem(orgId, "Room", hall.id, "sideways" as never, OPERATOR))).code).toBe("INVALID_INPUT");
  });
});
