import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { AttendeeSchema, singleEnvelope, type AttendeeResource } from "@/lib/domain/resources/resources";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { archiveEvent } from "@/lib/domain/events/archive-event";
import { applyAttendeeChanges } from "./apply-attendee-changes";
import { readAttendeeForChange } from "./attendee-sql";
import { createAttendee } from "./create-attendee";
import { revokeAttendee } from "./set-attendee-status";
import { updateAttendee } from "./update-attendee";
import { OPERATOR } from "@/lib/domain/audit/record";

// PATCH /events/{eventId}/attendees/{attendeeId} over real HTTP against the real database:
// what changes, what does not move updatedAt, what is refused, and concurrent changes.

let server: RouteServer;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let writeKey: string;
let eventId: string;

function patch(
  targetEventId: string,
  attendeeId: string,
  body: unknown,
  options: { raw?: boolean; key?: string; contentType?: string; dispatcher?: Agent } = {},
) {
  return fetch(`${server.baseUrl}/partner/v1/events/${targetEventId}/attendees/${attendeeId}`, {
    method: "PATCH",
    headers: { ...bearer(options.key ?? writeKey), "content-type": options.contentType ?? "application/json" },
    body: options.raw ? (body as string) : JSON.stringify(body),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  } as RequestInit);
}

async function patchOk(attendeeId: string, body: unknown): Promise<AttendeeResource> {
  const response = await patch(eventId, attendeeId, body);
  expect(response.status).toBe(200);
  return singleEnvelope(AttendeeSchema).parse(await response.json()).data;
}

async function expectError(response: Response, status: number, code: string, reason?: string) {
  const body = await response.json();
  expect(response.status).toBe(status);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  if (reason) expect(body.error.details?.reason).toBe(reason);
  expect(body.error.requestId).toBe(response.headers.get("x-request-id"));
  return body.error;
}

const outboxCount = (orgId: string, type?: string) => getDb().webhookEvent.count({ where: { orgId, ...(type ? { type } : {}) } });
const storedRow = (id: string) => getDb().attendee.findUniqueOrThrow({ where: { id } });
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function newAttendee(fields: Record<string, unknown> = {}, targetEventId = eventId) {
  return createAttendee(org.id, targetEventId, { email: unique("p"), displayName: "Ada Lovelace", company: "Analytical", jobTitle: "Engineer", ...fields }, null);
}

beforeAll(async () => {
  server = await startRouteServer();
  org = await createTestOrg();
  writeKey = (await createTestKey(org.id)).secret;
  eventId = (await createTestEvent(org.id)).id;
});
afterAll(async () => server.close());

describe("a real change", () => {
  it("returns the attendee after the change, moves updatedAt and records attendee.updated", async () => {
    const attendee = await newAttendee();
    const events = await outboxCount(org.id);
    const updated = await patchOk(attendee.id, { displayName: "Ada King", jobTitle: "Countess" });

    expect(updated).toEqual({ ...attendee, displayName: "Ada King", jobTitle: "Countess", updatedAt: updated.updatedAt });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(attendee.updatedAt).getTime());
    expect(updated.createdAt).toBe(attendee.createdAt);

    const read = await fetch(`${server.baseUrl}/partner/v1/events/${eventId}/attendees/${attendee.id}`, { headers: bearer(writeKey) });
    expect((await read.json()).data).toEqual(updated);

    expect(await outboxCount(org.id)).toBe(events + 1);
    const outbox = await getDb().webhookEvent.findFirstOrThrow({ where: { orgId: org.id }, orderBy: { createdAt: "desc" } });
    expect(outbox.type).toBe("attendee.updated");
    const { createdAt: _c, updatedAt: _u, ...payload } = updated;
    expect(outbox.data).toEqual(payload);
    expect(outbox.dispatchedAt).not.toBeNull(); // fanned out right after the commit
  });

  it("null clears company and jobTitle; a blank string does too; names are trimmed", async () => {
    const attendee = await newAttendee();
    expect(await patchOk(attendee.id, { company: null, jobTitle: "   ", displayName: "  Ada  " })).toMatchObject({
      company: null,
      jobTitle: null,
      displayName: "Ada",
    });
  });

  it("fields left out keep their values", async () => {
    const attendee = await newAttendee();
    expect(await patchOk(attendee.id, { company: "Babbage & Co" })).toMatchObject({
      displayName: attendee.displayName,
      jobTitle: attendee.jobTitle,
      company: "Babbage & Co",
      email: attendee.email,
      badgeCode: attendee.badgeCode,
      status: "invited",
    });
  });

  it("updatedAt moves strictly forward on every change, even in quick succession", async () => {
    const attendee = await newAttendee();
    const stamps = [attendee.updatedAt];
    for (let i = 0; i < 5; i++) stamps.push((await patchOk(attendee.id, { jobTitle: `Role ${i}` })).updatedAt);
    const times = stamps.map((stamp) => new Date(stamp).getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
  });
});

describe("no change, no write", () => {
  it.each<[string, Record<string, unknown>]>([
    ["an empty body", {}],
    ["the same values", { displayName: "Ada Lovelace", company: "Analytical", jobTitle: "Engineer" }],
    ["the same values after trimming", { displayName: "  Ada Lovelace " }],
  ])("%s: 200 with the attendee as it is, updatedAt untouched, no webhook event", async (_name, body) => {
    const attendee = await newAttendee();
    const events = await outboxCount(org.id);
    const before = await storedRow(attendee.id);
    expect(await patchOk(attendee.id, body)).toEqual(attendee);
    expect(await storedRow(attendee.id)).toEqual(before);
    expect(await outboxCount(org.id)).toBe(events);
  });

  it("clearing a field that is already null changes nothing", async () => {
    const attendee = await newAttendee({ company: null });
    const events = await outboxCount(org.id);
    expect(await patchOk(attendee.id, { company: null })).toEqual(attendee);
    expect(await patchOk(attendee.id, { company: "  " })).toEqual(attendee);
    expect(await outboxCount(org.id)).toBe(events);
  });
});

describe("bad input over HTTP: 400 naming the field, nothing written", () => {
  const long201 = "x".repeat(201);
  let attendee: AttendeeResource;
  beforeAll(async () => {
    attendee = await newAttendee();
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["email (immutable)", { email: "new@example.com" }, ["email"]],
    ["email in another letter case", { displayName: "X", email: "P@EXAMPLE.COM" }, ["email"]],
    ["status", { status: "active" }, ["status"]],
    ["badgeCode", { badgeCode: "ABCDEF" }, ["badgeCode"]],
    ["visibleInList", { visibleInList: true }, ["visibleInList"]],
    ["unknown field", { title: "Dr" }, ["title"]],
    ["displayName null", { displayName: null }, ["displayName"]],
    ["displayName empty", { displayName: "" }, ["displayName"]],
    ["displayName blank", { displayName: "  " }, ["displayName"]],
    ["displayName of 201 characters", { displayName: long201 }, ["displayName"]],
    ["company of 201 characters", { company: long201 }, ["company"]],
    ["jobTitle of 201 characters", { jobTitle: long201 }, ["jobTitle"]],
    ["jobTitle a number", { jobTitle: 3 }, ["jobTitle"]],
    ["a valid field next to a refused one", { displayName: "Fine", status: "revoked" }, ["status"]],
  ])("%s", async (_name, body, fields) => {
    const events = await outboxCount(org.id);
    const before = await storedRow(attendee.id);
    const error = await expectError(await patch(eventId, attendee.id, body), 400, "INVALID_INPUT", "invalid_body");
    expect(error.message).toBe("Validation failed");
    expect(Object.keys(error.details.fields).sort()).toEqual([...fields].sort());
    for (const field of fields) {
      expect(error.details.fields[field]).toEqual({ code: expect.any(String), message: expect.stringContaining(field) });
    }
    expect(await storedRow(attendee.id)).toEqual(before);
    expect(await outboxCount(org.id)).toBe(events);
  });

  it("the email refusal says why", async () => {
    const error = await expectError(await patch(eventId, attendee.id, { email: "x@example.com" }), 400, "INVALID_INPUT");
    expect(error.details.fields.email).toEqual({ code: "unrecognized_keys", message: "email is immutable: an attendee's address cannot be changed." });
    expect(error.details.issues).toContainEqual(expect.objectContaining({ code: "unrecognized_keys", path: [], keys: ["email"] }));
  });

  it.each<[string, string, string]>([
    ["invalid JSON", `{"displayName": `, "application/json"],
    ["a JSON array", JSON.stringify([{ displayName: "A" }]), "application/json"],
    ["a JSON string", JSON.stringify("A"), "application/json"],
    ["a JSON number", "42", "application/json"],
    ["wrong content type", JSON.stringify({ displayName: "A" }), "text/plain"],
    ["no content type", JSON.stringify({ displayName: "A" }), ""],
  ])("whole-body fault: %s is only in issues", async (_name, raw, contentType) => {
    const before = await storedRow(attendee.id);
    const error = await expectError(await patch(eventId, attendee.id, raw, { raw: true, contentType }), 400, "INVALID_INPUT", "invalid_body");
    expect(error.details.fields).toEqual({});
    expect(error.details.issues).toHaveLength(1);
    expect(error.details.issues[0]).toMatchObject({ path: [], code: expect.any(String), message: expect.any(String) });
    expect(await storedRow(attendee.id)).toEqual(before);
  });

  it("a 1 MB body is 413 PAYLOAD_TOO_LARGE", async () => {
    const before = await storedRow(attendee.id);
    const huge = JSON.stringify({ displayName: "y".repeat(1024 * 1024) });
    const dispatcher = new Agent({ pipelining: 0 });
    try {
      await expectError(await patch(eventId, attendee.id, huge, { raw: true, dispatcher }), 413, "PAYLOAD_TOO_LARGE");
    } finally {
      await dispatcher.destroy();
    }
    expect(await storedRow(attendee.id)).toEqual(before);
  });
});

describe("which attendee, which event", () => {
  it("404 for an attendee of another event, another organization's event, a missing or malformed id", async () => {
    const attendee = await newAttendee();
    const otherEvent = await createTestEvent(org.id);
    const stranger = await newAttendee({}, otherEvent.id);
    const otherOrg = await createTestOrg();
    const foreignEvent = await createTestEvent(otherOrg.id);
    const foreign = await createAttendee(otherOrg.id, foreignEvent.id, { email: unique("f") }, null);
    const events = await outboxCount(org.id);

    for (const [targetEvent, targetAttendee] of [
      [eventId, stranger.id], // same organization, attendee of another event
      [otherEvent.id, attendee.id],
      [foreignEvent.id, foreign.id], // another organization's attendee on its own event
      [eventId, foreign.id],
      [eventId, "3f0c2a9e-2222-4222-8222-222222222222"],
      [eventId, "not-a-uuid"],
      ["not-a-uuid", attendee.id],
    ]) {
      await expectError(await patch(targetEvent, targetAttendee, { displayName: "Intruder" }), 404, "NOT_FOUND");
    }
    expect((await storedRow(foreign.id)).displayName).not.toBe("Intruder");
    expect((await storedRow(stranger.id)).displayName).toBe("Ada Lovelace");
    expect(await outboxCount(org.id)).toBe(events);
    expect(await outboxCount(otherOrg.id, "attendee.updated")).toBe(0);
  });

  it("an archived event refuses with 409 event_archived; a draft event accepts", async () => {
    const archived = await createTestEvent(org.id, { status: "draft" });
    const attendee = await newAttendee({}, archived.id);
    expect((await patch(archived.id, attendee.id, { company: "Draft Co" })).status).toBe(200);

    await getDb().event.update({ where: { id: archived.id }, data: { status: "archived" } });
    const before = await storedRow(attendee.id);
    await expectError(await patch(archived.id, attendee.id, { company: "Late Co" }), 409, "CONFLICT", "event_archived");
    await expectError(await patch(archived.id, attendee.id, {}), 409, "CONFLICT", "event_archived");
    expect(await storedRow(attendee.id)).toEqual(before);
  });

  it("needs the attendees:write scope", async () => {
    const attendee = await newAttendee();
    const readOnly = (await createTestKey(org.id, ["attendees:read"])).secret;
    const error = await expectError(await patch(eventId, attendee.id, { displayName: "X" }, { key: readOnly }), 403, "FORBIDDEN", "insufficient_scope");
    expect(error.details.requiredScope).toBe("attendees:write");
  });
});

describe("concurrent changes", () => {
  it("parallel PATCHes of different fields all survive, each recorded once", async () => {
    const attendee = await newAttendee();
    const events = await outboxCount(org.id, "attendee.updated");
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const responses = await Promise.all([
        patch(eventId, attendee.id, { displayName: `Name ${round}` }),
        patch(eventId, attendee.id, { company: `Company ${round}` }),
        patch(eventId, attendee.id, { jobTitle: `Title ${round}` }),
      ]);
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      await Promise.all(responses.map((response) => response.arrayBuffer()));
      const row = await storedRow(attendee.id);
      expect([row.displayName, row.company, row.jobTitle]).toEqual([`Name ${round}`, `Company ${round}`, `Title ${round}`]);
    }
    expect(await outboxCount(org.id, "attendee.updated")).toBe(events + rounds * 3);
  });

  it("parallel identical PATCHes: the first changes the row, the rest change nothing", async () => {
    const attendee = await newAttendee();
    const events = await outboxCount(org.id, "attendee.updated");
    const responses = await Promise.all(Array.from({ length: 10 }, () => patch(eventId, attendee.id, { jobTitle: "Same" })));
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(new Set(bodies.map((body) => body.data.updatedAt)).size).toBe(1);
    expect(await outboxCount(org.id, "attendee.updated")).toBe(events + 1);
  });
});

describe("updateAttendee (domain operation)", () => {
  it("reports whether anything changed", async () => {
    const attendee = await newAttendee();
    expect((await updateAttendee(org.id, eventId, attendee.id, { company: "New" }, null)).changed).toBe(true);
    expect((await updateAttendee(org.id, eventId, attendee.id, { company: "New" }, null)).changed).toBe(false);
    expect((await updateAttendee(org.id, eventId, attendee.id, {}, null)).changed).toBe(false);
  });

  it("validates on its own and refuses another organization", async () => {
    const attendee = await newAttendee();
    const invalid = await updateAttendee(org.id, eventId, attendee.id, { email: "x@example.com" }, null).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(AppError);
    expect((invalid as AppError).details?.fields).toHaveProperty("email");

    const otherOrg = await createTestOrg();
    const foreign = await updateAttendee(otherOrg.id, eventId, attendee.id, { company: "Theirs" }, null).catch((e: unknown) => e);
    expect((foreign as AppError).code).toBe("NOT_FOUND");
    expect((await storedRow(attendee.id)).company).toBe("Analytical");
  });

  it("a change computed from a row that changed since it was read writes nothing; the next read carries the other change", async () => {
    const attendee = await newAttendee();
    const { attendee: read } = await readAttendeeForChange(org.id, eventId, attendee.id);
    // Another writer lands between the read and the write: a column the PATCH does not touch.
    await revokeAttendee(org.id, eventId, attendee.id, OPERATOR);
    const before = await outboxCount(org.id, "attendee.updated");

    const applied = await applyAttendeeChanges(org.id, read!, { company: "Stale" }, { fanOut: false });
    expect(applied).toEqual({ stale: true, eventStatus: "published" });
    expect((await storedRow(attendee.id)).company).toBe("Analytical");
    expect(await outboxCount(org.id, "attendee.updated")).toBe(before);

    // The operation itself reads again: the company changes and the revocation survives,
    // in the row and in the webhook body.
    const { attendee: updated } = await updateAttendee(org.id, eventId, attendee.id, { company: "Fresh" }, null);
    expect(updated).toMatchObject({ company: "Fresh", status: "revoked" });
    const recorded = await getDb().webhookEvent.findFirstOrThrow({ where: { orgId: org.id, type: "attendee.updated" }, orderBy: { createdAt: "desc" } });
    expect(recorded.data).toMatchObject({ id: attendee.id, company: "Fresh", status: "revoked" });
  });

  it("an event archived between the read and the write refuses the change with 409", async () => {
    const event = await createTestEvent(org.id);
    const attendee = await newAttendee({}, event.id);
    const { attendee: read } = await readAttendeeForChange(org.id, event.id, attendee.id);
    await archiveEvent(org.id, event.id, OPERATOR);
    expect(await applyAttendeeChanges(org.id, read!, { company: "Late" }, { fanOut: false })).toEqual({ stale: true, eventStatus: "archived" });
    await expect(updateAttendee(org.id, event.id, attendee.id, { company: "Late" }, null)).rejects.toMatchObject({ details: { reason: "event_archived" } });
    expect((await storedRow(attendee.id)).company).toBe("Analytical");
  });
});
