import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/cron/tick/route";
import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { isolateDatabase } from "@/lib/testing/isolated-database";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// The cron path without Inngest: refused without the right CRON_SECRET (nothing runs),
// and with it the same sweep the worker runs delivers what is due.

// The sweep takes every organization's due deliveries: a database of this file's own.
isolateDatabase();

const SECRET = "cron-secret-0123456789abcdef";
const call = (authorization?: string) =>
  GET(new Request("http://127.0.0.1/api/cron/tick", { headers: authorization ? { authorization } : {} }));

describe("cron route", () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  afterEach(() => {
    delete process.env.CRON_SECRET;
  });

  it("is disabled while CRON_SECRET is not configured", async () => {
    const response = await call(`Bearer ${SECRET}`);
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { reason: "cron_not_configured" } });
  });

  it.each([
    ["no Authorization header", undefined, "missing_key"],
    ["another scheme", `Basic ${SECRET}`, "missing_key"],
    ["a wrong secret", "Bearer cron-secret-0123456789abcdeX", "invalid_key"],
    ["a prefix of the secret", `Bearer ${SECRET.slice(0, -1)}`, "invalid_key"],
  ])("answers 401 to %s and runs nothing", async (_name, authorization, reason) => {
    process.env.CRON_SECRET = SECRET;
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const { secret } = await createWebhookEndpoint(org.id, { url: receiver.url, eventTypes: ["attendee.created"] }, OPERATOR);
    receiver.secrets = [secret];
    receiver.received.length = 0;
    await createAttendee(org.id, event.id, { email: "cron-401@example.com" }, null);

    const response = await call(authorization);
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: "UNAUTHORIZED", details: { reason } });
    expect(body.error.requestId).toMatch(/^req_/);
    expect(receiver.received).toHaveLength(0);
  });

  it("runs the sweep, the due imports and the prune with the right secret", async () => {
    process.env.CRON_SECRET = SECRET;
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const { secret } = await createWebhookEndpoint(org.id, { url: receiver.url, eventTypes: ["attendee.created"] }, OPERATOR);
    receiver.secrets = [secret];
    receiver.received.length = 0;
    const attendee = await createAttendee(org.id, event.id, { email: "cron-ok@example.com" }, null);

    const response = await call(`Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.deliveries.attempted).toBeGreaterThanOrEqual(1);
    expect(body.pruned).toEqual({ deliveries: expect.any(Number), events: expect.any(Number), requests: expect.any(Number), auditEntries: expect.any(Number) });
    expect(body.imports).toEqual({ ran: expect.any(Number), failed: expect.any(Number) });
    const delivered = await receiver.waitFor(1);
    expect(delivered.some((d) => d.body.data.id === attendee.id)).toBe(true);
  });
});
