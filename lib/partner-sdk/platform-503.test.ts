import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlatformIntegrations } from "@/lib/platform/integrations-switch";
import { createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { PartnerApiError, PartnerClient } from "./src";

// The SDK's 503 handling against a real 503: the platform-wide switch is off, so the
// answer carries no Retry-After and the client backs off 1 s, 2 s, … and recovers when the
// switch is back on. The switch affects every organization: this file has its own database.
isolateDatabase();

let server: RouteServer;
beforeAll(async () => {
  server = await startRouteServer();
});
afterAll(async () => {
  await setPlatformIntegrations(true);
  await server?.close();
});

describe("503 INTEGRATIONS_DISABLED", () => {
  it("is retried with exponential backoff and succeeds once the switch is back on", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id);
    await setPlatformIntegrations(false);
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      if (waits.length === 2) await setPlatformIntegrations(true);
    };
    const me = await new PartnerClient({ baseUrl: `${server.baseUrl}/partner/v1`, apiKey: key.secret, sleep }).me();
    expect(me.org.id).toBe(org.id);
    expect(waits).toEqual([1000, 2000]);
  });

  it("gives up after maxRetries with the typed error", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id);
    await setPlatformIntegrations(false);
    const waits: number[] = [];
    const client = new PartnerClient({ baseUrl: `${server.baseUrl}/partner/v1`, apiKey: key.secret, maxRetries: 3, sleep: async (ms) => void waits.push(ms) });
    const error = await client.me().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({ status: 503, code: "INTEGRATIONS_DISABLED", retryAfterSeconds: undefined });
    expect(waits).toEqual([1000, 2000, 4000]);
    await setPlatformIntegrations(true);
  });
});
