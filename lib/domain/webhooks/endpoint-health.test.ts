import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { endpointHealth, endpointHealthLevels, healthLevel } from "./endpoint-health";
import { recordWebhookEvent } from "./outbox";

// Health figures from attempt rows written at known times and durations.

const HOUR = 3600_000;

async function withAttempts(attempts: { hoursAgo: number; ms: number; ok: boolean }[], now: Date) {
  const org = await createTestOrg();
  const endpoint = await getDb().webhookEndpoint.create({
    data: { orgId: org.id, url: "https://hooks.example.com/in", eventTypes: ["event.updated"], secretCiphertext: "unused", secretPrefix: "whsec_" },
  });
  const event = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org.id, type: "event.updated", data: { id: "e" } }));
  const delivery = await getDb().webhookDelivery.create({ data: { eventId: event.id, endpointId: endpoint.id, state: "succeeded" } });
  await getDb().webhookAttempt.createMany({
    data: attempts.map((attempt, index) => ({
      deliveryId: delivery.id,
      attemptNumber: index + 1,
      startedAt: new Date(now.getTime() - attempt.hoursAgo * HOUR),
      durationMs: attempt.ms,
      succeeded: attempt.ok,
      statusCode: attempt.ok ? 200 : 500,
    })),
  });
  return { org, endpoint };
}

describe("endpointHealth", () => {
  it("buckets success rate and p50/p95 per hour over 24 h and per day over 30 days, every bucket present", async () => {
    const now = new Date("2026-11-27T12:30:00.000Z");
    const { org, endpoint } = await withAttempts(
      [
        { hoursAgo: 0, ms: 100, ok: true },
        { hoursAgo: 0, ms: 300, ok: false },
        { hoursAgo: 0.2, ms: 200, ok: true },
        { hoursAgo: 5, ms: 50, ok: true },
        { hoursAgo: 24 * 10, ms: 900, ok: false },
      ],
      now,
    );
    const health = (await endpointHealth(org.id, endpoint.id, now))!;
    expect(health.hourly).toHaveLength(24);
    expect(health.daily).toHaveLength(30);
    expect(health.hourly.at(-1)).toEqual({ start: "2026-11-27T12:00:00.000Z", attempts: 3, successRate: 66.7, p50Ms: 200, p95Ms: 290 });
    expect(health.hourly.find((bucket) => bucket.start === "2026-11-27T07:00:00.000Z")).toMatchObject({ attempts: 1, successRate: 100, p50Ms: 50 });
    expect(health.hourly.filter((bucket) => bucket.attempts === 0).every((bucket) => bucket.successRate === null && bucket.p95Ms === null)).toBe(true);
    expect(health.daily.at(-1)).toMatchObject({ start: "2026-11-27T00:00:00.000Z", attempts: 4, successRate: 75 });
    expect(health.daily.find((bucket) => bucket.start === "2026-11-17T00:00:00.000Z")).toMatchObject({ attempts: 1, successRate: 0, p50Ms: 900 });
    expect(health.failureStreak).toBe(0);
    expect(await endpointHealth((await createTestOrg()).id, endpoint.id, now)).toBeNull();
  });

  it("gives the list a level per endpoint from the last 24 hours", async () => {
    const now = new Date();
    const { org, endpoint } = await withAttempts([{ hoursAgo: 1, ms: 10, ok: true }, { hoursAgo: 2, ms: 10, ok: false }], now);
    expect((await endpointHealthLevels(org.id, now)).get(endpoint.id)).toBe("degraded");
    expect(healthLevel({ attempts: 0, succeeded: 0, failureStreak: 0 })).toBe("no_traffic");
    expect(healthLevel({ attempts: 100, succeeded: 96, failureStreak: 0 })).toBe("healthy");
    expect(healthLevel({ attempts: 100, succeeded: 96, failureStreak: 12 })).toBe("failing");
    expect(healthLevel({ attempts: 10, succeeded: 4, failureStreak: 0 })).toBe("failing");
  });
});
