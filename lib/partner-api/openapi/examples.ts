import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { listEnvelope, pagedEnvelope, singleEnvelope } from "@/lib/domain/resources/resources";
import { sampleWebhookBody } from "@/lib/domain/webhooks/payload-examples";
import { API_VERSION } from "./changelog";
import type { EnvelopeKind, Operation } from "./operations";

// One realistic example per resource, for the success bodies of the OpenAPI document and
// the reference. Each is parsed through the very schema the handlers answer with when the
// document is built (successExample), so a field added, renamed or retyped there fails the
// build of the document instead of leaving a stale example behind.

const ORG_ID = "4b1f0c2e-8d7a-4e3b-9c6f-2a1d0e9f8b7c";
const EVENT_ID = "6f1c2b7e-3d4a-4e5f-8a9b-0c1d2e3f4a5b";
const ATTENDEE_ID = "0f8e5a4c-2b1d-4c3e-9f7a-6b5c4d3e2f1a";
const SESSION_ID = "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d";
const TRACK_ID = "8c9d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f";
const SPEAKER_ID = "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";
const FORM_ID = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f";

/** Keyed by the schema's meta id (the component name). */
const RESOURCE_EXAMPLES: Record<string, Record<string, unknown>> = {
  Me: {
    org: { id: ORG_ID, name: "Northwind Events" },
    key: {
      id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
      name: "CRM sync",
      prefix: "svc_live_Qx7T",
      scopes: ["events:read", "attendees:read"],
      expiresAt: null,
      allowedIps: ["203.0.113.0/24"],
    },
  },
  Event: {
    id: EVENT_ID,
    slug: "summit-2026",
    name: "Summit 2026",
    description: "Two days of talks and workshops.",
    status: "published",
    startAt: "2026-10-01T07:00:00.000Z",
    endAt: "2026-10-02T16:00:00.000Z",
    timezone: "Europe/Berlin",
    location: "Congress Centre, Hall 2",
    createdAt: "2026-05-04T09:12:44.120Z",
    updatedAt: "2026-09-18T14:03:10.502Z",
  },
  Session: {
    id: SESSION_ID,
    eventId: EVENT_ID,
    title: "Opening keynote",
    description: "Where the industry is heading.",
    type: "keynote",
    startAt: "2026-10-01T07:30:00.000Z",
    endAt: "2026-10-01T08:15:00.000Z",
    trackId: TRACK_ID,
    room: "Hall 2",
    capacity: 800,
    speakerIds: [SPEAKER_ID],
    updatedAt: "2026-09-20T10:00:00.000Z",
  },
  Track: { id: TRACK_ID, name: "Main stage", color: "#1a56c4", sortOrder: 0 },
  Room: { id: "5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c", name: "Hall 2", sortOrder: 0 },
  Speaker: {
    id: SPEAKER_ID,
    name: "Grace Hopper",
    title: "Rear Admiral",
    company: "US Navy",
    bio: "Pioneer of machine-independent programming languages.",
    photoUrl: "https://example.com/speakers/grace.jpg",
    photoPath: null,
  },
  Sponsor: {
    id: "7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b",
    name: "Analytical Engines",
    tier: "Gold",
    websiteUrl: "https://example.com",
    description: "Calculating machines since 1837.",
    sortOrder: 0,
    featuredOnCards: true,
  },
  InfoSection: {
    id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
    title: "Getting there",
    summary: "Trains, parking and the entrance.",
    body: "The venue is five minutes on foot from the central station.",
    icon: "map-pin",
    details: [{ label: "Address", value: "Messeplatz 1, Berlin" }],
    sortOrder: 0,
  },
  Attendee: {
    id: ATTENDEE_ID,
    eventId: EVENT_ID,
    displayName: "Ada Lovelace",
    email: "ada@example.com",
    company: "Analytical Engines",
    jobTitle: null,
    status: "invited",
    visibleInList: false,
    badgeCode: "K7MQ2C",
    invitedAt: null,
    checkedInAt: null,
    createdAt: "2026-09-01T08:00:00.000Z",
    updatedAt: "2026-09-01T08:00:00.000Z",
  },
  CheckIn: { attendeeId: ATTENDEE_ID, checkedInAt: "2026-10-01T06:52:10.431Z" },
  SessionAttendance: {
    id: "7b6a5f4e-3d2c-4b1a-9f8e-7d6c5b4a3f2e",
    sessionId: SESSION_ID,
    attendeeId: ATTENDEE_ID,
    scannedAt: "2026-10-01T07:29:03.120Z",
  },
  Form: {
    id: FORM_ID,
    eventId: EVENT_ID,
    name: "Registration details",
    description: "Helps us plan catering and seating.",
    status: "open",
    fields: [
      { key: "dietary", label: "Dietary requirements", type: "single_select", required: true },
      { key: "notes", label: "Anything else?", type: "long_text", required: false },
    ],
  },
  FormSubmission: {
    id: "6d7e8f9a-0b1c-4d2e-8f3a-4b5c6d7e8f9a",
    formId: FORM_ID,
    attendeeId: ATTENDEE_ID,
    submittedAt: "2026-09-20T12:00:00.000Z",
    updatedAt: "2026-09-21T08:30:00.000Z",
    answers: { dietary: "vegetarian", notes: "Arriving on the second day." },
  },
  Feedback: {
    id: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
    attendeeId: ATTENDEE_ID,
    sessionId: SESSION_ID,
    kind: "rating",
    rating: 5,
    comment: "Clear and to the point.",
    createdAt: "2026-10-01T08:20:00.000Z",
  },
  WebhookEvent: sampleWebhookBody("attendee.created"),
  ApiRequest: {
    requestId: "req_6f0e2a9c4b7d41e3a8c5f1d2b3e4a5c6",
    at: "2026-12-01T09:14:05.231Z",
    method: "POST",
    route: "/events/{eventId}/attendees",
    status: 409,
    errorCode: "CONFLICT",
    durationMs: 38,
    clientIp: "203.0.113.7",
    userAgent: "crm-sync/2.3 (+https://crm.example.com)",
  },
};

/** What a paged example's meta.nextCursor looks like: opaque, as real ones are. */
const NEXT_CURSOR = "eyJrIjoiMjAyNi0wOS0wMVQwODowMDowMC4wMDBaIn0";

const ENVELOPES: Record<EnvelopeKind, (schema: z.ZodType) => z.ZodType> = { single: singleEnvelope, paged: pagedEnvelope, list: listEnvelope };

function wrap(kind: EnvelopeKind, item: unknown): unknown {
  if (kind === "single") return { data: item };
  if (kind === "list") return { data: [item] };
  return { data: [item], meta: { nextCursor: NEXT_CURSOR } };
}

/** The example body of an operation's success answer, checked against its schema. */
export function successExample(operation: Operation): unknown {
  const { success } = operation;
  if ("document" in success) {
    return success.document === "openapi"
      ? { openapi: "3.1.0", info: { title: "Partner API", version: API_VERSION }, paths: { "/me": { get: { operationId: "getMe" } } } }
      : "<!doctype html>\n<html lang=\"en\">\n<head><title>Partner API reference</title>…</head>\n<body>…</body>\n</html>\n";
  }
  const id = z.globalRegistry.get(success.schema)?.id;
  const item = typeof id === "string" ? RESOURCE_EXAMPLES[id] : undefined;
  if (!item) throw new Error(`No example for the success body of ${operation.operationId}.`);
  const body = wrap(success.envelope, item);
  const parsed = ENVELOPES[success.envelope](success.schema).safeParse(body);
  if (!parsed.success) throw new Error(`The example of ${operation.operationId} does not match its schema: ${parsed.error.message}`);
  // Parsing drops unknown keys: an example still naming a removed field must fail too.
  if (!isDeepStrictEqual(parsed.data, body)) throw new Error(`The example of ${operation.operationId} has fields its schema does not.`);
  return body;
}
