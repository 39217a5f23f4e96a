import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { SCOPES } from "@/lib/domain/keys/scopes";
import { bearer, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import {
  addAttendees,
  addAttendance,
  addFeedback,
  addInfoSections,
  addSessions,
  addSpeakers,
  addSponsors,
  addTracks,
  createStockedEvent,
  readEndpoints,
  type StockedEvent,
} from "@/lib/testing/programme-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import {
  AttendeeSchema,
  CheckInSchema,
  EventSchema,
  FeedbackSchema,
  FormSchema,
  FormSubmissionSchema,
  InfoSectionSchema,
  MeSchema,
  RoomSchema,
  SessionAttendanceSchema,
  SessionSchema,
  SpeakerSchema,
  SponsorSchema,
  TrackSchema,
} from "./resources";

// Every resource's field set, exactly as the spec's tables list it (typed out here by
// hand, not taken from the code), with nullable fields present as null, timestamps in
// one format, and no internal attendee value in any response of any endpoint.

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

// Sentinels in the attendee's internal columns: none may ever appear in a response.
const SENTINEL_QR = `sentinel-qr-${randomUUID()}`;
const SENTINEL_INVITE = `sentinel-invite-${randomUUID()}`;
const SENTINEL_USER = randomUUID();
const BARE_SENTINEL_QR = `sentinel-qr-bare-${randomUUID()}`;
const BARE_SENTINEL_INVITE = `sentinel-invite-bare-${randomUUID()}`;
const BARE_SENTINEL_USER = randomUUID();
const SENTINELS = [SENTINEL_QR, SENTINEL_INVITE, SENTINEL_USER, BARE_SENTINEL_QR, BARE_SENTINEL_INVITE, BARE_SENTINEL_USER];

let server: RouteServer;
let fullKey: string;
let expiringKey: { secret: string; expiresAt: Date };
const scopedKeys: string[] = [];
let stocked: StockedEvent;

const get = (path: string, secret = fullKey) => fetch(`${server.baseUrl}${path}`, { headers: bearer(secret) });

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  fullKey = (await createTestKey(org.id)).secret;
  const expiresAt = new Date(Date.now() + 86_400_000);
  expiringKey = { secret: (await createTestKey(org.id, ["events:read"], expiresAt)).secret, expiresAt };
  for (const scope of SCOPES) scopedKeys.push((await createTestKey(org.id, [scope])).secret);

  // One record of each kind with every optional field set...
  stocked = await createStockedEvent(org.id, { qrToken: SENTINEL_QR, inviteCode: SENTINEL_INVITE, userId: SENTINEL_USER });
  // ...and one with every nullable field left null, sorting after the full ones.
  const eventId = stocked.event.id;
  const [bareAttendee] = await addAttendees(eventId, 1, {
    qrToken: BARE_SENTINEL_QR,
    inviteCode: BARE_SENTINEL_INVITE,
    userId: BARE_SENTINEL_USER,
  });
  await addTracks(eventId, [{ name: "Bare", color: null, sortOrder: 9 }]);
  await addSpeakers(eventId, [{ name: "Zed" }]);
  const [bareSession] = await addSessions(eventId, [
    { title: "Bare", startAt: new Date("2027-03-01T10:00:00.123Z"), endAt: new Date("2027-03-01T10:30:00.456Z") },
  ]);
  await addSponsors(eventId, [{ name: "Bare", tier: "bronze", sortOrder: 9 }]);
  await addInfoSections(eventId, [{ title: "Bare", icon: "info", sortOrder: 9 }]);
  await addAttendance(eventId, [
    { sessionId: bareSession.id, attendeeId: bareAttendee.id, scannedAt: new Date("2027-03-01T10:01:02.789Z") },
  ]);
  await addFeedback(eventId, [{ kind: "suggestion", createdAt: new Date("2027-03-01T23:00:00.000Z") }]);
});
afterAll(async () => server?.close());

type Resource = {
  endpoint: string;
  schema: z.ZodObject;
  keys: string[];
  timestamps: string[];
  /** Fields the spec marks nullable: the data holds one record with each set, one with each null. */
  nullable: string[];
  /** Nested objects and their own field sets. */
  nested?: Record<string, string[]>;
};

const RESOURCES: Resource[] = [
  {
    endpoint: "/events",
    schema: EventSchema,
    keys: ["id", "slug", "name", "description", "status", "startAt", "endAt", "timezone", "location", "createdAt", "updatedAt"],
    timestamps: ["startAt", "endAt", "createdAt", "updatedAt"],
    nullable: [],
  },
  {
    endpoint: "/events/{eventId}",
    schema: EventSchema,
    keys: ["id", "slug", "name", "description", "status", "startAt", "endAt", "timezone", "location", "createdAt", "updatedAt"],
    timestamps: ["startAt", "endAt", "createdAt", "updatedAt"],
    nullable: [],
  },
  {
    endpoint: "/events/{eventId}/sessions",
    schema: SessionSchema,
    // updatedAt: additive in 2026-11-25 (incremental sync).
    keys: ["id", "eventId", "title", "description", "type", "startAt", "endAt", "trackId", "room", "capacity", "speakerIds", "updatedAt"],
    timestamps: ["startAt", "endAt", "updatedAt"],
    nullable: ["trackId", "room", "capacity"],
  },
  {
    endpoint: "/events/{eventId}/tracks",
    schema: TrackSchema,
    keys: ["id", "name", "color", "sortOrder"],
    timestamps: [],
    nullable: ["color"],
  },
  { endpoint: "/events/{eventId}/rooms", schema: RoomSchema, keys: ["id", "name", "sortOrder"], timestamps: [], nullable: [] },
  {
    endpoint: "/events/{eventId}/speakers",
    schema: SpeakerSchema,
    keys: ["id", "name", "title", "company", "bio", "photoUrl", "photoPath"],
    timestamps: [],
    nullable: ["title", "company", "bio", "photoUrl", "photoPath"],
  },
  {
    endpoint: "/events/{eventId}/sponsors",
    schema: SponsorSchema,
    keys: ["id", "name", "tier", "websiteUrl", "description", "sortOrder", "featuredOnCards"],
    timestamps: [],
    nullable: ["websiteUrl"],
  },
  {
    endpoint: "/events/{eventId}/info-sections",
    schema: InfoSectionSchema,
    keys: ["id", "title", "summary", "body", "icon", "details", "sortOrder"],
    timestamps: [],
    nullable: ["summary"],
    nested: { details: ["label", "value"] },
  },
  {
    endpoint: "/events/{eventId}/attendees",
    schema: AttendeeSchema,
    keys: ["id", "eventId", "displayName", "email", "company", "jobTitle", "status", "visibleInList", "badgeCode", "invitedAt",
      "checkedInAt", "createdAt", "updatedAt"],
    timestamps: ["invitedAt", "checkedInAt", "createdAt", "updatedAt"],
    nullable: ["company", "jobTitle", "invitedAt", "checkedInAt"],
  },
  {
    endpoint: "/events/{eventId}/attendees/{attendeeId}",
    schema: AttendeeSchema,
    keys: ["id", "eventId", "displayName", "email", "company", "jobTitle", "status", "visibleInList", "badgeCode", "invitedAt",
      "checkedInAt", "createdAt", "updatedAt"],
    timestamps: ["invitedAt", "checkedInAt", "createdAt", "updatedAt"],
    nullable: [],
  },
  {
    endpoint: "/events/{eventId}/check-ins",
    schema: CheckInSchema,
    keys: ["attendeeId", "checkedInAt"],
    timestamps: ["checkedInAt"],
    nullable: [],
  },
  {
    endpoint: "/events/{eventId}/session-attendance",
    schema: SessionAttendanceSchema,
    keys: ["id", "sessionId", "attendeeId", "scannedAt"],
    timestamps: ["scannedAt"],
    nullable: [],
  },
  {
    endpoint: "/events/{eventId}/forms",
    schema: FormSchema,
    keys: ["id", "eventId", "name", "description", "status", "fields"],
    timestamps: [],
    nullable: [],
    nested: { fields: ["key", "label", "type", "required"] },
  },
  {
    endpoint: "/events/{eventId}/forms/{formId}/submissions",
    schema: FormSubmissionSchema,
    keys: ["id", "formId", "attendeeId", "submittedAt", "updatedAt", "answers"],
    timestamps: ["submittedAt", "updatedAt"],
    nullable: [],
  },
  {
    endpoint: "/events/{eventId}/feedback",
    schema: FeedbackSchema,
    keys: ["id", "attendeeId", "sessionId", "kind", "rating", "comment", "createdAt"],
    timestamps: ["createdAt"],
    nullable: ["attendeeId", "sessionId", "rating", "comment"],
  },
];

const pathOf = (name: string) =>
  readEndpoints({ eventId: stocked.event.id, attendeeId: stocked.attendee.id, formId: stocked.form.id }).find(
    (endpoint) => endpoint.name === name,
  )!.path;

async function itemsOf(name: string): Promise<Record<string, unknown>[]> {
  const response = await get(pathOf(name));
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return Array.isArray(body.data) ? body.data : [body.data];
}

describe("field sets", () => {
  it("the table covers every endpoint that returns a resource", () => {
    const names = readEndpoints({ eventId: "e", attendeeId: "a", formId: "f" }).map((endpoint) => endpoint.name);
    expect([...RESOURCES.map((r) => r.endpoint), "/me"].sort()).toEqual(names.sort());
  });

  it.each(RESOURCES.map((r) => [r.endpoint, r] as const))("%s: exactly the spec's fields", async (_name, resource) => {
    const items = await itemsOf(resource.endpoint);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([...resource.keys].sort());
      const parsed = resource.schema.strict().safeParse(item);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      for (const field of resource.timestamps) {
        if (item[field] !== null) expect(item[field]).toMatch(TIMESTAMP);
      }
      for (const [field, keys] of Object.entries(resource.nested ?? {})) {
        for (const child of item[field] as Record<string, unknown>[]) expect(Object.keys(child).sort()).toEqual([...keys].sort());
      }
    }
    for (const field of Object.keys(resource.nested ?? {})) {
      expect(items.some((item) => (item[field] as unknown[]).length > 0), `some ${field} to check`).toBe(true);
    }
    for (const field of resource.nullable) {
      expect(items.some((item) => field in item && item[field] === null), `${field} present as null`).toBe(true);
      expect(items.some((item) => item[field] !== null && item[field] !== undefined), `${field} set`).toBe(true);
    }
  });

  it("/me: exactly the spec's fields plus the additive allowedIps, expiresAt null or a timestamp", async () => {
    for (const [secret, expiresAt] of [
      [fullKey, null],
      [expiringKey.secret, expiringKey.expiresAt.toISOString()],
    ] as const) {
      const body = await (await get("/partner/v1/me", secret)).json();
      expect(Object.keys(body)).toEqual(["data"]);
      expect(Object.keys(body.data).sort()).toEqual(["key", "org"]);
      expect(Object.keys(body.data.org).sort()).toEqual(["id", "name"]);
      expect(Object.keys(body.data.key).sort()).toEqual(["allowedIps", "expiresAt", "id", "name", "prefix", "scopes"]);
      expect(body.data.key.allowedIps).toEqual([]);
      expect(MeSchema.strict().safeParse(body.data).success).toBe(true);
      expect(body.data.key.expiresAt).toBe(expiresAt);
      if (expiresAt) expect(body.data.key.expiresAt).toMatch(TIMESTAMP);
    }
  });

  it("timestamps keep their milliseconds and are rendered in UTC", async () => {
    const sessions = await itemsOf("/events/{eventId}/sessions");
    expect(sessions.find((s) => s.title === "Bare")).toMatchObject({
      startAt: "2027-03-01T10:00:00.123Z",
      endAt: "2027-03-01T10:30:00.456Z",
    });
    const scans = await itemsOf("/events/{eventId}/session-attendance");
    expect(scans.map((s) => s.scannedAt)).toContain("2027-03-01T10:01:02.789Z");
    const [checkIn] = await itemsOf("/events/{eventId}/check-ins");
    expect(checkIn).toEqual({ attendeeId: stocked.attendee.id, checkedInAt: stocked.checkIn.checkedInAt.toISOString() });
  });

  it("JSON columns come out as structures, not strings", async () => {
    const [form] = await itemsOf("/events/{eventId}/forms");
    expect(form.fields).toEqual([{ key: "q1", label: "Q1", type: "rating", required: true }]);
    const [submission] = await itemsOf("/events/{eventId}/forms/{formId}/submissions");
    expect(submission.answers).toEqual({ q1: 5 });
    const sections = await itemsOf("/events/{eventId}/info-sections");
    expect(sections[0].details).toEqual([{ label: "SSID", value: "guest" }]);
    expect(sections.at(-1)!.details).toEqual([]);
  });
});

describe("internal attendee values", () => {
  it("the sentinels are really stored, so their absence below means something", async () => {
    const stored = await getDb().attendee.findMany({
      where: { eventId: stocked.event.id },
      select: { qrToken: true, inviteCode: true, userId: true },
    });
    expect(stored.flatMap((a) => [a.qrToken, a.inviteCode, a.userId]).sort()).toEqual([...SENTINELS].sort());
  });

  it("appear in no response body of any endpoint at any scope", async () => {
    const endpoints = readEndpoints({ eventId: stocked.event.id, attendeeId: stocked.attendee.id, formId: stocked.form.id });
    let checked = 0;
    for (const secret of [fullKey, ...scopedKeys]) {
      for (const endpoint of endpoints) {
        const response = await get(endpoint.path, secret);
        const text = await response.text();
        for (const sentinel of SENTINELS) expect(text, `${endpoint.name} → ${sentinel}`).not.toContain(sentinel);
        for (const header of response.headers.values()) {
          for (const sentinel of SENTINELS) expect(header).not.toContain(sentinel);
        }
        if (response.status === 200) checked++;
      }
    }
    // Every endpoint answered 200 to the full key, each scoped one to its own scope's key,
    // and /me to every single-scope key: the bodies above were real data, not only refusals.
    expect(checked).toBe(endpoints.length + endpoints.filter((e) => e.scope).length + SCOPES.length);
  });
});
