import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { flushRequestLog } from "@/lib/domain/request-log/record";
import { inngest } from "@/lib/platform/jobs/client";
import { getDb, getPgPool } from "@/lib/platform/db/client";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { createAttendee } from "./create-attendee";

// The Partner API's POST and PATCH of an attendee create the event's webhook deliveries in
// the write's own statement (outboxCtes with fanOut): the pipeline has just found the
// organization's integrations unlocked. The receivers are fan-out's (dispatch.ts), and no
// statement is left for after the response. Every other writer (console, CLI, imports)
// leaves the lock rule to fan-out after the commit.

let server: RouteServer;
let orgId: string;
let secret: string;
let eventId: string;
let subscribed: string;

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

function endpoint(org: string, eventTypes: string[], options: { enabled?: boolean } = {}) {
  return getDb().webhookEndpoint.create({
    data: { orgId: org, url: "https://hooks.example.com/in", eventTypes, secretCiphertext: "unused", secretPrefix: "whsec_", ...options },
    select: { id: true },
  });
}

/** The pool statements a request costs, including what runs after its response. */
async function countingStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  // Earlier requests' request-log rows are written off the response path (a batch on a
  // timer): written now, so no batch lands inside the work being counted.
  await flushRequestLog();
  const query = vi.spyOn(getPgPool(), "query");
  try {
    const result = await work();
    // Work deferred past the response (next/server `after`) would land now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { result, statements: query.mock.calls.length };
  } finally {
    query.mockRestore();
  }
}

/** The outbox row an attendee's write recorded, with its deliveries. */
const deliveriesOf = (type: string, attendeeId: string) =>
  getDb().webhookEvent.findFirstOrThrow({
    where: { orgId, type, data: { path: ["id"], equals: attendeeId } },
    include: { deliveries: { select: { endpointId: true, state: true } } },
  });

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  orgId = org.id;
  secret = (await createTestKey(orgId, ["attendees:write"])).secret;
  eventId = (await createTestEvent(orgId)).id;
  subscribed = (await endpoint(orgId, ["attendee.created", "attendee.updated"])).id;
  // Endpoints that must not receive: another type, a disabled one, another organization's.
  await endpoint(orgId, ["event.updated"]);
  await endpoint(orgId, ["attendee.created", "attendee.updated"], { enabled: false });
  await endpoint((await createTestOrg()).id, ["attendee.created", "attendee.updated"]);
  // The key's first use is recorded (lastUsedAt, at most once a minute): not counted below.
  expect((await fetch(`${server.baseUrl}/partner/v1/me`, { headers: bearer(secret) })).status).toBe(200);
});
afterAll(async () => server?.close());
afterEach(() => {
  inngest.setEnvVars({ ...process.env });
  vi.restoreAllMocks();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/partner/v1/events/${eventId}/attendees`, {
    method: "POST",
    headers: { ...bearer(secret), "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("POST and PATCH with a subscribed endpoint", () => {
  it("POST: the insert's statement creates the delivery and marks the row; two statements in all (key, insert)", async () => {
    const { result: response, statements } = await countingStatements(() => post({ email: unique("post") }));
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(statements).toBe(2);
    const recorded = await deliveriesOf("attendee.created", data.id);
    expect(recorded.dispatchedAt?.getTime()).toBe(recorded.createdAt.getTime());
    expect(recorded.deliveries).toEqual([{ endpointId: subscribed, state: "pending" }]);
  });

  it("PATCH: likewise; three statements in all (key, read, write)", async () => {
    const created = await (await post({ email: unique("patch") })).json();
    const { result: response, statements } = await countingStatements(() =>
      fetch(`${server.baseUrl}/partner/v1/events/${eventId}/attendees/${created.data.id}`, {
        method: "PATCH",
        headers: { ...bearer(secret), "content-type": "application/json" },
        body: JSON.stringify({ company: "Changed" }),
      }),
    );
    expect(response.status).toBe(200);
    expect(statements).toBe(3);
    const recorded = await deliveriesOf("attendee.updated", created.data.id);
    expect(recorded.dispatchedAt).not.toBeNull();
    expect(recorded.deliveries).toEqual([{ endpointId: subscribed, state: "pending" }]);
  });

  it("POST with an Idempotency-Key: the delivery commits with the stored response; a replay creates none", async () => {
    const headers = { "idempotency-key": crypto.randomUUID() };
    const body = { email: unique("idem") };
    const first = await post(body, headers);
    expect(first.status).toBe(201);
    const { data } = await first.json();
    const replay = await post(body, headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await deliveriesOf("attendee.created", data.id)).deliveries).toEqual([{ endpointId: subscribed, state: "pending" }]);
    expect(await getDb().webhookEvent.count({ where: { orgId, type: "attendee.created", data: { path: ["id"], equals: data.id } } })).toBe(1);
  });

  it("with Inngest configured, starts the run from what the statement returned (no statement to look it up)", async () => {
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: ["x"] } as never);
    inngest.setEnvVars({ INNGEST_EVENT_KEY: "test-key" });
    const { result: response, statements } = await countingStatements(() => post({ email: unique("inngest") }));
    const { data } = await response.json();
    expect(statements).toBe(2);
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { event: { data: { path: ["id"], equals: data.id } } } });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toEqual([
      expect.objectContaining({
        name: "webhooks/delivery.created",
        data: { deliveryId: delivery.id, endpointId: subscribed, orgId },
        id: `delivery-${delivery.id}`,
      }),
    ]);
  });
});

describe("other writers leave the lock to fan-out", () => {
  it("a console create for an organization whose integrations are locked records the event and creates no delivery", async () => {
    const locked = await createTestOrg();
    const lockedEvent = await createTestEvent(locked.id);
    await endpoint(locked.id, ["attendee.created"]);
    await setBilling(locked.id, { plan: "free" }, OPERATOR);
    const attendee = await createAttendee(locked.id, lockedEvent.id, { email: unique("console") }, null);
    const recorded = await getDb().webhookEvent.findFirstOrThrow({
      where: { orgId: locked.id, type: "attendee.created", data: { path: ["id"], equals: attendee.id } },
      include: { deliveries: true },
    });
    expect(recorded.dispatchedAt).not.toBeNull();
    expect(recorded.deliveries).toEqual([]);
  });
});
