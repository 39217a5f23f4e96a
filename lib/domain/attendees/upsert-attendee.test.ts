import { beforeAll, describe, expect, it } from "vitest";
import { isValidBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createAttendee } from "./create-attendee";
import { upsertAttendeeByEmail } from "./upsert-attendee";

// Create-or-update by address, as the data-source importer uses it: same validation,
// badge codes and outbox events as the API, and "unchanged" really writes nothing.

let org: Awaited<ReturnType<typeof createTestOrg>>;
let eventId: string;

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const outbox = (type: string) => getDb().webhookEvent.count({ where: { orgId: org.id, type } });
const counts = async () => ({
  attendees: await getDb().attendee.count({ where: { event: { orgId: org.id } } }),
  created: await outbox("attendee.created"),
  updated: await outbox("attendee.updated"),
});

async function expectAppError(promise: Promise<unknown>, code: string, reason?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (reason) expect((error as AppError).details?.reason).toBe(reason);
  return error as AppError;
}

beforeAll(async () => {
  org = await createTestOrg();
  eventId = (await createTestEvent(org.id)).id;
});

describe("upsertAttendeeByEmail", () => {
  it("created, then unchanged for the identical record, then updated when a field differs", async () => {
    const email = unique("Grace.Hopper");
    const start = await counts();

    const created = await upsertAttendeeByEmail(org.id, eventId, { email, company: "Navy" });
    expect(created.outcome).toBe("created");
    expect(created.attendee).toMatchObject({ email, displayName: email.split("@")[0], company: "Navy", jobTitle: null, status: "invited" });
    expect(isValidBadgeCode(created.attendee.badgeCode)).toBe(true);
    expect(await counts()).toEqual({ attendees: start.attendees + 1, created: start.created + 1, updated: start.updated });

    const row = await getDb().attendee.findUniqueOrThrow({ where: { id: created.attendee.id } });
    const same = await upsertAttendeeByEmail(org.id, eventId, { email, company: "Navy" });
    expect(same).toEqual({ outcome: "unchanged", attendee: created.attendee });
    expect(await getDb().attendee.findUniqueOrThrow({ where: { id: created.attendee.id } })).toEqual(row);
    expect(await counts()).toEqual({ attendees: start.attendees + 1, created: start.created + 1, updated: start.updated });

    // Matched in another letter case: the stored spelling stays (email is immutable).
    const updated = await upsertAttendeeByEmail(org.id, eventId, { email: email.toUpperCase(), company: "Yale", jobTitle: "Rear Admiral" });
    expect(updated.outcome).toBe("updated");
    expect(updated.attendee).toMatchObject({ id: created.attendee.id, email, company: "Yale", jobTitle: "Rear Admiral", badgeCode: created.attendee.badgeCode });
    expect(new Date(updated.attendee.updatedAt).getTime()).toBeGreaterThan(new Date(created.attendee.updatedAt).getTime());
    expect(await counts()).toEqual({ attendees: start.attendees + 1, created: start.created + 1, updated: start.updated + 1 });
    const event = await getDb().webhookEvent.findFirstOrThrow({ where: { orgId: org.id, type: "attendee.updated" }, orderBy: { createdAt: "desc" } });
    expect(event.data).toMatchObject({ id: created.attendee.id, company: "Yale", badgeCode: created.attendee.badgeCode });
  });

  it("fields left out keep their values, null clears, and displayName is only defaulted on creation", async () => {
    const email = unique("keep");
    await upsertAttendeeByEmail(org.id, eventId, { email, displayName: "Kept Name", company: "Acme", jobTitle: "CEO" });
    const result = await upsertAttendeeByEmail(org.id, eventId, { email, jobTitle: null });
    expect(result.outcome).toBe("updated");
    expect(result.attendee).toMatchObject({ displayName: "Kept Name", company: "Acme", jobTitle: null });
  });

  it("an attendee created through the API is found and left unchanged", async () => {
    const attendee = await createAttendee(org.id, eventId, { email: unique("api"), displayName: "Via API" }, null);
    expect(await upsertAttendeeByEmail(org.id, eventId, { email: attendee.email, displayName: "Via API" })).toEqual({
      outcome: "unchanged",
      attendee,
    });
  });

  it("an invalid record is INVALID_INPUT naming the field, and nothing is written", async () => {
    const start = await counts();
    for (const record of [{ email: "not an email" }, { email: unique("x"), displayName: "x".repeat(201) }, { email: unique("y"), status: "active" }, null, []]) {
      const error = await expectAppError(upsertAttendeeByEmail(org.id, eventId, record), "INVALID_INPUT", "invalid_body");
      expect(error.details).toHaveProperty("fields");
    }
    expect(await counts()).toEqual(start);
  });

  it("refuses an archived event (409 event_archived) and another organization's event (404)", async () => {
    const archived = await createTestEvent(org.id, { status: "archived" });
    const foreign = await createTestEvent((await createTestOrg()).id);
    const start = await counts();
    await expectAppError(upsertAttendeeByEmail(org.id, archived.id, { email: unique("a") }), "CONFLICT", "event_archived");
    await expectAppError(upsertAttendeeByEmail(org.id, foreign.id, { email: unique("f") }), "NOT_FOUND");
    expect(await counts()).toEqual(start);
  });

  it("inside the caller's transaction: a rollback takes the rows and their outbox events with it", async () => {
    const event = await createTestEvent(org.id);
    const start = await counts();
    const email = unique("tx");
    const failure = await getDb()
      .$transaction(async (tx) => {
        expect((await upsertAttendeeByEmail(org.id, event.id, { email }, { tx })).outcome).toBe("created");
        expect((await upsertAttendeeByEmail(org.id, event.id, { email, company: "X" }, { tx })).outcome).toBe("updated");
        throw new Error("importer gave up");
      })
      .catch((e: unknown) => e);
    expect((failure as Error).message).toBe("importer gave up");
    expect(await counts()).toEqual(start);

    await getDb().$transaction(async (tx) => {
      await upsertAttendeeByEmail(org.id, event.id, { email }, { tx });
      await upsertAttendeeByEmail(org.id, event.id, { email: unique("tx2") }, { tx });
    });
    expect(await counts()).toEqual({ attendees: start.attendees + 2, created: start.created + 2, updated: start.updated });
  });

  it("parallel upserts of one address: exactly one row, one created, and every update recorded", async () => {
    const event = await createTestEvent(org.id);
    const email = unique("race");
    const start = await counts();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        upsertAttendeeByEmail(org.id, event.id, { email: i % 2 ? email.toUpperCase() : email, company: `Company ${i % 3}` }),
      ),
    );
    const outcomes = results.map((result) => result.outcome);
    expect(outcomes.filter((outcome) => outcome === "created")).toHaveLength(1);
    expect(new Set(results.map((result) => result.attendee.id)).size).toBe(1);
    expect(await getDb().attendee.count({ where: { eventId: event.id } })).toBe(1);
    const updates = outcomes.filter((outcome) => outcome === "updated").length;
    expect(await counts()).toEqual({ attendees: start.attendees + 1, created: start.created + 1, updated: start.updated + updates });
  });
});
