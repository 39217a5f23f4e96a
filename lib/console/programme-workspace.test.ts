import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createSession } from "@/lib/domain/programme/create-session";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { loadProgramme } from "./programme-workspace";
import { OPERATOR } from "@/lib/domain/audit/record";

// The Programme section's reads: the Partner API's orders, every visibility of info
// sections for the organizer, the featured sponsor, and nothing of another organization.

let orgId: string;
let eventId: string;
let trackIds: string[];

beforeAll(async () => {
  const db = getDb();
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  // Inserted out of order, so the assertions below see the sort and not insertion order.
  const late = await db.track.create({ data: { eventId, name: "Later", sortOrder: 2 } });
  const early = await db.track.create({ data: { eventId, name: "Main", sortOrder: 1, color: "#ff0000" } });
  trackIds = [early.id, late.id];
  await db.room.createMany({ data: [{ eventId, name: "Hall B", sortOrder: 2 }, { eventId, name: "Hall A", sortOrder: 1 }] });
  const [zoe, ada] = await Promise.all([
    db.speaker.create({ data: { eventId, name: "Zoe", company: "Z Corp" } }),
    db.speaker.create({ data: { eventId, name: "Ada", title: "CTO" } }),
  ]);
  const second = await createSession(orgId, eventId, { title: "Second", type: "talk", startAt: "2027-03-01T11:00:00Z", endAt: "2027-03-01T12:00:00Z" }, OPERATOR);
  await createSession(orgId, eventId, { title: "First", type: "keynote", startAt: "2027-03-01T09:00:00Z", endAt: "2027-03-01T10:00:00Z", trackId: early.id, room: "Hall A" }, OPERATOR);
  await db.sessionSpeaker.createMany({ data: [{ sessionId: second.id, speakerId: zoe.id, position: 0 }, { sessionId: second.id, speakerId: ada.id, position: 1 }] });
  const [, silver] = await Promise.all([
    db.sponsor.create({ data: { eventId, name: "Gold Co", tier: "gold", sortOrder: 1 } }),
    db.sponsor.create({ data: { eventId, name: "Silver Co", tier: "silver", sortOrder: 2 } }),
  ]);
  await db.eventCardSponsor.create({ data: { eventId, sponsorId: silver.id } });
  await db.infoSection.createMany({
    data: [
      { eventId, title: "Venue", icon: "map", visibility: "published", sortOrder: 1 },
      { eventId, title: "Wifi", icon: "wifi", visibility: "draft", sortOrder: 2 },
      { eventId, title: "Secret", icon: "lock", visibility: "hidden", sortOrder: 3 },
    ],
  });
});

describe("loadProgramme", () => {
  it("lists sessions in start order with their track, room and speakers in billing order", async () => {
    const { sessions } = await loadProgramme(orgId, eventId);
    expect(sessions.map((s) => s.title)).toEqual(["First", "Second"]);
    expect(sessions[0]).toMatchObject({ type: "keynote", room: "Hall A", trackId: trackIds[0], trackName: "Main", speakers: [] });
    expect(sessions[1]).toMatchObject({ room: null, trackName: null });
    expect(sessions[1].speakers.map((s) => s.name)).toEqual(["Zoe", "Ada"]);
  });

  it("lists tracks and rooms in organizer order, speakers by name, the featured sponsor marked and every info section", async () => {
    const programme = await loadProgramme(orgId, eventId);
    expect(programme.tracks).toEqual([
      { id: trackIds[0], name: "Main", color: "#ff0000", sessionCount: 1 },
      { id: trackIds[1], name: "Later", color: null, sessionCount: 0 },
    ]);
    expect(programme.rooms.map((r) => r.name)).toEqual(["Hall A", "Hall B"]);
    expect(programme.speakers.map((s) => [s.name, s.title, s.company, s.sessionCount])).toEqual([
      ["Ada", "CTO", null, 1],
      ["Zoe", null, "Z Corp", 1],
    ]);
    expect(programme.sponsors.map((s) => [s.name, s.featured])).toEqual([
      ["Gold Co", false],
      ["Silver Co", true],
    ]);
    expect(programme.infoSections.map((i) => [i.title, i.visibility])).toEqual([
      ["Venue", "published"],
      ["Wifi", "draft"],
      ["Secret", "hidden"],
    ]);
  });

  it("reads nothing of another organization's event, an unknown id or a malformed one", async () => {
    const other = await createTestOrg();
    const empty = { sessions: [], tracks: [], rooms: [], speakers: [], sponsors: [], infoSections: [] };
    expect(await loadProgramme(other.id, eventId)).toEqual(empty);
    expect(await loadProgramme(orgId, randomUUID())).toEqual(empty);
    expect(await loadProgramme(orgId, "not-a-uuid")).toEqual(empty);
    // The owner still reads it: the empty answers above are the tenancy rule, not an empty event.
    expect((await loadProgramme(orgId, eventId)).sessions).toHaveLength(2);
  });
});
