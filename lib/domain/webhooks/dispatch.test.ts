import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inngest, INNGEST_SEND_BUDGET_MS } from "@/lib/platform/jobs/client";
import { getDb } from "@/lib/platform/db/client";
import { updateEvent } from "@/lib/domain/events/update-event";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { dispatchSoon } from "./dispatch";
import { createWebhookEndpoint } from "./endpoints";
import { OPERATOR } from "@/lib/domain/audit/record";

// dispatchSoon after a commit: fans out at once, starts Inngest runs when Inngest is
// configured, and never fails or stalls the caller when it is not reachable.

let orgId: string;
let blackHole: net.Server;
let blackHoleUrl: string;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  await createWebhookEndpoint(orgId, { url: "http://127.0.0.1:9/hooks", eventTypes: ["event.updated"] }, OPERATOR);
  // Accepts connections and never answers: the worst case for a caller without a deadline.
  blackHole = net.createServer(() => {});
  await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
  blackHoleUrl = `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}`;
});
afterAll(async () => {
  blackHole.close();
});
afterEach(() => {
  inngest.setEnvVars({ ...process.env });
  vi.restoreAllMocks();
});

async function changeEvent() {
  const event = await createTestEvent(orgId);
  const started = Date.now();
  await updateEvent(orgId, event.id, { name: `Renamed ${started}` }, OPERATOR);
  const [recorded] = await getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["id"], equals: event.id } }, include: { deliveries: true } });
  return { elapsed: Date.now() - started, recorded };
}

describe("dispatchSoon", () => {
  it("fans out right after the commit and, with Inngest not configured, sends nothing", async () => {
    const send = vi.spyOn(inngest, "send");
    inngest.setEnvVars({});
    const { recorded } = await changeEvent();
    expect(recorded.dispatchedAt).not.toBeNull();
    expect(recorded.deliveries).toHaveLength(1);
    expect(send).not.toHaveBeenCalled();
  });

  it("starts one Inngest run per new delivery when Inngest is configured", async () => {
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: ["x"] } as never);
    inngest.setEnvVars({ INNGEST_EVENT_KEY: "test-key" });
    const { recorded } = await changeEvent();
    expect(send).toHaveBeenCalledTimes(1);
    const [payload] = send.mock.calls[0] as unknown as [{ name: string; data: unknown; id: string }[]];
    expect(payload).toEqual([
      expect.objectContaining({ name: "webhooks/delivery.created", data: { deliveryId: recorded.deliveries[0].id, endpointId: recorded.deliveries[0].endpointId, orgId: recorded.orgId }, id: `delivery-${recorded.deliveries[0].id}` }),
    ]);
  });

  it("swallows an Inngest that accepts connections and never answers, within the send deadline", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // The SDK reports each timed-out request itself; that is expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    inngest.setEnvVars({ INNGEST_EVENT_KEY: "test-key", INNGEST_EVENT_API_BASE_URL: blackHoleUrl });
    const { elapsed, recorded } = await changeEvent();
    expect(recorded.deliveries).toHaveLength(1);
    expect(elapsed).toBeLessThan(INNGEST_SEND_BUDGET_MS + 1_500);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("the sweep will deliver them"));
  }, 20_000);

  it("never throws, even when fan-out itself fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(dispatchSoon(["not-a-uuid"])).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Fan-out after commit failed"));
  });
});
