import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { recordWebhookEvent } from "./outbox";
import { attendeePayload } from "./payloads";
import { previewEndpointShape } from "./preview-shape";

// The console preview: the organization's last 20 events of the chosen types from the
// outbox, each with whether it would be sent and the exact body.

async function seed() {
  const org = await createTestOrg();
  const [first, second] = [await createTestEvent(org.id, { name: "First" }), await createTestEvent(org.id, { name: "Second" })];
  const attendees = await createTestAttendees(first.id, 24);
  const [other] = await createTestAttendees(second.id, 1, { displayName: "Grace Hopper" });
  for (const attendee of [...attendees, other]) {
    await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "attendee.created", data: attendeePayload(attendee) }));
  }
  await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "event.updated", data: { id: first.id, name: "First" } }));
  return { org, first, second, other };
}

describe("previewEndpointShape", () => {
  it("runs the last 20 events of the chosen types through filter and transform, newest first", async () => {
    const { org, other } = await seed();
    const items = await previewEndpointShape(org.id, {
      eventTypes: ["attendee.created"],
      filter: `data.displayName = "Grace Hopper" or data.displayName = "Attendee 23"`,
      transform: `{"guest": data.displayName}`,
    });
    expect(items).toHaveLength(20);
    expect(items.every((item) => item.type === "attendee.created")).toBe(true);
    expect(items[0]).toMatchObject({ outcome: "send", body: `{"guest":"Grace Hopper"}`, error: null });
    expect(items[1]).toMatchObject({ outcome: "send", body: `{"guest":"Attendee 23"}` });
    expect(items.slice(2).every((item) => item.outcome === "filtered" && item.body === null)).toBe(true);
    expect(items[0].eventId).toBe((await getDb().webhookEvent.findFirstOrThrow({ where: { orgId: org.id, data: { path: ["id"], equals: other.id } } })).id);
  });

  it("limits to the chosen events and shows a transform error per event", async () => {
    const { org, second } = await seed();
    const items = await previewEndpointShape(org.id, { eventTypes: ["attendee.created", "event.updated"], eventIds: [second.id], transform: `$error("nope")` });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ outcome: "failed", body: null, error: expect.stringMatching(/^Transform error: nope/) });
  });

  it("refuses an expression that does not parse, naming the field", async () => {
    const { org } = await seed();
    const error = await previewEndpointShape(org.id, { eventTypes: ["attendee.created"], filter: "(((" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details).toMatchObject({ fields: { filter: { message: expect.stringMatching(/^The expression does not parse/) } } });
  });
});
