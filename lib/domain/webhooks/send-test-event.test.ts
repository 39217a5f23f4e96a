import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { fanOutEvents } from "./dispatch";
import { createWebhookEndpoint, updateWebhookEndpoint } from "./endpoints";
import { PING_NOT_SUBSCRIBABLE, type SubscribableEventType } from "./endpoint-input";
import { recordWebhookEvent } from "./outbox";
import { attendeePayload } from "./payloads";
import { runDueDeliveries } from "./run-due";
import { sendTestEvent } from "./send-test-event";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Test events from the console: data from the organization's own records (or marked
// sample data), signed and delivered by the real delivery code to a verifying receiver,
// marked as tests, attempted once and never counted toward auto-disable.

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function setup(eventTypes: SubscribableEventType[], replies: Reply[] = []) {
  const org = await createTestOrg();
  const hook = await startWebhookReceiver({ reply: () => replies.shift() ?? { status: 200, body: "ok" } });
  receivers.push(hook);
  const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes }, OPERATOR);
  hook.secrets = [secret];
  return { org, hook, endpoint };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("sendTestEvent", () => {
  it("sends the organization's latest attendee as attendee.created, signed, to this endpoint only, marked test", async () => {
    const { org, hook, endpoint } = await setup(["attendee.created"]);
    const other = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["attendee.created"] }, OPERATOR);
    const event = await createTestEvent(org.id);
    const attendees = await createTestAttendees(event.id, 3);
    const latest = attendees.at(-1)!;

    const sent = await sendTestEvent(org.id, endpoint.id, "attendee.created");
    expect(sent).toMatchObject({ type: "attendee.created", source: "organization" });
    await runDueDeliveries({ orgId: org.id });
    const [request] = await hook.waitFor(1);
    expect(request.verifiedWith).toEqual([true]);
    expect(request.body).toMatchObject({ id: sent.eventId, type: "attendee.created" });
    expect(request.body.data).toEqual(JSON.parse(JSON.stringify(attendeePayload({ ...latest, email: latest.email }))));

    const stored = await getDb().webhookEvent.findUniqueOrThrow({ where: { id: sent.eventId }, include: { deliveries: true } });
    expect(stored.test).toBe(true);
    expect(stored.deliveries.map((d) => d.endpointId)).toEqual([endpoint.id]);
    expect(await getDb().webhookDelivery.count({ where: { endpointId: other.endpoint.id } })).toBe(0);
  });

  it("falls back to clearly marked sample data when the organization has no such record", async () => {
    const { org, hook, endpoint } = await setup(["session.updated"]);
    const sent = await sendTestEvent(org.id, endpoint.id, "session.updated");
    expect(sent.source).toBe("sample");
    await runDueDeliveries({ orgId: org.id });
    const [request] = await hook.waitFor(1);
    expect(request.body.data).toMatchObject({ id: "00000000-0000-4000-8000-000000000000", title: "Sample session (test webhook)" });
    expect(Object.keys(request.body.data as object).sort()).toEqual(
      ["id", "eventId", "title", "description", "type", "startAt", "endAt", "trackId", "room", "capacity"].sort(),
    );
  });

  it("refuses a type the endpoint does not subscribe to, an unknown type, and a disabled endpoint, writing nothing", async () => {
    const { org, endpoint } = await setup(["feedback.created"]);
    for (const type of ["attendee.created", "attendee.exploded", ""]) {
      const error = await refusal(sendTestEvent(org.id, endpoint.id, type));
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.details).toMatchObject({ fields: { type: { message: "Not a type this endpoint receives." } } });
    }
    await updateWebhookEndpoint(org.id, endpoint.id, { enabled: false }, OPERATOR);
    const disabled = await refusal(sendTestEvent(org.id, endpoint.id, "ping"));
    expect(disabled.details).toEqual({ reason: "endpoint_disabled" });
    expect(await getDb().webhookEvent.count({ where: { orgId: org.id } })).toBe(0);
  });

  it("attempts a failing test once, without retries or a failure count; a real event still retries and counts", async () => {
    const { org, hook, endpoint } = await setup(["feedback.created"], [{ status: 500 }, { status: 500 }]);
    const sent = await sendTestEvent(org.id, endpoint.id, "feedback.created");
    await runDueDeliveries({ orgId: org.id });
    await hook.waitFor(1);
    const test = await getDb().webhookDelivery.findUniqueOrThrow({ where: { id: sent.deliveryId } });
    expect(test).toMatchObject({ state: "exhausted", attemptCount: 1, nextAttemptAt: null });
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).consecutiveFailures).toBe(0);

    const real = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "feedback.created", data: { id: "f" } }));
    await fanOutEvents({ eventIds: [real.id] });
    await runDueDeliveries({ orgId: org.id });
    await hook.waitFor(2);
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { eventId: real.id } });
    expect(delivery.state).toBe("pending");
    expect(delivery.nextAttemptAt).not.toBeNull();
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).consecutiveFailures).toBe(1);
  });

  it("explains why ping cannot be subscribed to", async () => {
    const org = await createTestOrg();
    const error = await refusal(createWebhookEndpoint(org.id, { url: "https://example.com/hooks", eventTypes: ["ping" as never] }, OPERATOR));
    expect(error.details).toMatchObject({ fields: { "eventTypes.0": { message: PING_NOT_SUBSCRIBABLE } } });
  });
});
