import { sessionCore, toAttendee, toEvent, toFeedback, toSessionAttendance, iso, type AttendeeRow } from "@/lib/domain/resources/projections";
import {
  AttendeeWebhookDataSchema,
  EventWebhookDataSchema,
  FeedbackWebhookDataSchema,
  FormSubmissionWebhookDataSchema,
  PingWebhookDataSchema,
  SessionAttendanceWebhookDataSchema,
  SessionWebhookDataSchema,
} from "./payload-schemas";

// The `data` of each webhook body: the API projection passed through the schema of
// ./payload-schemas.ts, which drops exactly the fields the spec's table omits (attendee.*
// and event.*: createdAt, updatedAt; session.*: speakerIds; feedback.created: attendeeId)
// and is what the OpenAPI document's `webhooks` object shows. Parsing (not just typing)
// means a body can never carry a field, or a shape, that the reference does not document.

export function attendeePayload(row: AttendeeRow) {
  return AttendeeWebhookDataSchema.parse(toAttendee(row));
}

export function eventPayload(row: Parameters<typeof toEvent>[0]) {
  return EventWebhookDataSchema.parse(toEvent(row));
}

// Webhook bodies keep the spec's session shape: no speakerIds (and no updatedAt).
export function sessionPayload(row: Parameters<typeof sessionCore>[0]) {
  return SessionWebhookDataSchema.parse(sessionCore(row));
}

export function sessionAttendancePayload(row: Parameters<typeof toSessionAttendance>[0]) {
  return SessionAttendanceWebhookDataSchema.parse(toSessionAttendance(row));
}

export function feedbackPayload(row: Omit<Parameters<typeof toFeedback>[0], "attendeeId">) {
  return FeedbackWebhookDataSchema.parse(toFeedback({ ...row, attendeeId: null }));
}

export function formSubmissionPayload(row: {
  formId: string;
  eventId: string;
  attendeeId: string;
  revision: number;
  answers: unknown;
  submittedAt: Date;
}) {
  return FormSubmissionWebhookDataSchema.parse({
    formId: row.formId,
    eventId: row.eventId,
    attendeeId: row.attendeeId,
    revision: row.revision,
    answers: row.answers ?? {},
    submittedAt: iso(row.submittedAt),
  });
}

/**
 * The `data` of a test ping (the spec leaves it open): which endpoint it was sent to and
 * a human-readable line, so a receiver's log shows what it was.
 */
export function pingPayload(endpointId: string) {
  return PingWebhookDataSchema.parse({ endpointId, message: "Test ping: this endpoint is receiving webhooks." });
}
