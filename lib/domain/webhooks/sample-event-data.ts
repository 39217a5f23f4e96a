import { getDb } from "@/lib/platform/db/client";
import type { WebhookEventType } from "./event-types";
import {
  attendeePayload,
  eventPayload,
  feedbackPayload,
  formSubmissionPayload,
  pingPayload,
  sessionAttendancePayload,
  sessionPayload,
} from "./payloads";

// The `data` of a test event sent from the console: the organization's own latest record
// of the kind the type describes, run through the same payload builder as a real event,
// so the receiver sees exactly what production will send. An organization with no such
// record yet gets sample data instead, made obviously fake (the nil-like SAMPLE_ID, names
// starting "Sample", example.com) and reported as such to the admin.

export type SampleData = { data: Record<string, unknown>; source: "organization" | "sample" };

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const SAMPLE_TIME = new Date("2027-03-01T09:00:00.000Z");

const sampleEvent = {
  id: SAMPLE_ID, slug: "sample-event", name: "Sample event (test webhook)", description: "Sample data sent as a test.",
  status: "published", startAt: SAMPLE_TIME, endAt: new Date("2027-03-02T17:00:00.000Z"), timezone: "Europe/Amsterdam",
  location: "Sample venue", createdAt: SAMPLE_TIME, updatedAt: SAMPLE_TIME,
};
const sampleAttendee = {
  id: SAMPLE_ID, eventId: SAMPLE_ID, displayName: "Sample Attendee", email: "sample.attendee@example.com",
  company: "Sample Company", jobTitle: "Sample Title", status: "invited", visibleInList: false, badgeCode: "SMPL42",
  invitedAt: SAMPLE_TIME, checkedInAt: null, createdAt: SAMPLE_TIME, updatedAt: SAMPLE_TIME,
};
const sampleSession = {
  id: SAMPLE_ID, eventId: SAMPLE_ID, title: "Sample session (test webhook)", description: "Sample data sent as a test.",
  type: "talk", startAt: SAMPLE_TIME, endAt: new Date("2027-03-01T09:45:00.000Z"), trackId: null, room: "Sample room",
  capacity: null,
};

const inOrg = (orgId: string) => ({ event: { orgId } });

async function latestAttendee(orgId: string, checkedIn: boolean) {
  return getDb().attendee.findFirst({
    where: { ...inOrg(orgId), ...(checkedIn ? { checkedInAt: { not: null } } : {}) },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
  });
}

export async function sampleEventData(orgId: string, endpointId: string, type: WebhookEventType): Promise<SampleData> {
  const db = getDb();
  const found = (data: Record<string, unknown>): SampleData => ({ data, source: "organization" });
  const sample = (data: Record<string, unknown>): SampleData => ({ data, source: "sample" });
  switch (type) {
    case "ping":
      return found(pingPayload(endpointId));
    case "event.updated":
    case "event.published": {
      const event = await db.event.findFirst({
        where: { orgId, ...(type === "event.published" ? { status: "published" } : {}) },
        orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      });
      return event ? found(eventPayload(event)) : sample(eventPayload(sampleEvent));
    }
    case "attendee.created":
    case "attendee.updated":
    case "attendee.deleted":
    case "attendee.checked_in": {
      const attendee = await latestAttendee(orgId, type === "attendee.checked_in");
      if (attendee) return found(attendeePayload({ ...attendee, status: attendee.status }));
      return sample(attendeePayload(type === "attendee.checked_in" ? { ...sampleAttendee, status: "active", checkedInAt: SAMPLE_TIME } : sampleAttendee));
    }
    case "session.created":
    case "session.updated":
    case "session.deleted": {
      const session = await db.session.findFirst({ where: inOrg(orgId), orderBy: [{ updatedAt: "desc" }, { id: "desc" }] });
      return session ? found(sessionPayload(session)) : sample(sessionPayload(sampleSession));
    }
    case "session_attendance.created": {
      const scan = await db.sessionAttendance.findFirst({ where: inOrg(orgId), orderBy: [{ scannedAt: "desc" }, { id: "desc" }] });
      return scan
        ? found(sessionAttendancePayload(scan))
        : sample(sessionAttendancePayload({ id: SAMPLE_ID, sessionId: SAMPLE_ID, attendeeId: SAMPLE_ID, scannedAt: SAMPLE_TIME }));
    }
    case "feedback.created": {
      const feedback = await db.feedback.findFirst({ where: inOrg(orgId), orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
      return feedback
        ? found(feedbackPayload(feedback))
        : sample(feedbackPayload({ id: SAMPLE_ID, sessionId: null, kind: "suggestion", rating: null, comment: "Sample feedback (test webhook).", createdAt: SAMPLE_TIME }));
    }
    case "form.submission.created": {
      const submission = await db.formSubmission.findFirst({
        where: { form: inOrg(orgId) },
        orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
        include: { form: { select: { eventId: true } } },
      });
      return submission
        ? found(formSubmissionPayload({ ...submission, eventId: submission.form.eventId }))
        : sample(formSubmissionPayload({ formId: SAMPLE_ID, eventId: SAMPLE_ID, attendeeId: SAMPLE_ID, revision: 1, answers: { sample: "Sample answer" }, submittedAt: SAMPLE_TIME }));
    }
  }
}
