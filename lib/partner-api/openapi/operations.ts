import type { z } from "zod";
import { createAttendeeBodySchema, updateAttendeeBodySchema } from "@/lib/domain/attendees/attendee-input";
import type { Scope } from "@/lib/domain/keys/scopes";
import { WebhookEventItemSchema } from "@/lib/domain/webhooks/payload-schemas";
import { attendeeListQuery, eventListQuery, pageQuery, requestLogQuery, sessionAttendanceQuery, sessionListQuery, webhookEventFeedQuery } from "../query-schemas";
import {
  ApiRequestSchema,
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
} from "@/lib/domain/resources/resources";

// The one list of what /partner/v1 serves, as the spec's endpoint table. The OpenAPI
// document (./document.ts) and the HTML reference (./docs-page.ts) are generated from it,
// with the same zod schemas the route handlers validate with; document.test.ts fails when
// a route exists that is not listed here, or the other way round, and when a listed scope
// is not the one the route enforces.

export type HttpMethod = "GET" | "POST" | "PATCH";

export const OPERATION_TAGS = [
  { name: "Me", description: "The key making the call, its organization and its own request log." },
  { name: "Events & programme", description: "Events and their programme: sessions, tracks, rooms, speakers, sponsors, published info sections. Scope `events:read`." },
  { name: "Attendees", description: "The guest list: read with `attendees:read`, create and update with `attendees:write`. There is no delete." },
  { name: "Engagement", description: "What attendees did: check-ins, session attendance, forms and their submissions, feedback. Scope `engagement:read`." },
  {
    name: "Webhook events",
    description:
      "The catch-up feed: every webhook body of the last 30 days, as delivered, for reconciling after a receiver was down. Any valid key; items the key's scopes do not read are left out.",
  },
  { name: "Reference", description: "This description of the API, in machine-readable and readable form. Public: no key." },
] as const;

export type OperationTag = (typeof OPERATION_TAGS)[number]["name"];

/** How the success body wraps the resource (spec, "Envelope"). */
export type EnvelopeKind = "single" | "paged" | "list";

export type Operation = {
  method: HttpMethod;
  /** Relative to the server URL /partner/v1, with {name} for path parameters. */
  path: string;
  operationId: string;
  tag: OperationTag;
  summary: string;
  /** Markdown (inline code, bold, links) shown under the summary. */
  description: string;
  /** "public": no key at all; null: any valid key (GET /me); otherwise the scope the route enforces. */
  scope: Scope | null | "public";
  query?: z.ZodObject;
  body?: { schema: z.ZodType; component: string; example: Record<string, unknown> };
  success:
    | { status: 200 | 201; description: string; envelope: EnvelopeKind; schema: z.ZodType }
    | { status: 200; description: string; document: "openapi" | "html" };
  /** What a 404 means here (operations with path ids). */
  notFound?: string;
  /** Request headers the operation reads besides authentication (Idempotency-Key). */
  requestHeaders?: { name: string; description: string; schema: Record<string, unknown> }[];
  /** Headers the success response may carry besides the common ones. */
  successHeaders?: Record<string, { description: string; schema: Record<string, unknown> }>;
  /** What a 409 CONFLICT means here (attendee writes). */
  conflict?: string;
};

export const PATH_PARAMETERS: Record<string, string> = {
  eventId: "The event's id. An event of another organization gives 404, never 403.",
  attendeeId: "The attendee's id; must be an attendee of the event in the path.",
  formId: "The form's id; must be a form of the event in the path.",
};

const PAGED_ORDER_NOTE = "Paged: follow `meta.nextCursor` until it is null.";

export const OPERATIONS: readonly Operation[] = [
  {
    method: "GET",
    path: "/me",
    operationId: "getMe",
    tag: "Me",
    summary: "Describe the calling key",
    description:
      "The organization the key belongs to and the key itself (id, name, display prefix, scopes, expiry). Never returns the secret. Useful to check a key before deploying it.",
    scope: null,
    success: { status: 200, description: "The key and its organization.", envelope: "single", schema: MeSchema },
  },
  {
    method: "GET",
    path: "/requests",
    operationId: "listRequests",
    tag: "Me",
    summary: "List the calling key's requests",
    description: `The calling key's own requests to this API over the last 14 days, **newest first**: method, route pattern, status, error code, duration, request id, client address and User-Agent, the rows the console's request log shows. Any valid key; another key's requests never appear. Requests are recorded a moment after they are answered, so the call itself and the ones just before it may be missing. ${PAGED_ORDER_NOTE}`,
    scope: null,
    query: requestLogQuery,
    success: { status: 200, description: "A page of the key's requests.", envelope: "paged", schema: ApiRequestSchema },
  },
  {
    method: "GET",
    path: "/events",
    operationId: "listEvents",
    tag: "Events & programme",
    summary: "List events",
    description: `Every event of the organization, drafts included, **newest first** (the only collection in that order). ${PAGED_ORDER_NOTE}`,
    scope: "events:read",
    query: eventListQuery,
    success: { status: 200, description: "A page of events.", envelope: "paged", schema: EventSchema },
  },
  {
    method: "GET",
    path: "/events/{eventId}",
    operationId: "getEvent",
    tag: "Events & programme",
    summary: "Get an event",
    description: "One event of the organization, whatever its status.",
    scope: "events:read",
    success: { status: 200, description: "The event.", envelope: "single", schema: EventSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/sessions",
    operationId: "listSessions",
    tag: "Events & programme",
    summary: "List sessions",
    description: `The event's sessions in start-time order. With \`updatedSince\`: only sessions changed at or after that instant, ordered by \`updatedAt\`, then \`id\` (incremental sync, see the guide). ${PAGED_ORDER_NOTE}`,
    scope: "events:read",
    query: sessionListQuery,
    success: { status: 200, description: "A page of sessions.", envelope: "paged", schema: SessionSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/tracks",
    operationId: "listTracks",
    tag: "Events & programme",
    summary: "List tracks",
    description: "All of the event's tracks in organiser order. Not paged.",
    scope: "events:read",
    success: { status: 200, description: "Every track.", envelope: "list", schema: TrackSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/rooms",
    operationId: "listRooms",
    tag: "Events & programme",
    summary: "List rooms",
    description:
      "All of the event's rooms in organiser order. Not paged. A session's `room` is free text and cannot be joined to this list.",
    scope: "events:read",
    success: { status: 200, description: "Every room.", envelope: "list", schema: RoomSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/speakers",
    operationId: "listSpeakers",
    tag: "Events & programme",
    summary: "List speakers",
    description: `The event's speakers in name order. ${PAGED_ORDER_NOTE}`,
    scope: "events:read",
    query: pageQuery,
    success: { status: 200, description: "A page of speakers.", envelope: "paged", schema: SpeakerSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/sponsors",
    operationId: "listSponsors",
    tag: "Events & programme",
    summary: "List sponsors",
    description:
      "All of the event's sponsors in organiser order. Not paged. At most one has `featuredOnCards` true, and the nomination can move between reads.",
    scope: "events:read",
    success: { status: 200, description: "Every sponsor.", envelope: "list", schema: SponsorSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/info-sections",
    operationId: "listInfoSections",
    tag: "Events & programme",
    summary: "List published info sections",
    description:
      "The event's published info sections in organiser order. Not paged. Drafts and sections the organiser hid are never returned.",
    scope: "events:read",
    success: { status: 200, description: "Every published info section.", envelope: "list", schema: InfoSectionSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/attendees",
    operationId: "listAttendees",
    tag: "Attendees",
    summary: "List attendees",
    description: `The event's guest list, **oldest first** (by creation). With \`updatedSince\`: only attendees changed at or after that instant, ordered by \`updatedAt\`, then \`id\`, so an incremental sync can keep a high-water mark (see the guide). A cursor continues only the list it came from: switching \`updatedSince\` or \`status\` mid-walk is refused with \`INVALID_CURSOR\`. ${PAGED_ORDER_NOTE} Respect \`visibleInList\` when republishing a list. **Lookups:** \`badgeCode\` (spaces and dashes ignored, any case) or \`email\` (any case) return the one matching attendee, or an empty list, as a badge scanner or lead-retrieval app needs.`,
    scope: "attendees:read",
    query: attendeeListQuery,
    success: { status: 200, description: "A page of attendees.", envelope: "paged", schema: AttendeeSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "POST",
    path: "/events/{eventId}/attendees",
    operationId: "createAttendee",
    tag: "Attendees",
    summary: "Create an attendee",
    description:
      "Adds a person to the event's guest list with status `invited`. No email is sent. The service assigns `status` and `badgeCode`. When the email is already on the event (compared case-insensitively) the answer is 409 with `details.reason` = `attendee_exists` and `details.attendeeId`; update that attendee with PATCH instead.",
    scope: "attendees:write",
    body: {
      schema: createAttendeeBodySchema,
      component: "CreateAttendeeBody",
      example: { email: "ada@example.com", displayName: "Ada Lovelace", company: "Analytical Engines", jobTitle: null },
    },
    success: { status: 201, description: "The new attendee.", envelope: "single", schema: AttendeeSchema },
    notFound: "No such event in this organization.",
    conflict:
      "`attendee_exists`: the email is already on the event, `details.attendeeId` names the existing attendee. `event_archived`: the event is archived. `idempotency_key_reused`: the Idempotency-Key was used with a different body. `idempotency_key_in_use`: a request with the same Idempotency-Key is still running; retry shortly.",
    requestHeaders: [
      {
        name: "Idempotency-Key",
        description:
          "Optional. 1 to 255 printable ASCII characters (e.g. a UUID), unique per attendee you mean to create. Kept 24 hours per organization: sending the same key and body again replays the first 201 (status and body) with `Idempotent-Replayed: true` and creates nothing; the same key with another body is refused (409 `idempotency_key_reused`), and so is a retry while the first request is still running (409 `idempotency_key_in_use`). Errors are not stored: after a 4xx the same key runs the request again. A malformed key is refused with 400 `INVALID_INPUT` (`invalid_header`).",
        schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7E]+$" },
      },
    ],
    successHeaders: {
      "Idempotent-Replayed": {
        description: "`true` when this 201 is the stored answer to an earlier request with the same Idempotency-Key.",
        schema: { type: "string", enum: ["true"] },
      },
    },
  },
  {
    method: "GET",
    path: "/events/{eventId}/attendees/{attendeeId}",
    operationId: "getAttendee",
    tag: "Attendees",
    summary: "Get an attendee",
    description: "One attendee of the event.",
    scope: "attendees:read",
    success: { status: 200, description: "The attendee.", envelope: "single", schema: AttendeeSchema },
    notFound: "No such event in this organization, or no such attendee in the event.",
  },
  {
    method: "PATCH",
    path: "/events/{eventId}/attendees/{attendeeId}",
    operationId: "updateAttendee",
    tag: "Attendees",
    summary: "Update an attendee",
    description:
      "Changes the fields sent and leaves the others as they are; `null` clears `company` or `jobTitle`. The email is immutable and the status cannot be changed through the API. Answers with the attendee after the change.",
    scope: "attendees:write",
    body: {
      schema: updateAttendeeBodySchema,
      component: "UpdateAttendeeBody",
      example: { displayName: "Ada King", jobTitle: "Analyst" },
    },
    success: { status: 200, description: "The attendee after the change.", envelope: "single", schema: AttendeeSchema },
    notFound: "No such event in this organization, or no such attendee in the event.",
    conflict: "The event is archived (its guest list is read-only): `details.reason` = `event_archived`.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/check-ins",
    operationId: "listCheckIns",
    tag: "Engagement",
    summary: "List check-ins",
    description: `Front-desk venue arrivals in arrival order, at most one per attendee. ${PAGED_ORDER_NOTE}`,
    scope: "engagement:read",
    query: pageQuery,
    success: { status: 200, description: "A page of check-ins.", envelope: "paged", schema: CheckInSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/session-attendance",
    operationId: "listSessionAttendance",
    tag: "Engagement",
    summary: "List session attendance",
    description: `Door scans of the event's sessions in scan order. A \`sessionId\` of another event matches nothing (an empty page, no error). ${PAGED_ORDER_NOTE}`,
    scope: "engagement:read",
    query: sessionAttendanceQuery,
    success: { status: 200, description: "A page of session scans.", envelope: "paged", schema: SessionAttendanceSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/forms",
    operationId: "listForms",
    tag: "Engagement",
    summary: "List forms",
    description: "All of the event's forms with their fields in the order asked. Not paged.",
    scope: "engagement:read",
    success: { status: 200, description: "Every form.", envelope: "list", schema: FormSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/forms/{formId}/submissions",
    operationId: "listFormSubmissions",
    tag: "Engagement",
    summary: "List form submissions",
    description: `One row per attendee who answered the form, oldest first. A correction overwrites the row and moves its \`updatedAt\`. ${PAGED_ORDER_NOTE}`,
    scope: "engagement:read",
    query: pageQuery,
    success: { status: 200, description: "A page of submissions.", envelope: "paged", schema: FormSubmissionSchema },
    notFound: "No such event in this organization, or no such form in the event.",
  },
  {
    method: "GET",
    path: "/events/{eventId}/feedback",
    operationId: "listFeedback",
    tag: "Engagement",
    summary: "List feedback",
    description: `Feedback, suggestions, ratings and reviews about the event and its sessions, oldest first. ${PAGED_ORDER_NOTE}`,
    scope: "engagement:read",
    query: pageQuery,
    success: { status: 200, description: "A page of feedback.", envelope: "paged", schema: FeedbackSchema },
    notFound: "No such event in this organization.",
  },
  {
    method: "GET",
    path: "/webhook-events",
    operationId: "listWebhookEvents",
    tag: "Webhook events",
    summary: "List webhook events (catch-up feed)",
    description: `The organization's webhook events of the last 30 days, **oldest first** by \`createdAt\`, then \`id\`. Each item is byte for byte the body its deliveries carry (\`previousAttributes\` included), whether or not an endpoint subscribed to it or received it. Any valid key; \`attendee.*\` need \`attendees:read\`, \`event.*\` and \`session.*\` need \`events:read\`, \`session_attendance.created\`, \`form.submission.created\` and \`feedback.created\` need \`engagement:read\`: items the key may not read are absent, not refused. \`ping\` and console test events never appear. Webhooks for speed, this feed for completeness: deduplicate on \`id\`. ${PAGED_ORDER_NOTE}`,
    scope: null,
    query: webhookEventFeedQuery,
    success: { status: 200, description: "A page of webhook events.", envelope: "paged", schema: WebhookEventItemSchema },
  },
  {
    method: "GET",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Reference",
    summary: "OpenAPI 3.1 document",
    description: "This API described as an OpenAPI 3.1 document, generated from the schemas the service validates with. Public: no key.",
    scope: "public",
    success: { status: 200, description: "The OpenAPI 3.1 document.", document: "openapi" },
  },
  {
    method: "GET",
    path: "/docs",
    operationId: "getDocsPage",
    tag: "Reference",
    summary: "HTML reference page",
    description: "This reference as a readable, self-contained HTML page. Public: no key.",
    scope: "public",
    success: { status: 200, description: "The HTML reference page.", document: "html" },
  },
];

/** Names of the {placeholders} of a path template, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}
