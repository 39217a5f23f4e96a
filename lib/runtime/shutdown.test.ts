import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import { sqlRows } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { releaseLeases } from "@/lib/domain/webhooks/claim";
import { runLocalWorkerTick } from "./local-worker";

// Shutdown in the middle of a sweep: nothing new is claimed once the signal fires, and
// the lease of an attempt still in flight is released, so the delivery is due again at
// once instead of staying claimed until its lease runs out.

isolateDatabase();

describe("worker shutdown", () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // The receiver holds each request 3 s: the attempt is in flight when shutdown comes.
    receiver = await startWebhookReceiver({ reply: () => ({ status: 200, delayMs: 3_000 }) });
  });
  afterAll(async () => {
    await receiver.close();
  });

  it("stops claiming and releases the leases of attempts in flight", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    await createWebhookEndpoint(org.id, { url: receiver.url, eventTypes: ["attendee.created"] }, OPERATOR);
    await createAttendee(org.id, event.id, { email: "in-flight@example.com" }, null);

    const shutdown = new AbortController();
    const leases = new Set<string>();
    const tick = runLocalWorkerTick({ lastPruneAt: Date.now() }, Date.now(), { signal: shutdown.signal, leases });
    await receiver.waitFor(1);
    expect(leases.size).toBe(1);
    const [deliveryId] = [...leases];
    const [leased] = await sqlRows<{ lockedUntil: Date | null }>`SELECT "lockedUntil" FROM "WebhookDelivery" WHERE id = ${deliveryId}::uuid`;
    expect(leased.lockedUntil).not.toBeNull();

    shutdown.abort();
    expect(await releaseLeases([...leases])).toBe(1);
    const [released] = await sqlRows<{ lockedUntil: Date | null; state: string }>`SELECT "lockedUntil", state FROM "WebhookDelivery" WHERE id = ${deliveryId}::uuid`;
    expect(released).toEqual({ lockedUntil: null, state: "pending" });

    // The attempt in flight still records its result when it finishes (at-least-once).
    await tick;
    expect(leases.size).toBe(0);
  });
});
