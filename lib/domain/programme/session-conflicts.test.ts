import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { OPERATOR } from "@/lib/domain/audit/record";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createSession } from "./create-session";
import { updateSession } from "./update-session";

// Double bookings are warnings the console asks about: with refuseConflicts a write that
// double-books a room or a speaker is refused (409 programme_conflict) naming the other
// session, and writes nothing; without it (imports, the CLI, "Save anyway") it saves.

let orgId: string;
let eventId: string;
let ada: string;
let grace: string;

const at = (hhmm: string) => `2027-03-01T${hhmm}:00Z`;
const sessionCount = () => getDb().session.count({ where: { eventId } });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId, { timezone: "Europe/Oslo" })).id;
  ada = (await getDb().speaker.create({ data: { eventId, name: "Ada Lovelace" } })).id;
  grace = (await getDb().speaker.create({ data: { eventId, name: "Grace Hopper" } })).id;
  await createSession(orgId, eventId, { title: "Opening keynote", type: "keynote", startAt: at("09:00"), endAt: at("10:00"), room: "Hall A", speakerIds: [ada] }, OPERATOR);
});

describe("double bookings", () => {
  it("refuses a session in the same room at an overlapping time, naming the other session in venue time, and writes nothing", async () => {
    const before = await sessionCount();
    const error = await refusal(
      createSession(orgId, eventId, { title: "Workshop", type: "workshop", startAt: at("09:30"), endAt: at("11:00"), room: " hall a " }, OPERATOR, { refuseConflicts: true }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.details?.reason).toBe("programme_conflict");
    // 09:00 UTC is 10:00 in Oslo in March.
    expect(error.message).toBe("Hall A is also booked for “Opening keynote” (Mon 1 Mar, 10:00–11:00). Times are the venue's (Europe/Oslo).");
    expect(await sessionCount()).toBe(before);
  });

  it("refuses a session sharing a speaker at an overlapping time", async () => {
    const error = await refusal(
      createSession(orgId, eventId, { title: "Panel", type: "panel", startAt: at("09:45"), endAt: at("10:30"), room: "Hall B", speakerIds: [grace, ada] }, OPERATOR, { refuseConflicts: true }),
    );
    expect(error.message).toContain("Ada Lovelace also speaks in “Opening keynote”");
    expect(error.message).not.toContain("Grace Hopper");
  });

  it("lets touching sessions, other rooms and other speakers through", async () => {
    const next = await createSession(orgId, eventId, { title: "Talk after", type: "talk", startAt: at("10:00"), endAt: at("10:30"), room: "Hall A", speakerIds: [ada] }, OPERATOR, { refuseConflicts: true });
    const parallel = await createSession(orgId, eventId, { title: "Parallel", type: "talk", startAt: at("09:00"), endAt: at("10:00"), room: "Hall B", speakerIds: [grace] }, OPERATOR, { refuseConflicts: true });
    expect(next.id).toBeTruthy();
    expect(parallel.id).toBeTruthy();
  });

  it("saves a double booking when not asked to refuse it (Save anyway, imports, the CLI)", async () => {
    const session = await createSession(orgId, eventId, { title: "Overflow room stream", type: "talk", startAt: at("09:00"), endAt: at("10:00"), room: "Hall A" }, OPERATOR);
    expect(session.room).toBe("Hall A");
  });

  it("checks an edit that moves a session onto another, never against itself, and not an edit of other fields", async () => {
    const lunch = await createSession(orgId, eventId, { title: "Lunch talk", type: "talk", startAt: at("12:00"), endAt: at("13:00"), room: "Hall A" }, OPERATOR);
    // Moving within its own slot, or changing only the title, is not a double booking.
    const retitled = await updateSession(orgId, lunch.id, { title: "Lunch talk (renamed)", startAt: at("12:00"), endAt: at("13:00") }, OPERATOR, { refuseConflicts: true });
    expect(retitled.changed).toBe(true);
    const error = await refusal(updateSession(orgId, lunch.id, { startAt: at("09:30"), endAt: at("10:15") }, OPERATOR, { refuseConflicts: true }));
    expect(error.details?.reason).toBe("programme_conflict");
    expect(error.message).toContain("“Opening keynote”");
    const stored = await getDb().session.findUniqueOrThrow({ where: { id: lunch.id } });
    expect(stored.startAt.toISOString()).toBe("2027-03-01T12:00:00.000Z");
    // Adding the keynote's speaker to a session at the keynote's time is one too.
    const fireside = await createSession(orgId, eventId, { title: "Fireside", type: "talk", startAt: at("09:15"), endAt: at("09:45"), room: "Hall C" }, OPERATOR);
    const speakerError = await refusal(updateSession(orgId, fireside.id, { speakerIds: [ada] }, OPERATOR, { refuseConflicts: true }));
    expect(speakerError.message).toContain("Ada Lovelace also speaks in “Opening keynote”");
  });
});
