import { sessionCore, toAttendee, toEvent, toFeedback, toSessionAttendance, iso, type AttendeeRow } from "@/lib/partner-api/projections";

// The `data` of each webhook body: the API projection minus exactly the fields the
// spec's table omits (attendee.* and event.*: createdAt, updatedAt; session.*:
// speakerIds; feedback.created: attendeeId). form.submission.created has its own shape.

export function attendeePayload(row: AttendeeRow) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...data } = toAttendee(row);
  return data;
}

export function eventPayload(row: Parameters<typeof toEvent>[0]) {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...data } = toEvent(row);
  return data;
}

// Webhook bodies keep the spec's session shape: no speakerIds, no updatedAt.
export function sessionPayload(row: Parameters<typeof sessionCore>[0]) {
  return sessionCore(row);
}

export function sessionAttendancePayload(row: Parameters<typeof toSessionAttendance>[0]) {
  return toSessionAttendance(row);
}

export function feedbackPayload(row: Omit<Parameters<typeof toFeedback>[0], "attendeeId">) {
  const { attendeeId: _attendeeId, ...data } = toFeedback({ ...row, attendeeId: null });
  return data;
}

export function formSubmissionPayload(row: {
  formId: string;
  eventId: string;
  attendeeId: string;
  revision: number;
  answers: unknown;
  submittedAt: Date;
}) {
  return {
    formId: row.formId,
    eventId: row.eventId,
    attendeeId: row.attendeeId,
    revision: row.revision,
    answers: (row.answers ?? {}) as Record<string, unknown>,
    submittedAt: iso(row.submittedAt),
  };
}

/**
 * The `data` of a test ping (the spec leaves it open): which endpoint it was sent to and
 * a human-readable line, so a receiver's log shows what it was.
 */
export function pingPayload(endpointId: string) {
  return { endpointId, message: "Test ping: this endpoint is receiving webhooks." };
}
