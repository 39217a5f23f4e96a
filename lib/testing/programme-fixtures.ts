import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Scope } from "@/lib/domain/keys/scopes";
import { createTestAttendees, createTestEvent } from "./fixtures";

// Test-data builders for an event's programme and engagement record. Each add* inserts
// its rows in the order given (pass them shuffled to test ordering) and returns the
// stored rows in that same order. Ids are drawn here rather than by the database so a
// whole batch goes in one statement and callers know every id up front.

type Omitted = "eventId" | "id";
type Input<T> = Partial<Omit<T, Omitted>> & { id?: string };

const BASE_TIME = new Date("2027-03-01T09:00:00.000Z").getTime();
const MINUTE = 60_000;

function withIds<T extends { id?: string }>(rows: T[]): (T & { id: string })[] {
  return rows.map((row) => ({ ...row, id: row.id ?? randomUUID() }));
}

/** Rows in the order of `ids` (findMany's order is not the insertion order). */
function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`fixture row ${id} was not stored`);
    return row;
  });
}

export async function addTracks(eventId: string, rows: Input<Prisma.TrackCreateManyInput>[]) {
  const data = withIds(rows).map((row, i) => ({ name: `Track ${i}`, ...row, eventId }));
  await getDb().track.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().track.findMany({ where: { id: { in: ids } } }));
}

export async function addRooms(eventId: string, rows: Input<Prisma.RoomCreateManyInput>[]) {
  const data = withIds(rows).map((row, i) => ({ name: `Room ${i}`, ...row, eventId }));
  await getDb().room.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().room.findMany({ where: { id: { in: ids } } }));
}

export async function addSpeakers(eventId: string, rows: Input<Prisma.SpeakerCreateManyInput>[]) {
  const data = withIds(rows).map((row, i) => ({ name: `Speaker ${i}`, ...row, eventId }));
  await getDb().speaker.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().speaker.findMany({ where: { id: { in: ids } } }));
}

/**
 * Sessions; `speakerIds` are stored as SessionSpeaker rows with position = index, i.e.
 * in billing order. Without startAt a session starts a minute after the previous one.
 */
export async function addSessions(
  eventId: string,
  rows: (Input<Prisma.SessionCreateManyInput> & { speakerIds?: string[] })[],
) {
  const data = withIds(rows).map(({ speakerIds: _speakers, ...row }, i) => {
    const startAt = row.startAt ? new Date(row.startAt) : new Date(BASE_TIME + i * MINUTE);
    return {
      title: `Session ${i}`,
      type: "talk",
      endAt: new Date(startAt.getTime() + 45 * MINUTE),
      ...row,
      startAt,
      eventId,
    };
  });
  const links = rows.flatMap((row, i) =>
    (row.speakerIds ?? []).map((speakerId, position) => ({ sessionId: data[i].id, speakerId, position })),
  );
  await getDb().$transaction(async (tx) => {
    await tx.session.createMany({ data });
    if (links.length) await tx.sessionSpeaker.createMany({ data: links });
  });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().session.findMany({ where: { id: { in: ids } } }));
}

export async function addSponsors(eventId: string, rows: Input<Prisma.SponsorCreateManyInput>[]) {
  const data = withIds(rows).map((row, i) => ({ name: `Sponsor ${i}`, tier: "gold", ...row, eventId }));
  await getDb().sponsor.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().sponsor.findMany({ where: { id: { in: ids } } }));
}

/** Nominates the sponsor whose logo prints on QR cards, replacing any previous one. */
export async function featureSponsor(eventId: string, sponsorId: string) {
  await getDb().eventCardSponsor.upsert({
    where: { eventId },
    create: { eventId, sponsorId },
    update: { sponsorId },
  });
}

/** Info sections; visibility defaults to published here (the column's default is draft). */
export async function addInfoSections(eventId: string, rows: Input<Prisma.InfoSectionCreateManyInput>[]) {
  const data = withIds(rows).map((row, i) => ({
    title: `Section ${i}`,
    icon: "info",
    visibility: "published" as const,
    ...row,
    eventId,
  }));
  await getDb().infoSection.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().infoSection.findMany({ where: { id: { in: ids } } }));
}

/** `count` attendees of the event (see createTestAttendees), returned in creation order. */
export async function addAttendees(eventId: string, count: number, data: Partial<Prisma.AttendeeCreateManyInput> = {}) {
  const before = new Set((await getDb().attendee.findMany({ where: { eventId }, select: { id: true } })).map((a) => a.id));
  const all = await createTestAttendees(eventId, count, data);
  return all.filter((attendee) => !before.has(attendee.id));
}

/** Front-desk check-ins; like the product, also sets the attendee's checkedInAt. */
export async function addCheckIns(eventId: string, rows: { attendeeId: string; checkedInAt: Date }[]) {
  await getDb().$transaction(async (tx) => {
    await tx.checkIn.createMany({ data: rows.map((row) => ({ ...row, eventId })) });
    for (const row of rows) {
      await tx.attendee.update({ where: { id: row.attendeeId }, data: { checkedInAt: row.checkedInAt } });
    }
  });
  return rows;
}

export async function addAttendance(
  eventId: string,
  rows: { id?: string; sessionId: string; attendeeId: string; scannedAt: Date }[],
) {
  const data = withIds(rows).map((row) => ({ ...row, eventId }));
  await getDb().sessionAttendance.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().sessionAttendance.findMany({ where: { id: { in: ids } } }));
}

export async function addForms(eventId: string, rows: Input<Prisma.FormCreateManyInput>[]) {
  const data = withIds(rows).map((row, i) => ({
    name: `Form ${i}`,
    status: "open" as const,
    createdAt: new Date(BASE_TIME + i * MINUTE),
    ...row,
    eventId,
  }));
  await getDb().form.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().form.findMany({ where: { id: { in: ids } } }));
}

/** Submissions of one form; updatedAt defaults to submittedAt (never corrected). */
export async function addSubmissions(
  formId: string,
  rows: { id?: string; attendeeId: string; submittedAt: Date; updatedAt?: Date; answers?: Prisma.InputJsonValue; revision?: number }[],
) {
  const data = withIds(rows).map((row) => ({
    answers: {},
    updatedAt: row.submittedAt,
    ...row,
    formId,
  }));
  await getDb().formSubmission.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().formSubmission.findMany({ where: { id: { in: ids } } }));
}

export async function addFeedback(eventId: string, rows: Input<Prisma.FeedbackCreateManyInput>[]) {
  const data = withIds(rows).map((row, i) => ({
    kind: "feedback" as const,
    createdAt: new Date(BASE_TIME + i * MINUTE),
    ...row,
    eventId,
  }));
  await getDb().feedback.createMany({ data });
  const ids = data.map((row) => row.id);
  return inOrder(ids, await getDb().feedback.findMany({ where: { id: { in: ids } } }));
}

/**
 * An event with one record of every kind, every optional field filled: enough for every
 * endpoint to return something. `attendee` overrides the attendee's columns (for example
 * sentinel values in its internal fields).
 */
export async function createStockedEvent(orgId: string, attendee: Partial<Prisma.AttendeeCreateManyInput> = {}) {
  const event = await createTestEvent(orgId);
  const [person] = await addAttendees(event.id, 1, {
    company: "Acme",
    jobTitle: "Engineer",
    status: "active",
    invitedAt: new Date("2026-12-01T10:00:00.000Z"),
    ...attendee,
  });
  const [track] = await addTracks(event.id, [{ name: "Main", color: "#1a2b3c", sortOrder: 1 }]);
  const [room] = await addRooms(event.id, [{ name: "Hall A", sortOrder: 1 }]);
  const [speaker] = await addSpeakers(event.id, [
    { name: "Ada", title: "CTO", company: "Acme", bio: "Builds things", photoUrl: "https://example.com/ada.png", photoPath: "speakers/ada.png" },
  ]);
  const [session] = await addSessions(event.id, [
    { title: "Opening", description: "Welcome", trackId: track.id, room: "Hall A", capacity: 100, speakerIds: [speaker.id] },
  ]);
  const [sponsor] = await addSponsors(event.id, [
    { name: "Globex", tier: "platinum", websiteUrl: "https://example.com", description: "Sponsor", sortOrder: 1 },
  ]);
  await featureSponsor(event.id, sponsor.id);
  const [infoSection] = await addInfoSections(event.id, [
    { title: "Wi-Fi", summary: "Network", body: "Join the network", icon: "wifi", details: [{ label: "SSID", value: "guest" }] },
  ]);
  const checkedInAt = new Date("2027-03-01T08:30:00.000Z");
  const [checkIn] = await addCheckIns(event.id, [{ attendeeId: person.id, checkedInAt }]);
  const [attendance] = await addAttendance(event.id, [
    { sessionId: session.id, attendeeId: person.id, scannedAt: new Date("2027-03-01T09:01:00.000Z") },
  ]);
  const [form] = await addForms(event.id, [
    { name: "Survey", description: "Tell us", fields: [{ key: "q1", label: "Q1", type: "rating", required: true }] },
  ]);
  const [submission] = await addSubmissions(form.id, [
    {
      attendeeId: person.id,
      answers: { q1: 5 },
      submittedAt: new Date("2027-03-01T18:00:00.000Z"),
      updatedAt: new Date("2027-03-01T18:05:00.000Z"),
      revision: 2,
    },
  ]);
  const [feedback] = await addFeedback(event.id, [
    { attendeeId: person.id, sessionId: session.id, kind: "review", rating: 4, comment: "Great" },
  ]);
  return {
    event,
    attendee: { ...person, checkedInAt },
    track,
    room,
    speaker,
    session,
    sponsor,
    infoSection,
    checkIn,
    attendance,
    form,
    submission,
    feedback,
  };
}

export type StockedEvent = Awaited<ReturnType<typeof createStockedEvent>>;

export type ReadEndpoint = {
  /** The spec's path template, e.g. "/events/{eventId}/sessions". */
  name: string;
  /** The concrete path under /partner/v1 for the given ids. */
  path: string;
  scope: Scope | null;
  envelope: "single" | "paged" | "unpaged";
};

/** Every GET endpoint of the Partner API that needs a key, for the given event, attendee and form. */
export function readEndpoints(ids: { eventId: string; attendeeId: string; formId: string }): ReadEndpoint[] {
  const rows: [string, Scope | null, ReadEndpoint["envelope"]][] = [
    ["/me", null, "single"],
    ["/events", "events:read", "paged"],
    ["/events/{eventId}", "events:read", "single"],
    ["/events/{eventId}/sessions", "events:read", "paged"],
    ["/events/{eventId}/tracks", "events:read", "unpaged"],
    ["/events/{eventId}/rooms", "events:read", "unpaged"],
    ["/events/{eventId}/speakers", "events:read", "paged"],
    ["/events/{eventId}/sponsors", "events:read", "unpaged"],
    ["/events/{eventId}/info-sections", "events:read", "unpaged"],
    ["/events/{eventId}/attendees", "attendees:read", "paged"],
    ["/events/{eventId}/attendees/{attendeeId}", "attendees:read", "single"],
    ["/events/{eventId}/check-ins", "engagement:read", "paged"],
    ["/events/{eventId}/session-attendance", "engagement:read", "paged"],
    ["/events/{eventId}/forms", "engagement:read", "unpaged"],
    ["/events/{eventId}/forms/{formId}/submissions", "engagement:read", "paged"],
    ["/events/{eventId}/feedback", "engagement:read", "paged"],
  ];
  return rows.map(([name, scope, envelope]) => ({
    name,
    path:
      "/partner/v1" +
      name.replace("{eventId}", ids.eventId).replace("{attendeeId}", ids.attendeeId).replace("{formId}", ids.formId),
    scope,
    envelope,
  }));
}
