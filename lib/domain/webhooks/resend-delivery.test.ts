import { OPERATOR } from "@/lib/domain/audit/record";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { createTestOrg } from "@/lib/testing/fixtures";
import { attemptDelivery } from "./deliver";
import { fanOutEvents } from "./dispatch";
import { createWebhookEndpoint, updateWebhookEndpoint } from "./endpoints";
import { recordWebhookEvent } from "./outbox";
import { MAX_ATTEMPTS } from "./schedule";
import { resendDelivery } from "./resend-delivery";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "@/lib/testing/webhook-receiver";

// Resending a logged delivery: the same row re-opened (the unique (eventId, endpointId)
// allows no second one), due now, its attempt history kept and numbered on; refused while
// locked, for a disabled endpoint, during an attempt in flight, and across organizations.

let hook: WebhookReceiver;
let replies: Reply[] = [];
let orgId: string;
let endpointId: string;

beforeAll(async () => {
  hook = await startWebhookReceiver({ reply: () => replies.shift() ?? { status: 200, body: "ok" } });
  orgId = (await createTestOrg()).id;
  const created = await createWebhookEndpoint(orgId, { url: hook.url, eventTypes: ["session.created"] }, OPERATOR);
  endpointId = created.endpoint.id;
  hook.secrets = [created.secret];
});
afterAll(async () => hook?.close());

async function newDelivery(org = orgId): Promise<string> {
  const event = await getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId: org, type: "session.created", data: { id: randomUUID() } }));
  const { deliveryIds } = await fanOutEvents({ eventIds: [event.id] });
  expect(deliveryIds).toHaveLength(1);
  return deliveryIds[0];
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const row = (id: string) => getDb().webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attempts: { orderBy: { attemptNumber: "asc" } } } });

describe("resendDelivery", () => {
  it("re-opens a succeeded delivery; the receiver gets the same event again as attempt 2", async () => {
    const deliveryId = await newDelivery();
    expect(await attemptDelivery(deliveryId)).toMatchObject({ kind: "succeeded", attemptNumber: 1 });
    const before = hook.received.length;

    const now = new Date();
    const resent = await resendDelivery(orgId, deliveryId, now);
    expect(resent).toMatchObject({ deliveryId, endpointId, previousState: "succeeded", attemptCount: 1 });
    expect(await row(deliveryId)).toMatchObject({ state: "pending", nextAttemptAt: now, completedAt: null, attemptCount: 1 });

    expect(await attemptDelivery(deliveryId)).toMatchObject({ kind: "succeeded", attemptNumber: 2 });
    const [first, second] = hook.received.slice(before - 1);
    expect(second.body.id).toBe(first.body.id);
    expect(second.rawBody).toBe(first.rawBody);
    expect(second.headers["x-service-delivery-attempt"]).toBe("2");
    expect(second.verifiedWith).toEqual([true]);
    const after = await row(deliveryId);
    expect(after).toMatchObject({ state: "succeeded", attemptCount: 2 });
    expect(after.attempts.map((a) => [a.attemptNumber, a.succeeded])).toEqual([[1, true], [2, true]]);
  });

  it("re-opens an exhausted delivery: the attempt log is kept and numbering continues past the seventh", async () => {
    const deliveryId = await newDelivery();
    // Seven failed attempts, as the schedule would have made them over a day.
    await getDb().webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        state: "exhausted",
        attemptCount: MAX_ATTEMPTS,
        nextAttemptAt: null,
        completedAt: new Date(),
        attempts: {
          create: Array.from({ length: MAX_ATTEMPTS }, (_, i) => ({
            attemptNumber: i + 1,
            startedAt: new Date(Date.now() - (MAX_ATTEMPTS - i) * 60_000),
            durationMs: 12,
            statusCode: 500,
            succeeded: false,
          })),
        },
      },
    });

    await resendDelivery(orgId, deliveryId);
    replies = [{ status: 503 }];
    // One extra try: its failure exhausts the delivery again rather than starting new retries.
    expect(await attemptDelivery(deliveryId)).toMatchObject({ kind: "exhausted", attemptNumber: MAX_ATTEMPTS + 1 });
    const failedAgain = await row(deliveryId);
    expect(failedAgain).toMatchObject({ state: "exhausted", attemptCount: MAX_ATTEMPTS + 1, nextAttemptAt: null });
    expect(failedAgain.attempts.map((a) => a.statusCode)).toEqual([...Array(MAX_ATTEMPTS).fill(500), 503]);

    await resendDelivery(orgId, deliveryId);
    expect(await attemptDelivery(deliveryId)).toMatchObject({ kind: "succeeded", attemptNumber: MAX_ATTEMPTS + 2 });
    expect(await row(deliveryId)).toMatchObject({ state: "succeeded", attemptCount: MAX_ATTEMPTS + 2 });
  });

  it("makes a pending delivery that waits for its retry due now", async () => {
    const deliveryId = await newDelivery();
    const later = new Date(Date.now() + 60 * 60_000);
    await getDb().webhookDelivery.update({ where: { id: deliveryId }, data: { attemptCount: 2, nextAttemptAt: later } });
    const now = new Date();
    await resendDelivery(orgId, deliveryId, now);
    expect(await row(deliveryId)).toMatchObject({ state: "pending", attemptCount: 2, nextAttemptAt: now });
  });

  it("refuses while an attempt holds the lease (409 delivery_in_progress) and changes nothing", async () => {
    const deliveryId = await newDelivery();
    const leased = new Date(Date.now() + 30_000);
    const later = new Date(Date.now() + 60 * 60_000);
    await getDb().webhookDelivery.update({ where: { id: deliveryId }, data: { lockedUntil: leased, nextAttemptAt: later } });
    const error = await refusal(resendDelivery(orgId, deliveryId));
    expect([error.code, error.details?.reason]).toEqual(["CONFLICT", "delivery_in_progress"]);
    expect(await row(deliveryId)).toMatchObject({ state: "pending", nextAttemptAt: later, lockedUntil: leased });
  });

  it("refuses for a disabled endpoint (409 endpoint_disabled)", async () => {
    const org = await createTestOrg();
    const { endpoint } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["session.created"] }, OPERATOR);
    const deliveryId = await newDelivery(org.id);
    await updateWebhookEndpoint(org.id, endpoint.id, { enabled: false }, OPERATOR);
    const error = await refusal(resendDelivery(org.id, deliveryId));
    expect([error.code, error.details?.reason]).toEqual(["CONFLICT", "endpoint_disabled"]);
    expect(await row(deliveryId)).toMatchObject({ state: "cancelled" });
  });

  it("refuses while integrations are locked, with the API's reason, and changes nothing", async () => {
    const org = await createTestOrg();
    await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["session.created"] }, OPERATOR);
    const deliveryId = await newDelivery(org.id);
    expect(await attemptDelivery(deliveryId)).toMatchObject({ kind: "succeeded" });
    await setBilling(org.id, { plan: "free" }, OPERATOR);
    const error = await refusal(resendDelivery(org.id, deliveryId));
    expect([error.code, error.details?.reason]).toEqual(["PAYMENT_REQUIRED", "payment_required"]);
    expect(await row(deliveryId)).toMatchObject({ state: "succeeded", nextAttemptAt: null });
  });

  it("answers 404 for another organization's delivery, an unknown id and a malformed one", async () => {
    const deliveryId = await newDelivery();
    const other = await createTestOrg();
    for (const [org, id] of [
      [other.id, deliveryId],
      [orgId, randomUUID()],
      [orgId, "not-a-uuid"],
    ]) {
      const error = await refusal(resendDelivery(org, id));
      expect([error.code, error.message]).toEqual(["NOT_FOUND", "No such webhook delivery."]);
    }
    expect(await row(deliveryId)).toMatchObject({ state: "pending", attemptCount: 0 });
  });
});
