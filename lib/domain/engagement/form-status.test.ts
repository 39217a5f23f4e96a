import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { archiveEvent } from "@/lib/domain/events/archive-event";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { setFormStatus } from "./set-form-status";
import { OPERATOR } from "@/lib/domain/audit/record";

// Opening and closing forms against the real database, every cell of the form state table.
// Forms have no webhook type: no status change records an outbox row.

let orgId: string;

async function form(status: "draft" | "open" | "closed", eventStatus: "published" | "draft" = "published") {
  const event = await createTestEvent(orgId, { status: eventStatus });
  return getDb().form.create({ data: { eventId: event.id, name: "Survey", status } });
}
const statusOf = async (id: string) => (await getDb().form.findUniqueOrThrow({ where: { id } })).status;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
});

describe("form status", () => {
  it("draft → open, open → closed, closed → open", async () => {
    const draft = await form("draft");
    expect(await setFormStatus(orgId, draft.id, "open", OPERATOR)).toMatchObject({ changed: true, form: { status: "open" } });
    expect(await setFormStatus(orgId, draft.id, "closed", OPERATOR)).toMatchObject({ changed: true, form: { status: "closed" } });
    expect(await setFormStatus(orgId, draft.id, "open", OPERATOR)).toMatchObject({ changed: true, form: { status: "open" } });
    expect(await statusOf(draft.id)).toBe("open");
    expect(await getDb().webhookEvent.count({ where: { orgId } })).toBe(0);
  });

  it("a draft cannot be closed (409 invalid_transition); same-status requests are no-ops", async () => {
    const draft = await form("draft");
    await expect(setFormStatus(orgId, draft.id, "closed", OPERATOR)).rejects.toMatchObject({
      code: "CONFLICT",
      details: { reason: "invalid_transition", from: "draft", to: "closed" },
    });
    expect(await statusOf(draft.id)).toBe("draft");
    const open = await form("open");
    expect(await setFormStatus(orgId, open.id, "open", OPERATOR)).toMatchObject({ changed: false });
    const closed = await form("closed");
    expect(await setFormStatus(orgId, closed.id, "closed", OPERATOR)).toMatchObject({ changed: false });
  });

  it("refuses on an archived event (409 event_archived) and for another organization (404)", async () => {
    const f = await form("open");
    await archiveEvent(orgId, f.eventId, OPERATOR);
    await expect(setFormStatus(orgId, f.id, "closed", OPERATOR)).rejects.toMatchObject({ details: { reason: "event_archived" } });
    expect(await statusOf(f.id)).toBe("open");

    const other = await createTestOrg();
    const foreignEvent = await createTestEvent(other.id);
    const foreign = await getDb().form.create({ data: { eventId: foreignEvent.id, name: "Theirs" } });
    for (const id of [foreign.id, randomUUID(), "x"]) {
      await expect(setFormStatus(orgId, id, "open", OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await statusOf(foreign.id)).toBe("draft");
  });
});
