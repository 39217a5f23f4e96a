import { OPERATOR } from "@/lib/domain/audit/record";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { deliveryFilterQuery, getEndpointDelivery, listDeliveriesPage, parseDeliveryFilters } from "./list-deliveries";

// The console's delivery log: 30 days, newest first, filtered by state and type, paged,
// and scoped to the organization's endpoint.

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2027-05-01T12:00:00.000Z");
let orgId: string;
let endpointId: string;
let otherEndpointId: string;

/** One event and its delivery to `endpoint`, created `ageMs` before `now`. */
async function delivery(endpoint: string, type: string, state: "pending" | "succeeded" | "exhausted" | "cancelled", ageMs: number) {
  const createdAt = new Date(now.getTime() - ageMs);
  const event = await getDb().webhookEvent.create({ data: { orgId, type, data: {}, createdAt, dispatchedAt: createdAt } });
  return getDb().webhookDelivery.create({
    data: {
      eventId: event.id,
      endpointId: endpoint,
      state,
      createdAt,
      attemptCount: state === "pending" ? 0 : 1,
      attempts: state === "pending" ? undefined : { create: { attemptNumber: 1, startedAt: createdAt, durationMs: 5, statusCode: state === "succeeded" ? 200 : 500, succeeded: state === "succeeded" } },
    },
  });
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  endpointId = (await createWebhookEndpoint(orgId, { url: "http://127.0.0.1:9/a", eventTypes: ["attendee.created"] }, OPERATOR)).endpoint.id;
  otherEndpointId = (await createWebhookEndpoint(orgId, { url: "http://127.0.0.1:9/b", eventTypes: ["attendee.created"] }, OPERATOR)).endpoint.id;
  // 30 succeeded attendee.created (one per hour), 2 exhausted session.updated, one older than 30 days, one on another endpoint.
  for (let i = 0; i < 30; i++) await delivery(endpointId, "attendee.created", "succeeded", (i + 1) * 60 * 60 * 1000);
  await delivery(endpointId, "session.updated", "exhausted", 2 * DAY);
  await delivery(endpointId, "session.updated", "exhausted", 3 * DAY);
  await delivery(endpointId, "attendee.created", "succeeded", 31 * DAY);
  await delivery(otherEndpointId, "attendee.created", "succeeded", DAY);
});

describe("parseDeliveryFilters", () => {
  it("reads known states and types and ignores anything else", () => {
    expect(parseDeliveryFilters({ state: "exhausted", type: "ping", page: "2" })).toEqual({ state: "exhausted", type: "ping", page: 2 });
    expect(parseDeliveryFilters({ state: "deleted", type: "attendee.exploded", page: "-1" })).toEqual({ state: null, type: null, page: 1 });
    expect(parseDeliveryFilters({ state: ["succeeded", "pending"] })).toMatchObject({ state: "succeeded" });
    expect(deliveryFilterQuery({ state: "pending", type: "ping" }, 3)).toBe("?state=pending&type=ping&page=3");
    expect(deliveryFilterQuery({ state: null, type: null }, 1)).toBe("");
  });
});

describe("listDeliveriesPage", () => {
  it("pages the last 30 days of this endpoint only, newest first", async () => {
    const first = await listDeliveriesPage(orgId, endpointId, { state: null, type: null, page: 1 }, now);
    expect(first.page).toMatchObject({ total: 32, page: 1, from: 1, to: 25, lastPage: 2 });
    const times = first.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.rows[0].attempts).toEqual([expect.objectContaining({ attemptNumber: 1, statusCode: 200, succeeded: true })]);
    const second = await listDeliveriesPage(orgId, endpointId, { state: null, type: null, page: 2 }, now);
    expect(second.rows).toHaveLength(7);
    expect(second.rows.every((row) => now.getTime() - row.createdAt.getTime() <= 30 * DAY)).toBe(true);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(32);
  });

  it("filters by state and by event type", async () => {
    const exhausted = await listDeliveriesPage(orgId, endpointId, { state: "exhausted", type: null, page: 1 }, now);
    expect(exhausted.rows.map((row) => [row.eventType, row.state])).toEqual([
      ["session.updated", "exhausted"],
      ["session.updated", "exhausted"],
    ]);
    const created = await listDeliveriesPage(orgId, endpointId, { state: "succeeded", type: "attendee.created", page: 9 }, now);
    expect(created.page).toMatchObject({ total: 30, page: 2 });
    expect((await listDeliveriesPage(orgId, endpointId, { state: "pending", type: null, page: 1 }, now)).page.total).toBe(0);
  });

  it("answers 404 for another organization's endpoint, or a malformed id", async () => {
    const other = await createTestOrg();
    for (const [org, endpoint] of [
      [other.id, endpointId],
      [orgId, randomUUID()],
      [orgId, "nope"],
    ]) {
      const error = await listDeliveriesPage(org, endpoint, { state: null, type: null, page: 1 }, now).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("NOT_FOUND");
    }
  });
});

describe("getEndpointDelivery", () => {
  it("finds a delivery only through its own endpoint and organization", async () => {
    const [row] = (await listDeliveriesPage(orgId, endpointId, { state: "exhausted", type: null, page: 1 }, now)).rows;
    expect(await getEndpointDelivery(orgId, endpointId, row.id)).toMatchObject({ id: row.id, state: "exhausted", eventType: "session.updated" });
    const other = await createTestOrg();
    for (const [org, endpoint] of [
      [orgId, otherEndpointId],
      [other.id, endpointId],
    ]) {
      await expect(getEndpointDelivery(org, endpoint, row.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
