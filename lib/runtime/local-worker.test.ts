import { OPERATOR } from "@/lib/domain/audit/record";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import { getDb } from "@/lib/platform/db/client";
import { createDataSource } from "@/lib/domain/imports/data-sources";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { runLocalWorkerTick, startLocalWorker } from "./local-worker";

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
    const { secret } = await createWebhookEndpoint(org.id, { url: receiver.url, eventTypes: ["attendee.created"] }, OPERATOR);
    receiver.secrets = [secret];

    const attendee = await createAttendee(org.id, event.id, { email: "ada@example.com" }, null);
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

  it("a data source that never answers does not hold back another organization's deliveries", { timeout: 60_000 }, async () => {
    // Accepts the connection and never answers: the import waits for its 20 s deadline.
    const stuck = new Set<net.Socket>();
    const silent = net.createServer((socket) => stuck.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const slowOrg = await createTestOrg();
    const source = await createDataSource(slowOrg.id, {
      name: "slow partner",
      eventId: (await createTestEvent(slowOrg.id)).id,
      target: "attendees",
      url: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/attendees`,
      mapping: { fields: { email: { path: "email" } } },
      schedule: "hourly",
    }, OPERATOR);
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const hook = await startWebhookReceiver();
    const { secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["attendee.created"] }, OPERATOR);
    hook.secrets = [secret];

    const worker = startLocalWorker({ tickMs: 100 });
    try {
      await expect.poll(() => stuck.size, { timeout: 5_000 }).toBeGreaterThan(0);
      // The import lane is now stuck until its 20 s deadline; a change in another
      // organization is delivered by the next delivery tick anyway. (The bound leaves
      // room for a loaded machine; held back, it would be the import's 20 s.)
      await createAttendee(org.id, event.id, { email: "grace@example.com" }, null);
      const started = Date.now();
      await hook.waitFor(1, 5_000);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await worker.stop(0);
      await hook.close();
      // Unstick the import so it records its failure before the database goes away.
      for (const socket of stuck) socket.destroy();
      silent.close();
    }
    await expect
      .poll(() => getDb().dataSourceRun.count({ where: { dataSourceId: source.id, finishedAt: { not: null } } }), { timeout: 10_000 })
      .toBe(1);
  });
});
