import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { setPlatformIntegrations } from "@/lib/platform/integrations-switch";
import { bearer, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// The platform-wide switch affects every organization, so this file has its own database.
isolateDatabase();

let server: RouteServer;
beforeAll(async () => {
  server = await startRouteServer();
});
afterAll(async () => server.close());

describe("platform-wide integrations switch", () => {
  it("answers 503 INTEGRATIONS_DISABLED before organization and billing checks, and recovers", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id, ["events:read"]);
    await getDb().organization.update({ where: { id: org.id }, data: { status: "suspended", billingPlan: "free" } });

    await setPlatformIntegrations(false);
    const response = await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(key.secret) });
    const body = await response.json();
    expect(response.status).toBe(503);
    expect(body.error.code).toBe("INTEGRATIONS_DISABLED");
    expect(body.error.details).toBeUndefined();
    expect(body.error.requestId).toBe(response.headers.get("x-request-id"));

    // Bad credentials are still 401 while switched off: credentials are checked first.
    const anonymous = await fetch(`${server.baseUrl}/partner/v1/me`);
    expect(anonymous.status).toBe(401);

    await setPlatformIntegrations(true);
    await getDb().organization.update({ where: { id: org.id }, data: { status: "active", billingPlan: "card" } });
    const after = await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(key.secret) });
    expect(after.status).toBe(200);
  });
});
