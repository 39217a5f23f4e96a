import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttendee } from "@/lib/attendees/create-attendee";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { createWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/webhooks/test-receiver";
import { runLocalWorkerTick } from "./local-worker";

// The worker sweeps every organization's due deliveries: a database of its own keeps it
// away from other files' deliveries.
isolateDatabase();

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

describe("local worker (no Inngest)", () => {
  it("delivers what a request recorded, and prunes once a day", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const { secret } = await createWebhookEndpoint(org.id, { url: receiver.url, eventTypes: ["attendee.created"] });
    receiver.secrets = [secret];

    const attendee = await createAttendee(org.id, event.id, { email: "ada@example.com" });
    // Without Inngest nothing has been sent yet: the delivery waits for a sweep.
    expect(receiver.received).toHaveLength(0);

    const state = { lastPruneAt: 0 };
    const first = await runLocalWorkerTick(state, Date.now());
    expect(first).toMatchObject({ deliveries: 1, pruned: true });
    const [delivered] = await receiver.waitFor(1);
    expect(delivered.body.type).toBe("attendee.created");
    expect(delivered.body.data.id).toBe(attendee.id);
    expect(delivered.verifiedWith).toEqual([true]);

    const second = await runLocalWorkerTick(state, Date.now());
    expect(second).toEqual({ deliveries: 0, imports: 0, pruned: false });
    expect(receiver.received).toHaveLength(1);
  });
});
