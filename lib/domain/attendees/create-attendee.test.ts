import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BADGE_CODE_ATTEMPTS } from "@/lib/domain/badges/assign-badge-code";
import { isValidBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { AttendeeSchema, singleEnvelope } from "@/lib/domain/resources/resources";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { createAttendee } from "./create-attendee";

// POST /events/{eventId}/attendees over real HTTP against the real database, plus the
// domain operation the importer, console and CLI call directly.

// Badge codes are random; a queue of forced codes lets the collision path be exercised.
const forcedCodes = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock("@/lib/domain/badges/badge-code", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/domain/badges/badge-code")>();
  return { ...actual, generateBadgeCode: () => forcedCodes.queue.shift() ?? actual.generateBadgeCode() };
});

const ATTENDEE_FIELDS = [
  "id", "eventId", "displayName", "email", "company", "jobTitle", "status", "visibleInList", "badgeCode", "invitedAt",
  "checkedInAt", "createdAt", "updatedAt",
].sort();

let server: RouteServer;
let org: Awaited<ReturnType<typeof createTestOrg>>;
let writeKey: string;
let eventId: string;

function post(
  targetEventId: string,
  body: unknown,
  options: { raw?: boolean; key?: string; contentType?: string; dispatcher?: Agent } = {},
) {
  return fetch(`${server.baseUrl}/partner/v1/events/${targetEventId}/attendees`, {
    method: "POST",
    headers: { ...bearer(options.key ?? writeKey), "content-type": options.contentType ?? "application/json" },
    body: options.raw ? (body as string) : JSON.stringify(body),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  } as RequestInit);
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

/** What a failed write must leave untouched: the organization's attendees and outbox rows. */
async function writeCounts(orgId: string) {
  const [attendees, webhookEvents] = await Promise.all([
    getDb().attendee.count({ where: { event: { orgId } } }),
    getDb().webhookEvent.count({ where: { orgId } }),
  ]);
  return { attendees, webhookEvents };
}

/** A valid address of exactly `length` characters. */
const emailOfLength = (length: number) => "e".repeat(length - "@example.com".length) + "@example.com";

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;

beforeAll(async () => {
  server = await startRouteServer();
  org = await createTestOrg();
  writeKey = (await createTestKey(org.id)).secret;
  eventId = (await createTestEvent(org.id)).id;
});
afterAll(async () => server.close());

describe("POST /events/{eventId}/attendees", () => {
  it("201 with the spec's Attendee: invited, a valid badge code, and attendee.created in the outbox", async () => {
    const before = await writeCounts(org.id);
    const email = unique("Jane.Doe");
    const response = await post(eventId, { email, displayName: "Jane Doe", company: "Acme", jobTitle: "CTO" });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = singleEnvelope(AttendeeSchema).parse(await response.clone().json());
    const raw = (await response.json()) as { data: Record<string, unknown> };
    expect(Object.keys(raw.data).sort()).toEqual(ATTENDEE_FIELDS);

    const attendee = body.data;
    expect(attendee).toMatchObject({
      eventId, email, displayName: "Jane Doe", company: "Acme", jobTitle: "CTO", status: "invited",
      visibleInList: false, invitedAt: null, checkedInAt: null,
    });
    expect(isValidBadgeCode(attendee.badgeCode)).toBe(true);
    expect(attendee.updatedAt).toBe(attendee.createdAt);

    // The same record through the read endpoint.
    const read = await fetch(`${server.baseUrl}/partner/v1/events/${eventId}/attendees/${attendee.id}`, { headers: bearer(writeKey) });
    expect((await read.json()).data).toEqual(attendee);

    expect(await writeCounts(org.id)).toEqual({ attendees: before.attendees + 1, webhookEvents: before.webhookEvents + 1 });
    const outbox = await getDb().webhookEvent.findFirstOrThrow({ where: { orgId: org.id }, orderBy: { createdAt: "desc" } });
    expect(outbox.type).toBe("attendee.created");
    const { createdAt: _c, updatedAt: _u, ...payload } = attendee;
    expect(outbox.data).toEqual(payload);
    // Fanned out right after the commit (no endpoints here, so no deliveries).
    expect(outbox.dispatchedAt).not.toBeNull();
  });

  it("fans attendee.created out to a subscribed endpoint as soon as it commits", async () => {
    const hooked = await createTestOrg();
    const key = (await createTestKey(hooked.id, ["attendees:write"])).secret;
    const event = await createTestEvent(hooked.id);
    const endpoint = await getDb().webhookEndpoint.create({
      data: { orgId: hooked.id, url: "https://hooks.example.com/in", eventTypes: ["attendee.created"], secretCiphertext: "unused", secretPrefix: "whsec_" },
    });
    const response = await post(event.id, { email: unique("hooked") }, { key });
    expect(response.status).toBe(201);
    const recorded = await getDb().webhookEvent.findFirstOrThrow({ where: { orgId: hooked.id } });
    expect(recorded.dispatchedAt).not.toBeNull();
    expect(await getDb().webhookDelivery.findMany({ where: { eventId: recorded.id }, select: { endpointId: true, state: true } })).toEqual([
      { endpointId: endpoint.id, state: "pending" },
    ]);
  });

  it("with no endpoint subscribed, the outbox row is written already dispatched by the insert itself: nothing runs after the commit", async () => {
    const quiet = await createTestOrg();
    const key = (await createTestKey(quiet.id, ["attendees:write"])).secret;
    const event = await createTestEvent(quiet.id);
    // Endpoints that would not receive it: another type, and a disabled one.
    await getDb().webhookEndpoint.createMany({
      data: [
        { orgId: quiet.id, url: "https://hooks.example.com/a", eventTypes: ["attendee.updated"], secretCiphertext: "unused", secretPrefix: "whsec_" },
        { orgId: quiet.id, url: "https://hooks.example.com/b", eventTypes: ["attendee.created"], secretCiphertext: "unused", secretPrefix: "whsec_", enabled: false },
      ],
    });
    expect((await post(event.id, { email: unique("quiet") }, { key })).status).toBe(201);
    const recorded = await getDb().webhookEvent.findFirstOrThrow({ where: { orgId: quiet.id } });
    // The statement's own clock: createdAt and dispatchedAt are the same now().
    expect(recorded.dispatchedAt?.getTime()).toBe(recorded.createdAt.getTime());
    expect(await getDb().webhookDelivery.count({ where: { eventId: recorded.id } })).toBe(0);
  });

  it("stores the address as given, trims names and turns a blank company into null", async () => {
    const email = unique("MiXeD.Case");
    const response = await post(eventId, { email, displayName: "  Ada  ", company: "   ", jobTitle: null });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({ email, displayName: "Ada", company: null, jobTitle: null });
  });

  it.each([
    ["plain", "jane@example.com", "jane"],
    ["plus tag and dots kept", "Jane.Doe+events@example.com", "Jane.Doe+events"],
    ["apostrophe", "o'neil@example.ie", "o'neil"],
    ["single symbol", "_@example.com", "_"],
    ["local part over 200 characters is cut to 200", `${"a".repeat(250)}@example.com`, "a".repeat(200)],
  ])("displayName defaults to the part before the @ (%s)", async (_name, address, expected) => {
    const event = await createTestEvent(org.id);
    const response = await post(event.id, { email: address });
    expect(response.status).toBe(201);
    expect((await response.json()).data.displayName).toBe(expected);
  });

  it("accepts exactly 200-character names and a 320-character address", async () => {
    const long = "x".repeat(200);
    const email = emailOfLength(320);
    const response = await post(eventId, { email, displayName: long, company: long, jobTitle: long });
    expect(response.status).toBe(201);
    expect((await response.json()).data).toMatchObject({ email, displayName: long, company: long, jobTitle: long });
  });

  it("409 attendee_exists naming the existing attendee, whatever the letter case; nothing written", async () => {
    const email = unique("dup");
    const first = await post(eventId, { email });
    const created = (await first.json()).data;
    const before = await writeCounts(org.id);
    for (const variant of [email, email.toUpperCase(), email.replace(/^d/, "D")]) {
      const error = await expectError(await post(eventId, { email: variant, displayName: "Other" }), 409, "CONFLICT", "attendee_exists");
      expect(error.details).toEqual({ reason: "attendee_exists", attendeeId: created.id });
    }
    expect(await writeCounts(org.id)).toEqual(before);
  });

  it("the same address on another event of the organization is a separate attendee", async () => {
    const email = unique("twice");
    const other = await createTestEvent(org.id);
    const a = await post(eventId, { email });
    const b = await post(other.id, { email });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await a.json()).data.id).not.toBe((await b.json()).data.id);
  });

  it("20 parallel POSTs of one address in different letter case: one 201, nineteen 409 naming it", async () => {
    const event = await createTestEvent(org.id);
    const base = unique("race");
    const variants = Array.from({ length: 20 }, (_, i) =>
      [...base].map((char, j) => ((i >> j % 5) & 1 ? char.toUpperCase() : char)).join(""),
    );
    expect(new Set(variants).size).toBeGreaterThan(10);
    const before = await writeCounts(org.id);

    const responses = await Promise.all(variants.map((email) => post(event.id, { email })));
    const bodies = await Promise.all(responses.map((response) => response.json()));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);

    const winner = bodies[responses.findIndex((response) => response.status === 201)].data;
    for (const [i, body] of bodies.entries()) {
      if (responses[i].status !== 409) continue;
      expect(body.error.details).toEqual({ reason: "attendee_exists", attendeeId: winner.id });
    }
    expect(await getDb().attendee.count({ where: { eventId: event.id } })).toBe(1);
    expect(await writeCounts(org.id)).toEqual({ attendees: before.attendees + 1, webhookEvents: before.webhookEvents + 1 });
  });

  it("parallel POSTs of different addresses all succeed with distinct badge codes", async () => {
    const event = await createTestEvent(org.id);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => post(event.id, { email: unique(`p${i}`) })));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const codes = await Promise.all(responses.map(async (response) => (await response.json()).data.badgeCode));
    expect(new Set(codes).size).toBe(20);
  });
});

describe("bad input over HTTP: 400 with the spec's details, nothing written", () => {
  const long201 = "x".repeat(201);
  const email321 = emailOfLength(321);

  it.each<[string, Record<string, unknown>, string[]]>([
    ["email missing", {}, ["email"]],
    ["email null", { email: null }, ["email"]],
    ["email a number", { email: 42 }, ["email"]],
    ["email with a space", { email: "jane doe@example.com" }, ["email"]],
    ["email with surrounding spaces", { email: " jane@example.com " }, ["email"]],
    ["email with unicode", { email: "jöhn@example.com" }, ["email"]],
    ["email with a unicode domain", { email: "john@exämple.com" }, ["email"]],
    ["email without a domain", { email: "john@" }, ["email"]],
    ["email of 321 characters", { email: email321 }, ["email"]],
    ["displayName of 201 characters", { email: "a@example.com", displayName: long201 }, ["displayName"]],
    ["displayName empty", { email: "a@example.com", displayName: "" }, ["displayName"]],
    ["displayName blank", { email: "a@example.com", displayName: "   " }, ["displayName"]],
    ["displayName null", { email: "a@example.com", displayName: null }, ["displayName"]],
    ["company of 201 characters", { email: "a@example.com", company: long201 }, ["company"]],
    ["jobTitle of 201 characters", { email: "a@example.com", jobTitle: long201 }, ["jobTitle"]],
    ["company a number", { email: "a@example.com", company: 7 }, ["company"]],
    ["status", { email: "a@example.com", status: "active" }, ["status"]],
    ["badgeCode", { email: "a@example.com", badgeCode: "ABCDEF" }, ["badgeCode"]],
    ["id", { email: "a@example.com", id: "00000000-0000-4000-8000-000000000000" }, ["id"]],
    ["unknown field (typo)", { email: "a@example.com", jobtitle: "CTO" }, ["jobtitle"]],
    ["several faults", { email: "nope", displayName: long201, firstName: "A", visibleInList: true }, ["email", "displayName", "firstName", "visibleInList"]],
  ])("%s", async (_name, body, fields) => {
    const before = await writeCounts(org.id);
    const error = await expectError(await post(eventId, body), 400, "INVALID_INPUT", "invalid_body");
    expect(error.message).toBe("Validation failed");
    expect(Object.keys(error.details.fields).sort()).toEqual([...fields].sort());
    for (const field of fields) {
      expect(error.details.fields[field]).toEqual({ code: expect.any(String), message: expect.stringContaining(field) });
    }
    // issues holds everything in fields (each with code, path, message), as raw zod issues.
    for (const issue of error.details.issues) {
      expect(issue).toMatchObject({ code: expect.any(String), path: expect.any(Array), message: expect.any(String) });
    }
    const paths = error.details.issues.map((issue: { path: string[] }) => issue.path.join("."));
    for (const field of fields) expect(paths).toContain(field);
    expect(await writeCounts(org.id)).toEqual(before);
  });

  it("an unknown field is listed per name in fields, and the raw unrecognized_keys issue stays in issues", async () => {
    const error = await expectError(await post(eventId, { email: "a@example.com", status: "active", nickname: "A" }), 400, "INVALID_INPUT");
    expect(error.details.fields.status).toEqual({ code: "unrecognized_keys", message: "status is assigned by the service and cannot be set." });
    expect(error.details.fields.nickname.code).toBe("unrecognized_keys");
    expect(error.details.issues).toContainEqual(
      expect.objectContaining({ code: "unrecognized_keys", path: [], keys: ["status", "nickname"] }),
    );
  });

  it.each(["constructor", "__proto__", "toString"])("a field named %s is refused like any unknown field", async (name) => {
    const before = await writeCounts(org.id);
    const raw = `{"email": "${unique("proto")}", "${name}": {"polluted": true}}`;
    const error = await expectError(await post(eventId, raw, { raw: true }), 400, "INVALID_INPUT", "invalid_body");
    expect(error.details.issues).toContainEqual(
      expect.objectContaining({ code: "unrecognized_keys", path: [name], message: expect.stringContaining(`Unknown field "${name}"`) }),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await writeCounts(org.id)).toEqual(before);
  });

  it.each<[string, string, string]>([
    ["invalid JSON", `{"email": "a@example.com"`, "application/json"],
    ["empty body", "", "application/json"],
    ["a JSON array", JSON.stringify([{ email: "a@example.com" }]), "application/json"],
    ["a JSON string", JSON.stringify("a@example.com"), "application/json"],
    ["JSON null", "null", "application/json"],
    ["wrong content type", JSON.stringify({ email: "a@example.com" }), "text/plain"],
    ["form encoding", "email=a%40example.com", "application/x-www-form-urlencoded"],
  ])("whole-body fault: %s is only in issues, fields is empty", async (_name, raw, contentType) => {
    const before = await writeCounts(org.id);
    const error = await expectError(await post(eventId, raw, { raw: true, contentType }), 400, "INVALID_INPUT", "invalid_body");
    expect(error.details.fields).toEqual({});
    expect(error.details.issues).toHaveLength(1);
    expect(error.details.issues[0]).toMatchObject({ path: [], code: expect.any(String), message: expect.any(String) });
    expect(await writeCounts(org.id)).toEqual(before);
  });

  it("a 1 MB body is 413 PAYLOAD_TOO_LARGE", async () => {
    const before = await writeCounts(org.id);
    const huge = JSON.stringify({ email: "a@example.com", displayName: "x".repeat(1024 * 1024) });
    // The server answers before reading the upload and drops the connection: keep that
    // connection out of the pool the other requests share.
    const dispatcher = new Agent({ pipelining: 0 });
    try {
      await expectError(await post(eventId, huge, { raw: true, dispatcher }), 413, "PAYLOAD_TOO_LARGE");
    } finally {
      await dispatcher.destroy();
    }
    expect(await writeCounts(org.id)).toEqual(before);
  });
});

describe("which events accept writes", () => {
  it("another organization's event, a missing one and a malformed id are 404; nothing written", async () => {
    const otherOrg = await createTestOrg();
    const foreign = await createTestEvent(otherOrg.id);
    const before = { mine: await writeCounts(org.id), theirs: await writeCounts(otherOrg.id) };
    for (const target of [foreign.id, "9b2f1c1e-1111-4111-8111-111111111111", "not-a-uuid"]) {
      await expectError(await post(target, { email: unique("x") }), 404, "NOT_FOUND");
    }
    expect({ mine: await writeCounts(org.id), theirs: await writeCounts(otherOrg.id) }).toEqual(before);
  });

  it("an archived event refuses with 409 event_archived; a draft event accepts", async () => {
    const archived = await createTestEvent(org.id, { status: "archived" });
    const before = await writeCounts(org.id);
    const error = await expectError(await post(archived.id, { email: unique("late") }), 409, "CONFLICT", "event_archived");
    expect(error.details).toEqual({ reason: "event_archived" });
    expect(await writeCounts(org.id)).toEqual(before);

    const draft = await createTestEvent(org.id, { status: "draft" });
    expect((await post(draft.id, { email: unique("early") })).status).toBe(201);
  });

  it("needs the attendees:write scope", async () => {
    const readOnly = (await createTestKey(org.id, ["attendees:read", "events:read"])).secret;
    const error = await expectError(await post(eventId, { email: unique("s") }, { key: readOnly }), 403, "FORBIDDEN", "insufficient_scope");
    expect(error.details.requiredScope).toBe("attendees:write");
  });
});

describe("createAttendee (domain operation)", () => {
  it("validates on its own, without the HTTP wrapper", async () => {
    const error = await createAttendee(org.id, eventId, { email: "bad", status: "active" }, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INVALID_INPUT");
    expect(Object.keys((error as AppError).details?.fields as object).sort()).toEqual(["email", "status"]);
  });

  it("a badge code already taken on the event is replaced by a fresh one", async () => {
    const event = await createTestEvent(org.id);
    const first = await createAttendee(org.id, event.id, { email: unique("code1") }, null);
    forcedCodes.queue.push(first.badgeCode, first.badgeCode, first.badgeCode);
    const second = await createAttendee(org.id, event.id, { email: unique("code2") }, null);
    expect(forcedCodes.queue).toEqual([]);
    expect(second.badgeCode).not.toBe(first.badgeCode);
    expect(isValidBadgeCode(second.badgeCode)).toBe(true);

    // The same code on another event is fine: codes are unique per event only.
    const elsewhere = await createTestEvent(org.id);
    forcedCodes.queue.push(first.badgeCode);
    expect((await createAttendee(org.id, elsewhere.id, { email: unique("code3") }, null)).badgeCode).toBe(first.badgeCode);
  });

  it(`after ${BADGE_CODE_ATTEMPTS} taken codes in a row it gives up with a 500, and nothing is written`, async () => {
    const event = await createTestEvent(org.id);
    const first = await createAttendee(org.id, event.id, { email: unique("full1") }, null);
    const before = await writeCounts(org.id);
    forcedCodes.queue.push(...Array(BADGE_CODE_ATTEMPTS).fill(first.badgeCode));
    const error = await createAttendee(org.id, event.id, { email: unique("full2") }, null).catch((e: unknown) => e);
    forcedCodes.queue.length = 0;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INTERNAL");
    expect(await writeCounts(org.id)).toEqual(before);
  });
});
