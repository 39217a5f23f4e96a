import type { z } from "zod";
import type { WebhookEventType } from "./event-types";
import { WEBHOOK_DATA_SCHEMAS } from "./payload-schemas";

// One sample `data` per event type for the reference's examples. Parsed through the same
// schemas as real bodies when the document is built, so an example cannot go stale.

const EVENT_ID = "6f1c2b7e-3d4a-4e5f-8a9b-0c1d2e3f4a5b";
const ATTENDEE_ID = "0f8e5a4c-2b1d-4c3e-9f7a-6b5c4d3e2f1a";
const SESSION_ID = "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d";

const event = {
  id: EVENT_ID,
  slug: "summit-2026",
  name: "Summit 2026",
  description: "Two days of talks and workshops.",
  status: "published",
  startAt: "2026-10-01T07:00:00.000Z",
  endAt: "2026-10-02T16:00:00.000Z",
  timezone: "Europe/Berlin",
  location: "Congress Centre, Hall 2",
};

const attendee = {
  id: ATTENDEE_ID,
  eventId: EVENT_ID,
  displayName: "Ada Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines",
  jobTitle: null,
  status: "invited",
  visibleInList: false,
  badgeCode: "ABCDE7",
  invitedAt: null,
  checkedInAt: null,
};

const session = {
  id: SESSION_ID,
  eventId: EVENT_ID,
  title: "Opening keynote",
  description: "Where the industry is heading.",
  type: "keynote",
  startAt: "2026-10-01T07:30:00.000Z",
  endAt: "2026-10-01T08:15:00.000Z",
  trackId: null,
  room: "Hall 2",
  capacity: 800,
};

const SAMPLES: Record<WebhookEventType, Record<string, unknown>> = {
  ping: { endpointId: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a", message: "Test ping: this endpoint is receiving webhooks." },
  "event.updated": event,
  "event.published": event,
  "attendee.created": attendee,
  "attendee.updated": { ...attendee, jobTitle: "Analyst" },
  "attendee.deleted": attendee,
  "attendee.checked_in": { ...attendee, status: "active", checkedInAt: "2026-10-01T06:52:10.431Z" },
  "session.created": session,
  "session.updated": { ...session, room: "Hall 1" },
  "session.deleted": session,
  "session_attendance.created": {
    id: "7b6a5f4e-3d2c-4b1a-9f8e-7d6c5b4a3f2e",
    sessionId: SESSION_ID,
    attendeeId: ATTENDEE_ID,
    scannedAt: "2026-10-01T07:29:03.120Z",
  },
  "form.submission.created": {
    formId: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
    eventId: EVENT_ID,
    attendeeId: ATTENDEE_ID,
    revision: 1,
    answers: { dietary: "vegetarian", sessions_of_interest: ["keynote", "workshop"] },
    submittedAt: "2026-09-20T12:00:00.000Z",
  },
  "feedback.created": {
    id: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b",
    sessionId: SESSION_ID,
    kind: "rating",
    rating: 5,
    comment: "Clear and to the point.",
    createdAt: "2026-10-01T08:20:00.000Z",
  },
};

/** What the sample *.updated changes were, for their `previousAttributes`. */
const PREVIOUS: Partial<Record<WebhookEventType, Record<string, unknown>>> = {
  "event.updated": { name: "Summit 26" },
  "attendee.updated": { jobTitle: null },
  "session.updated": { room: "Hall 2" },
};

/** A complete sample body of `type`, as a receiver would see it. */
export function sampleWebhookBody(type: WebhookEventType): {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: z.output<(typeof WEBHOOK_DATA_SCHEMAS)[WebhookEventType]>;
  previousAttributes?: Record<string, unknown>;
} {
  const previous = PREVIOUS[type];
  return {
    id: "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
    type,
    createdAt: "2026-10-01T07:00:00.000Z",
    data: WEBHOOK_DATA_SCHEMAS[type].parse(SAMPLES[type]),
    ...(previous ? { previousAttributes: previous } : {}),
  };
}
