import { OPERATOR } from "@/lib/domain/audit/record";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { OPERATIONS } from "@/lib/partner-api/openapi/operations";
import { createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { signPayload } from "@/lib/domain/webhooks/signature";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { OPERATION_PATHS, PartnerApiError, PartnerClient, verifyWebhook, WebhookVerificationError } from "./src";

// The SDK against the real route handlers on a real database: typed reads, paging by
// cursor, typed errors, retry of a real 429 honouring Retry-After, and verification of a
// webhook the service really delivered.

let server: RouteServer;
let hook: WebhookReceiver;
let orgId: string;
let keyId: string;
let apiKey: string;
let eventId: string;
let archivedEventId: string;
let attendeeIds: string[];
let signingSecret: string;

const client = (options: Partial<ConstructorParameters<typeof PartnerClient>[0]> = {}) =>
  new PartnerClient({ baseUrl: `${server.baseUrl}/partner/v1`, apiKey, ...options });

beforeAll(async () => {
  server = await startRouteServer();
  hook = await startWebhookReceiver();
  const org = await createTestOrg();
  orgId = org.id;
  const key = await createTestKey(org.id);
  keyId = key.id;
  apiKey = key.secret;
  const event = await createTestEvent(org.id, { status: "published" });
  eventId = event.id;
  archivedEventId = (await createTestEvent(org.id, { status: "archived" })).id;
  attendeeIds = (await createTestAttendees(event.id, 7)).map((attendee) => attendee.id);
  const { secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["attendee.created"] }, OPERATOR);
  signingSecret = secret;
});
afterAll(async () => {
  await hook?.close();
  await server?.close();
});

describe("typed methods", () => {
  it("cover every operation of the document", () => {
    expect(Object.keys(OPERATION_PATHS).sort()).toEqual(OPERATIONS.map((operation) => operation.operationId).sort());
    for (const operation of OPERATIONS) expect(OPERATION_PATHS[operation.operationId as keyof typeof OPERATION_PATHS]).toBe(operation.path);
  });

  it("me() and events.get() return the resources", async () => {
    const me = await client().me();
    expect(me.org.id).toBe(orgId);
    expect(me.key.id).toBe(keyId);
    const event = await client().events.get(eventId);
    expect(event).toMatchObject({ id: eventId, status: "published" });
    expect((await client().tracks.list(eventId))).toEqual([]);
  });

  it("walks a multi-page list with for await, and exposes single pages", async () => {
    const seen: string[] = [];
    for await (const attendee of client().attendees.list(eventId, { limit: 3 })) seen.push(attendee.id);
    expect(seen).toEqual(attendeeIds);

    const first = await client().attendees.list(eventId, { limit: 3 }).page();
    expect(first.data.map((attendee) => attendee.id)).toEqual(attendeeIds.slice(0, 3));
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const second = await client().attendees.list(eventId, { limit: 3 }).page(first.meta.nextCursor!);
    expect(second.data.map((attendee) => attendee.id)).toEqual(attendeeIds.slice(3, 6));

    const pages = [];
    for await (const page of client().attendees.list(eventId, { limit: 3 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([3, 3, 1]);
  });

  it("creates and updates an attendee", async () => {
    const created = await client().attendees.create(eventId, { email: "sdk.create@example.com", displayName: "Sdk Create" });
    expect(created).toMatchObject({ email: "sdk.create@example.com", status: "invited" });
    const updated = await client().attendees.update(eventId, created.id, { jobTitle: "Engineer" });
    expect(updated).toMatchObject({ id: created.id, jobTitle: "Engineer", displayName: "Sdk Create" });
    expect(await client().attendees.get(eventId, created.id)).toEqual(updated);
  });

  it("sends an Idempotency-Key on create: the retry replays the first attendee", async () => {
    const idempotencyKey = randomUUID();
    const body = { email: "sdk.idempotent@example.com", displayName: "Sdk Idempotent" };
    const first = await client().attendees.create(eventId, body, { idempotencyKey });
    expect(await client().attendees.create(eventId, body, { idempotencyKey })).toEqual(first);
    // Without the key the same body is a second create, refused as a duplicate.
    const error = (await client().attendees.create(eventId, body).catch((caught: unknown) => caught)) as PartnerApiError;
    expect(error).toMatchObject({ status: 409, reason: "attendee_exists" });
  });
});

describe("typed errors", () => {
  it("a 404 is a PartnerApiError with status, code and requestId", async () => {
    const error = await client().events.get(randomUUID()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect((error as PartnerApiError).requestId).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it("a 409 carries details.reason and the details the API sent", async () => {
    const first = await client().attendees.create(eventId, { email: "sdk.twice@example.com" });
    const error = (await client().attendees.create(eventId, { email: "SDK.Twice@example.com" }).catch((caught: unknown) => caught)) as PartnerApiError;
    expect(error).toMatchObject({ status: 409, code: "CONFLICT", reason: "attendee_exists", details: { attendeeId: first.id } });
    const archived = (await client().attendees.create(archivedEventId, { email: "late@example.com" }).catch((caught: unknown) => caught)) as PartnerApiError;
    expect(archived).toMatchObject({ status: 409, code: "CONFLICT", reason: "event_archived" });
  });

  it("a 400 names the failing field", async () => {
    const error = (await client().attendees.create(eventId, { email: "not-an-address" }).catch((caught: unknown) => caught)) as PartnerApiError;
    expect(error).toMatchObject({ status: 400, code: "INVALID_INPUT", reason: "invalid_body" });
    expect(Object.keys(error.details!.fields as object)).toContain("email");
  });
});

describe("retries", () => {
  async function useUpRateLimit() {
    await getDb().$executeRaw`
      INSERT INTO "RateLimitCounter" ("keyId", "windowStart", "count") VALUES (${keyId}::uuid, clock_timestamp(), 600)
      ON CONFLICT ("keyId") DO UPDATE SET "windowStart" = clock_timestamp(), "count" = 600`;
  }

  it("retries a real 429 after the Retry-After the server sent, then succeeds", async () => {
    await useUpRateLimit();
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      // Stands in for the wait: the key's window is over once the client has waited.
      await getDb().$executeRaw`UPDATE "RateLimitCounter" SET "windowStart" = clock_timestamp() - interval '61 seconds' WHERE "keyId" = ${keyId}::uuid`;
    };
    const me = await client({ sleep }).me();
    expect(me.key.id).toBe(keyId);
    expect(waits).toHaveLength(1);
    // Retry-After is the seconds left in a window that just opened: close to 60.
    expect(waits[0]).toBeGreaterThanOrEqual(55_000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(waits[0] % 1000).toBe(0);
  });

  it("gives up after maxRetries and throws the typed 429", async () => {
    await useUpRateLimit();
    const waits: number[] = [];
    const error = (await client({ maxRetries: 2, sleep: async (ms) => void waits.push(ms) })
      .me()
      .catch((caught: unknown) => caught)) as PartnerApiError;
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", reason: "rate_limited" });
    expect(error.retryAfterSeconds).toBe(error.details!.retryAfterSeconds);
    expect(waits).toHaveLength(2);
    await getDb().$executeRaw`DELETE FROM "RateLimitCounter" WHERE "keyId" = ${keyId}::uuid`;
  });

  it("does not retry what cannot succeed (404)", async () => {
    const waits: number[] = [];
    await expect(client({ sleep: async (ms) => void waits.push(ms) }).events.get(randomUUID())).rejects.toMatchObject({ status: 404 });
    expect(waits).toEqual([]);
  });
});

describe("verifyWebhook", () => {
  it("verifies a delivery the service really sent, with rotation overlap and tolerance", async () => {
    const created = await client().attendees.create(eventId, { email: "sdk.webhook@example.com" });
    await runDueDeliveries({ orgId });
    // The attendees created by the earlier tests of this file were delivered too: three in all.
    const delivery = (await hook.waitFor(3)).find((request) => request.rawBody.includes("sdk.webhook@example.com"))!;
    expect(delivery).toBeDefined();
    const header = delivery.headers["x-service-signature"] as string;

    const event = verifyWebhook(delivery.rawBody, header, ["whsec_not_this_one", signingSecret]);
    expect(event.type).toBe("attendee.created");
    if (event.type === "attendee.created") expect(event.data.id).toBe(created.id);
    expect(verifyWebhook(Buffer.from(delivery.rawBody, "utf8"), header, signingSecret).id).toBe(JSON.parse(delivery.rawBody).id);

    // During a roll the service signs with both secrets: either one alone verifies.
    const rolled = signPayload(delivery.rawBody, ["whsec_rolled_in", signingSecret]);
    expect(verifyWebhook(delivery.rawBody, rolled, [signingSecret]).type).toBe("attendee.created");
    expect(verifyWebhook(delivery.rawBody, rolled, ["whsec_rolled_in"]).type).toBe("attendee.created");

    const reason = (run: () => unknown) => {
      try {
        run();
        return "accepted";
      } catch (error) {
        return error instanceof WebhookVerificationError ? error.reason : String(error);
      }
    };
    expect(reason(() => verifyWebhook(delivery.rawBody.replace("sdk.webhook", "sdk.tampered"), header, [signingSecret]))).toBe("no_matching_signature");
    expect(reason(() => verifyWebhook(delivery.rawBody, header, ["whsec_other"]))).toBe("no_matching_signature");
    const signedAt = Number(/t=(\d+)/.exec(header)![1]);
    expect(reason(() => verifyWebhook(delivery.rawBody, header, [signingSecret], { now: signedAt + 301 }))).toBe("timestamp_outside_tolerance");
    expect(reason(() => verifyWebhook(delivery.rawBody, header, [signingSecret], { now: signedAt + 301, toleranceSeconds: 600 }))).toBe("accepted");
    expect(reason(() => verifyWebhook(delivery.rawBody, undefined, [signingSecret]))).toBe("missing_header");
    expect(reason(() => verifyWebhook(delivery.rawBody, "v1=abc", [signingSecret]))).toBe("malformed_header");
  });
});
