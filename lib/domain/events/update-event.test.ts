import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { updateEvent } from "./update-event";
import { OPERATOR } from "@/lib/domain/audit/record";

// updateEvent: a change records event.updated in the same transaction; no change writes
// and records nothing; every refusal leaves the row and the outbox untouched.

let orgId: string;
const outbox = (eventId: string) =>
  getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["id"], equals: eventId } }, orderBy: { createdAt: "asc" } });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
});

describe("updateEvent", () => {
  it("applies a change and records event.updated with the projection after it", async () => {
    const event = await createTestEvent(orgId);
    const result = await updateEvent(orgId, event.id, {
      name: "  Spring Summit ",
      description: "Two days",
      location: "Amsterdam",
      timezone: "europe/london",
      startAt: "2027-03-01T10:00:00+01:00",
      endAt: "2027-03-02T18:00:00Z",
      slug: "spring-summit",
    }, OPERATOR);
    expect(result.changed).toBe(true);
    expect(result.event).toMatchObject({
      name: "Spring Summit",
      description: "Two days",
      location: "Amsterdam",
      timezone: "Europe/London",
      startAt: "2027-03-01T09:00:00.000Z",
      endAt: "2027-03-02T18:00:00.000Z",
      slug: "spring-summit",
    });
    const row = await getDb().event.findUniqueOrThrow({ where: { id: event.id } });
    expect(row.updatedAt.getTime()).toBeGreaterThan(event.updatedAt.getTime());
    const [recorded] = await outbox(event.id);
    expect(recorded.type).toBe("event.updated");
    expect(recorded.data).toEqual(eventPayload(row));
    expect(recorded.dispatchedAt).not.toBeNull();
  });

  it.each([
    ["the same values", (e: { name: string; location: string }) => ({ name: e.name, location: e.location })],
    ["an empty request", () => ({})],
    ["the same instant in another offset", () => ({ startAt: "2027-03-01T10:00:00+01:00" })],
  ])("changes and records nothing for %s", async (_label, input) => {
    const event = await createTestEvent(orgId);
    const result = await updateEvent(orgId, event.id, input(event), OPERATOR);
    expect(result.changed).toBe(false);
    expect(await outbox(event.id)).toEqual([]);
    expect((await getDb().event.findUniqueOrThrow({ where: { id: event.id } })).updatedAt).toEqual(event.updatedAt);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an empty name", { name: "  " }, "name"],
    ["an unknown time zone", { timezone: "Mars/Olympus" }, "timezone"],
    ["a date without offset", { startAt: "2027-03-01T09:00:00" }, "startAt"],
    ["an end before the start", { endAt: "2027-02-01T00:00:00Z" }, "endAt"],
    ["an end equal to the start", { startAt: "2027-03-05T00:00:00Z", endAt: "2027-03-05T00:00:00Z" }, "endAt"],
    ["a start after the stored end", { startAt: "2027-04-01T00:00:00Z" }, "startAt"],
    ["a slug with spaces", { slug: "spring summit" }, "slug"],
    ["an upper-case slug", { slug: "Spring" }, "slug"],
    ["status (not editable here)", { status: "archived" }, ""],
  ])("refuses %s with INVALID_INPUT and writes nothing", async (_label, input, field) => {
    const event = await createTestEvent(orgId);
    const error = await refusal(updateEvent(orgId, event.id, input as never, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    if (field) expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().event.findUniqueOrThrow({ where: { id: event.id } })).toEqual(event);
    expect(await outbox(event.id)).toEqual([]);
  });

  it("refuses a slug another event of the organization uses (409 slug_taken)", async () => {
    const taken = await createTestEvent(orgId);
    const event = await createTestEvent(orgId);
    const error = await refusal(updateEvent(orgId, event.id, { slug: taken.slug, name: "x" }, OPERATOR));
    expect([error.code, error.details?.reason]).toEqual(["CONFLICT", "slug_taken"]);
    // Another organization may use it.
    const other = await createTestOrg();
    const elsewhere = await createTestEvent(other.id);
    await expect(updateEvent(other.id, elsewhere.id, { slug: taken.slug }, OPERATOR)).resolves.toMatchObject({ changed: true });
  });

  it("answers 404 for another organization's event, an unknown id and a malformed id", async () => {
    const other = await createTestOrg();
    const foreign = await createTestEvent(other.id);
    for (const id of [foreign.id, randomUUID(), "nope"]) {
      expect((await refusal(updateEvent(orgId, id, { name: "Hijacked" }, OPERATOR))).code).toBe("NOT_FOUND");
    }
    expect((await getDb().event.findUniqueOrThrow({ where: { id: foreign.id } })).name).toBe(foreign.name);
  });
});
