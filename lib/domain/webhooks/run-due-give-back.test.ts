import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint } from "./endpoints";
import { recordWebhookEvent } from "./outbox";
import { runDueDeliveries } from "./run-due";
import { startWebhookReceiver } from "@/lib/testing/webhook-receiver";

// A failure gives the endpoint's other claimed deliveries back (run-due.ts). When the
// sweep's next claim runs while that give-back is being written, the claim cannot see
// those rows; the sweep must claim again instead of ending without them. The race is made
// certain here: every claim returns only after the give-back in progress has finished.

const raced = vi.hoisted(() => ({ releasing: null as Promise<unknown> | null }));
vi.mock("./claim", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./claim")>();
  return {
    ...actual,
    // Written a little later, so a claim that starts meanwhile still sees the leases.
    releaseLeases: (ids: string[]) => {
      const releasing = new Promise((resolve) => setTimeout(resolve, 50)).then(() => actual.releaseLeases(ids));
      raced.releasing = releasing;
      return releasing;
    },
    claimDueDeliveries: async (...args: Parameters<typeof actual.claimDueDeliveries>) => {
      const releasing = raced.releasing;
      const claimed = await actual.claimDueDeliveries(...args);
      if (releasing) {
        await releasing;
        // The sweep's own bookkeeping of that give-back runs first.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return claimed;
    },
  };
});

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

describe("a sweep whose claim races a give-back", () => {
  it("still attempts every due delivery once", async () => {
    const org = await createTestOrg();
    const hook = await startWebhookReceiver({ reply: () => ({ status: 500, body: "down" }) });
    closers.push(() => hook.close());
    const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["event.updated"] }, OPERATOR);
    hook.secrets = [secret];
    for (let n = 0; n < 2; n++) {
      await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "event.updated", data: { n } }));
    }

    // One slot: the second delivery is claimed behind the first and given back when the
    // first fails; the claim after that comes back empty (the endpoint's breaker holds it),
    // with nothing left in flight. At the probe time it goes.
    const t0 = new Date();
    const summary = await runDueDeliveries({ orgId: org.id, concurrency: 1, now: t0 });
    expect(summary.outcomes.failed).toBe(1);
    const { probeAt } = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    await runDueDeliveries({ orgId: org.id, concurrency: 1, now: probeAt! });

    expect(hook.received).toHaveLength(2);
    const deliveries = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.map((delivery) => delivery.attemptCount)).toEqual([1, 1]);
  });
});
