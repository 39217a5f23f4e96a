import type {
  AttendeeResource,
  CheckInResource,
  EventResource,
  FeedbackResource,
  FormResource,
  FormSubmissionResource,
  InfoSection,
  Room,
  SessionAttendanceResource,
  SessionResource,
  Speaker,
  Sponsor,
  Track,
} from "./resources";

// Rows (from Prisma or raw SQL) to the spec's field tables: every listed field, nothing
// else. Internal columns (qrToken, inviteCode, userId, orgId...) are dropped here, so no
// endpoint or webhook can leak them by accident.

export const iso = (date: Date): string => date.toISOString();

export function toEvent(row: {
  id: string; slug: string; name: string; description: string; status: string; startAt: Date; endAt: Date;
  timezone: string; location: string; createdAt: Date; updatedAt: Date;
}): EventResource {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    status: row.status as EventResource["status"],
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    timezone: row.timezone,
    location: row.location,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

type SessionCore = {
  id: string; eventId: string; title: string; description: string; type: string; startAt: Date; endAt: Date;
  trackId: string | null; room: string | null; capacity: number | null;
};

/** The session fields every projection shares (webhook bodies carry only these). */
export function sessionCore(row: SessionCore): Omit<SessionResource, "speakerIds" | "updatedAt"> {
  return {
    id: row.id,
    eventId: row.eventId,
    title: row.title,
    description: row.description,
    type: row.type,
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    trackId: row.trackId,
    room: row.room,
    capacity: row.capacity,
  };
}

export function toSession(row: SessionCore & { speakerIds: string[]; updatedAt: Date }): SessionResource {
  return { ...sessionCore(row), speakerIds: row.speakerIds, updatedAt: iso(row.updatedAt) };
}

export function toTrack(row: { id: string; name: string; color: string | null; sortOrder: number }): Track {
  return { id: row.id, name: row.name, color: row.color, sortOrder: row.sortOrder };
}

export function toRoom(row: { id: string; name: string; sortOrder: number }): Room {
  return { id: row.id, name: row.name, sortOrder: row.sortOrder };
}

export function toSpeaker(row: {
  id: string; name: string; title: string | null; company: string | null; bio: string | null;
  photoUrl: string | null; photoPath: string | null;
}): Speaker {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    company: row.company,
    bio: row.bio,
    photoUrl: row.photoUrl,
    photoPath: row.photoPath,
  };
}

export function toSponsor(row: {
  id: string; name: string; tier: string; websiteUrl: string | null; description: string; sortOrder: number;
  featuredOnCards: boolean;
}): Sponsor {
  return {
    id: row.id,
    name: row.name,
    tier: row.tier,
    websiteUrl: row.websiteUrl,
    description: row.description,
    sortOrder: row.sortOrder,
    featuredOnCards: row.featuredOnCards,
  };
}

export function toInfoSection(row: {
  id: string; title: string; summary: string | null; body: string; icon: string; details: unknown; sortOrder: number;
}): InfoSection {
  const details = Array.isArray(row.details) ? (row.details as { label: unknown; value: unknown }[]) : [];
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    icon: row.icon,
    details: details.map((detail) => ({ label: String(detail.label ?? ""), value: String(detail.value ?? "") })),
    sortOrder: row.sortOrder,
  };
}

export type AttendeeRow = {
  id: string; eventId: string; displayName: string; email: string; company: string | null; jobTitle: string | null;
  status: string; visibleInList: boolean; badgeCode: string; invitedAt: Date | null; checkedInAt: Date | null;
  createdAt: Date; updatedAt: Date;
};

export function toAttendee(row: AttendeeRow): AttendeeResource {
  return {
    id: row.id,
    eventId: row.eventId,
    displayName: row.displayName,
    email: row.email,
    company: row.company,
    jobTitle: row.jobTitle,
    status: row.status as AttendeeResource["status"],
    visibleInList: row.visibleInList,
    badgeCode: row.badgeCode,
    invitedAt: row.invitedAt ? iso(row.invitedAt) : null,
    checkedInAt: row.checkedInAt ? iso(row.checkedInAt) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toCheckIn(row: { attendeeId: string; checkedInAt: Date }): CheckInResource {
  return { attendeeId: row.attendeeId, checkedInAt: iso(row.checkedInAt) };
}

export function toSessionAttendance(row: {
  id: string; sessionId: string; attendeeId: string; scannedAt: Date;
}): SessionAttendanceResource {
  return { id: row.id, sessionId: row.sessionId, attendeeId: row.attendeeId, scannedAt: iso(row.scannedAt) };
}

export function toForm(row: {
  id: string; eventId: string; name: string; description: string; status: string; fields: unknown;
}): FormResource {
  const fields = Array.isArray(row.fields) ? (row.fields as Record<string, unknown>[]) : [];
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    status: row.status as FormResource["status"],
    fields: fields.map((field) => ({
      key: String(field.key),
      label: String(field.label ?? ""),
      type: String(field.type),
      required: Boolean(field.required),
    })),
  };
}

export function toFormSubmission(row: {
  id: string; formId: string; attendeeId: string; submittedAt: Date; updatedAt: Date; answers: unknown;
}): FormSubmissionResource {
  return {
    id: row.id,
    formId: row.formId,
    attendeeId: row.attendeeId,
    submittedAt: iso(row.submittedAt),
    updatedAt: iso(row.updatedAt),
    answers: (row.answers ?? {}) as Record<string, unknown>,
  };
}

export function toFeedback(row: {
  id: string; attendeeId: string | null; sessionId: string | null; kind: string; rating: number | null;
  comment: string | null; createdAt: Date;
}): FeedbackResource {
  return {
    id: row.id,
    attendeeId: row.attendeeId,
    sessionId: row.sessionId,
    kind: row.kind as FeedbackResource["kind"],
    rating: row.rating,
    comment: row.comment,
    createdAt: iso(row.createdAt),
  };
}
