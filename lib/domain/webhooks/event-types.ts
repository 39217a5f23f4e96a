// The spec's webhook event types. Receivers ignore types they do not recognise, so
// adding one is an additive change.
export const WEBHOOK_EVENT_TYPES = [
  "ping",
  "event.updated",
  "event.published",
  "attendee.created",
  "attendee.updated",
  "attendee.deleted",
  "attendee.checked_in",
  "session.created",
  "session.updated",
  "session.deleted",
  "session_attendance.created",
  "form.submission.created",
  "feedback.created",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
