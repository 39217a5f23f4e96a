import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { archiveEvent } from "./archive-event";
import { createEvent } from "./create-event";
import { publishEvent } from "./publish-event";
import { updateEvent } from "./update-event";
import { OPERATOR } from "@/lib/domain/audit/record";

// createEvent and archiveEvent against the real database: each allowed move writes its
// row and its outbox row together; each refusal writes neither.

let orgId: string;
const outbox = (eventId: string) =>
  getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["id"], equals: eventId } }, orderBy: { createdAt: "asc" } });

const input = (slug: string) => ({
  name: "Spring Summit",
  slug,
  timezone: "europe/amsterdam",
  startAt: "2027-03-01T09:00:00Z",
  endAt: "2027-03-02T17:00:00Z",
  location: "Amsterdam",
});

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
});

describe("createEvent", () => {
  it("creates a draft and records event.updated with its projection", async () => {
    const event = await createEvent(orgId, input("spring-summit"), OPERATOR);
    expect(event).toMatchObject({ status: "draft", name: "Spring Summit", timezone: "Europe/Amsterdam" });
    const row = await getDb().event.findUniqueOrThrow({ where: { id: event.id } });
    const recorded = await outbox(event.id);
    expect(recorded.map((r) => r.type)).toEqual(["event.updated"]);
    expect(recorded[0].data).toEqual(eventPayload(row));
  });

  it("refuses bad input, end before start and a taken slug, writing nothing", async () => {
    const before = await getDb().event.count({ where: { orgId } });
    const recordedBefore = await getDb().webhookEvent.count({ where: { orgId } });
    await expect(createEvent(orgId, { ...input("x"), name: " " }, OPERATOR)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(createEvent(orgId, { ...input("Bad Slug") }, OPERATOR)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(createEvent(orgId, { ...input("ends-early"), endAt: "2027-03-01T08:00:00Z" }, OPERATOR)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { fields: { endAt: { message: "The event must end after it starts." } } },
    });
    await createEvent(orgId, input("taken"), OPERATOR);
    await expect(createEvent(orgId, input("taken"), OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "slug_taken" } });
    expect(await getDb().event.count({ where: { orgId } })).toBe(before + 1);
    expect(await getDb().webhookEvent.count({ where: { orgId } })).toBe(recordedBefore + 1);
  });
});

describe("archiveEvent", () => {
  for (const from of ["draft", "published"] as const) {
    it(`${from} → archived records event.updated with status archived`, async () => {
      const event = await createTestEvent(orgId, { status: from });
      const result = await archiveEvent(orgId, event.id, OPERATOR);
      expect(result).toMatchObject({ changed: true, event: { status: "archived" } });
      const row = await getDb().event.findUniqueOrThrow({ where: { id: event.id } });
      expect(row.status).toBe("archived");
      const recorded = await outbox(event.id);
      expect(recorded.map((r) => r.type)).toEqual(["event.updated"]);
      expect(recorded[0].data).toEqual(eventPayload(row));
      expect(recorded[0].data).toMatchObject({ status: "archived" });
    });
  }

  it("archiving an archived event is a no-op; publishing it is refused (409 event_archived)", async () => {
    const event = await createTestEvent(orgId, { status: "archived" });
    expect(await archiveEvent(orgId, event.id, OPERATOR)).toMatchObject({ changed: false });
    await expect(publishEvent(orgId, event.id, OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "event_archived" } });
    expect(await outbox(event.id)).toEqual([]);
    expect((await getDb().event.findUniqueOrThrow({ where: { id: event.id } })).updatedAt).toEqual(event.updatedAt);
  });

  it("an archived event still takes detail edits (name, dates) but never a status change back", async () => {
    const event = await createTestEvent(orgId, { status: "published" });
    await archiveEvent(orgId, event.id, OPERATOR);
    await updateEvent(orgId, event.id, { name: "Renamed after the fact" }, OPERATOR);
    const row = await getDb().event.findUniqueOrThrow({ where: { id: event.id } });
    expect(row).toMatchObject({ status: "archived", name: "Renamed after the fact" });
  });

  it("answers 404 for another organization's event and unknown ids", async () => {
    const other = await createTestOrg();
    const foreign = await createTestEvent(other.id, { status: "draft" });
    for (const id of [foreign.id, randomUUID(), "x"]) {
      await expect(archiveEvent(orgId, id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await getDb().event.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("draft");
  });
});
