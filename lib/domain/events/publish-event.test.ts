import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { publishEvent } from "./publish-event";
import { OPERATOR } from "@/lib/domain/audit/record";

const outbox = (orgId: string) => getDb().webhookEvent.findMany({ where: { orgId }, orderBy: { createdAt: "asc" } });

describe("publishEvent", () => {
  it("moves a draft to published and records event.published only", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id, { status: "draft" });
    const result = await publishEvent(org.id, event.id, OPERATOR);
    expect(result).toMatchObject({ changed: true, event: { status: "published" } });
    const row = await getDb().event.findUniqueOrThrow({ where: { id: event.id } });
    const recorded = await outbox(org.id);
    expect(recorded.map((r) => r.type)).toEqual(["event.published"]);
    expect(recorded[0].data).toEqual(eventPayload(row));
  });

  it("is a no-op for a published event", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id, { status: "published" });
    expect(await publishEvent(org.id, event.id, OPERATOR)).toMatchObject({ changed: false, event: { status: "published" } });
    expect(await outbox(org.id)).toEqual([]);
    expect((await getDb().event.findUniqueOrThrow({ where: { id: event.id } })).updatedAt).toEqual(event.updatedAt);
  });

  it("refuses an archived event (409 event_archived)", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id, { status: "archived" });
    await expect(publishEvent(org.id, event.id, OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "event_archived" } });
    expect(await outbox(org.id)).toEqual([]);
  });

  it("answers 404 for another organization's event and unknown ids", async () => {
    const org = await createTestOrg();
    const other = await createTestOrg();
    const foreign = await createTestEvent(other.id, { status: "draft" });
    for (const id of [foreign.id, randomUUID(), "x"]) {
      await expect(publishEvent(org.id, id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect((await getDb().event.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe("draft");
  });
});
