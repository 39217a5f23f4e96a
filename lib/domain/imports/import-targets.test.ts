import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { applyBatch, loadTargetContext, type BatchItem } from "./import-targets";

// How prepared records are written: attendees a batch per transaction (falling back to one
// by one when the batch as a whole fails), sessions with their source link in one
// transaction. The end-to-end behaviour is in run-import.test.ts.

// A batch of more than one record fails once when armed, as a deadlock with another writer would.
const failNextBatch = vi.hoisted(() => ({ armed: false }));
vi.mock("@/lib/domain/attendees/upsert-attendees", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/domain/attendees/upsert-attendees")>();
  return {
    ...actual,
    upsertAttendeesByEmail: (...args: Parameters<typeof actual.upsertAttendeesByEmail>) => {
      if (failNextBatch.armed && args[2].length > 1) {
        failNextBatch.armed = false;
        return Promise.reject(new Error("deadlock detected"));
      }
      return actual.upsertAttendeesByEmail(...args);
    },
  };
});

let org: Awaited<ReturnType<typeof createTestOrg>>;

beforeAll(async () => {
  org = await createTestOrg();
});

const attendee = (index: number, fields: Record<string, unknown>): BatchItem => ({
  index,
  record: { target: "attendees", key: String(fields.email).toLowerCase(), fields: fields as never },
});

describe("attendee batches", () => {
  it("apply every record in source order and report each by its index", async () => {
    const event = (await createTestEvent(org.id)).id;
    const context = await loadTargetContext(org.id, event, null);
    const items = [
      attendee(3, { email: "a@example.com" }),
      attendee(4, { email: "b@example.com", displayName: "x".repeat(201) }),
      attendee(7, { email: "A@example.com", company: "Acme" }),
    ];
    const { results, stopped } = await applyBatch(items, context);
    expect(stopped).toBeNull();
    expect(results.map((result) => ("outcome" in result ? [result.index, result.outcome] : [result.index, result.error.code]))).toEqual([
      [3, "created"],
      [4, "INVALID_INPUT"],
      [7, "updated"],
    ]);
  });

  it("a batch that fails as a whole is rolled back and its records applied one by one", async () => {
    const event = (await createTestEvent(org.id)).id;
    const context = await loadTargetContext(org.id, event, null);
    failNextBatch.armed = true;
    const { results, stopped } = await applyBatch([attendee(0, { email: "one@example.com" }), attendee(1, { email: "two@example.com" })], context);
    expect(failNextBatch.armed).toBe(false);
    expect(stopped).toBeNull();
    expect(results).toEqual([
      { index: 0, outcome: "created" },
      { index: 1, outcome: "created" },
    ]);
    expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(2);
  });

  it("an archived event stops the run instead of failing each record", async () => {
    const event = (await createTestEvent(org.id)).id;
    const context = await loadTargetContext(org.id, event, null);
    await getDb().event.update({ where: { id: event }, data: { status: "archived" } });
    const { results, stopped } = await applyBatch([attendee(0, { email: "late@example.com" })], context);
    expect(results).toEqual([]);
    expect(stopped).toMatchObject({ code: "CONFLICT", details: { reason: "event_archived" } });
  });
});

describe("sessions", () => {
  it("a session whose source link cannot be written is not kept either (one transaction)", async () => {
    const event = (await createTestEvent(org.id)).id;
    // A data source id with no row: the link's foreign key refuses it after the session was inserted.
    const context = await loadTargetContext(org.id, event, randomUUID());
    const since = new Date();
    const item: BatchItem = {
      index: 0,
      record: {
        target: "sessions",
        key: "s1",
        externalId: "s1",
        fields: { title: "Orphan", startAt: new Date("2027-03-01T09:00:00Z"), endAt: new Date("2027-03-01T10:00:00Z") },
      },
    };
    await expect(applyBatch([item], context)).rejects.toThrow();
    expect(await getDb().session.count({ where: { eventId: event } })).toBe(0);
    expect(await getDb().webhookEvent.count({ where: { orgId: org.id, type: "session.created", createdAt: { gte: since } } })).toBe(0);
  });
});
