import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { feedbackPayload } from "@/lib/domain/webhooks/payloads";
import { createFeedback } from "./create-feedback";
import { OPERATOR } from "@/lib/domain/audit/record";

let orgId: string;
let eventId: string;
let attendeeId: string;
let sessionId: string;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
  attendeeId = (await createTestAttendees(eventId, 1))[0].id;
  sessionId = (
    await getDb().session.create({
      data: { eventId, title: "Talk", type: "talk", startAt: new Date("2027-03-01T09:00:00Z"), endAt: new Date("2027-03-01T10:00:00Z") },
    })
  ).id;
});

describe("createFeedback", () => {
  it.each([
    [{ kind: "feedback", comment: "Loved it" }, { rating: null, comment: "Loved it" }],
    [{ kind: "suggestion", comment: "More coffee" }, { rating: null }],
    [{ kind: "rating", rating: 3 }, { rating: 3, comment: null }],
    [{ kind: "review", rating: 5, comment: "Great", sessionId: "SESSION", attendeeId: "ATTENDEE" }, { rating: 5, sessionId: "SESSION", attendeeId: "ATTENDEE" }],
  ] as const)("records %o and feedback.created without attendeeId", async (input, expected) => {
    const fill = (value: unknown) => (value === "SESSION" ? sessionId : value === "ATTENDEE" ? attendeeId : value);
    const resolved = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, fill(v)]));
    const feedback = await createFeedback(orgId, { eventId, ...resolved } as never, OPERATOR);
    expect(feedback).toMatchObject(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, fill(v)])));
    const row = await getDb().feedback.findUniqueOrThrow({ where: { id: feedback.id } });
    const [recorded] = await getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["id"], equals: feedback.id } } });
    expect(recorded.type).toBe("feedback.created");
    expect(recorded.data).toEqual(feedbackPayload(row));
    expect(recorded.data).not.toHaveProperty("attendeeId");
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a rating without a score", { kind: "rating" }, "rating"],
    ["a review without a comment", { kind: "review", rating: 4 }, "comment"],
    ["feedback with a score", { kind: "feedback", comment: "x", rating: 2 }, "rating"],
    ["feedback without a comment", { kind: "feedback", comment: "   " }, "comment"],
    ["a score of 6", { kind: "rating", rating: 6 }, "rating"],
    ["an unknown kind", { kind: "rant", comment: "x" }, "kind"],
    ["an attendee of another event", { kind: "rating", rating: 1, attendeeId: "OTHER_ATTENDEE" }, "attendeeId"],
    ["a session of another event", { kind: "rating", rating: 1, sessionId: "OTHER_SESSION" }, "sessionId"],
  ])("refuses %s (400 naming it)", async (_label, input, field) => {
    const otherEvent = await createTestEvent(orgId);
    const [stranger] = await createTestAttendees(otherEvent.id, 1);
    const otherSession = await getDb().session.create({
      data: { eventId: otherEvent.id, title: "T", type: "talk", startAt: new Date("2027-03-01T09:00:00Z"), endAt: new Date("2027-03-01T10:00:00Z") },
    });
    const resolved = {
      ...input,
      ...(input.attendeeId ? { attendeeId: stranger.id } : {}),
      ...(input.sessionId ? { sessionId: otherSession.id } : {}),
    };
    const before = await getDb().feedback.count({ where: { eventId } });
    const error = await refusal(createFeedback(orgId, { eventId, ...resolved } as never, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().feedback.count({ where: { eventId } })).toBe(before);
  });

  it("answers 404 for another organization's event and 409 for an archived one", async () => {
    const other = await createTestOrg();
    const foreign = await createTestEvent(other.id);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(createFeedback(orgId, { eventId: id, kind: "rating", rating: 2 }, OPERATOR))).code).toBe("NOT_FOUND");
    }
    const archived = await createTestEvent(orgId, { status: "archived" });
    expect((await refusal(createFeedback(orgId, { eventId: archived.id, kind: "rating", rating: 2 }, OPERATOR))).details?.reason).toBe("event_archived");
  });
});
