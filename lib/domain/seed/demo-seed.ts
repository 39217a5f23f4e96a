import { randomUUID } from "node:crypto";
import { z } from "zod";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import { validationError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AttendeeStatus, EventStatus, FeedbackKind, FormStatus } from "@/lib/generated/prisma/enums";
import { getOrganizationOrThrow } from "@/lib/domain/orgs/organizations";
import { bulkInsert, iso } from "./bulk-insert";
import {
  COMPANIES,
  EVENT_TEMPLATES,
  FEEDBACK_COMMENTS,
  FIRST_NAMES,
  infoSectionTemplates,
  JOB_TITLES,
  KEYNOTE_TITLES,
  LAST_NAMES,
  PANEL_TITLES,
  PERSONAL_MAIL_DOMAINS,
  SPEAKER_BIO_TEMPLATES,
  SPONSOR_BLURBS,
  SPONSOR_TIERS,
  TRACK_LIBRARY,
  WORKSHOP_TITLES,
  type Company,
  type EventTemplate,
} from "./demo-content";
import {
  buildAnswers,
  POST_EVENT_SURVEY_FORM,
  REGISTRATION_FORM,
  SESSION_SURVEY_FORM,
  WORKSHOP_WAITLIST_FORM,
  type FormTemplate,
} from "./demo-forms";
import { PROGRAMME, SCANNED_TYPES, SESSION_DESCRIPTIONS } from "./demo-programme";
import { createRng, randomTokens, type Rng } from "./random";
import { addDays, localDate, zonedInstant } from "./zoned-time";

// Realistic demo data for one organization: events in every state with a full programme,
// a guest list in every status, check-ins, door scans, forms with answers and feedback.
// Large guest lists go in with multi-row unnest() inserts, all in one transaction, so a
// failed run leaves nothing behind.
//
// Seeding writes no audit entries (lib/domain/audit), on purpose: it is an operator's tool
// that fills a demo organization with made-up data in bulk, not a change anyone makes to
// an organization's real events, and thousands of entries would bury the ones that are.

export const DEFAULT_DEMO_EVENTS = 3;
export const DEFAULT_DEMO_ATTENDEES = 250;

export const seedOptionsSchema = z.object({
  events: z.number().int().min(1).max(50).default(DEFAULT_DEMO_EVENTS),
  attendees: z.number().int().min(0).max(500_000).default(DEFAULT_DEMO_ATTENDEES),
  /** Seed of the content generator (names, times, picks); secrets are always random. */
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  /** "Now" for the generated timeline; tests may pin it. */
  now: z.date().optional(),
});

export type SeedDemoOptions = z.input<typeof seedOptionsSchema>;

export type SeededEvent = { id: string; slug: string; name: string; status: EventStatus; attendees: number };

export type SeedCounts = {
  events: number;
  tracks: number;
  rooms: number;
  speakers: number;
  sessions: number;
  sessionSpeakers: number;
  sponsors: number;
  infoSections: number;
  attendees: number;
  checkIns: number;
  sessionAttendance: number;
  forms: number;
  formSubmissions: number;
  feedback: number;
};

export type SeedDemoResult = {
  orgId: string;
  events: SeededEvent[];
  counts: SeedCounts;
  seed: number;
  durationMs: number;
};

const STATUS_CYCLE: EventStatus[] = ["published", "draft", "archived"];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Attendees of events other than the first.
const SMALL_EVENT_ATTENDEES = { min: 24, max: 48 };

type Day = { year: number; month: number; day: number };

type EventPlan = {
  id: string;
  template: EventTemplate;
  name: string;
  slug: string;
  status: EventStatus;
  days: Day[];
  startAt: Date;
  endAt: Date;
  createdAt: Date;
  updatedAt: Date;
  attendeeCount: number;
  /** The programme has begun (check-ins, scans and feedback exist). */
  started: boolean;
};

type AttendeeRow = {
  id: string;
  eventId: string;
  displayName: string;
  email: string;
  company: string | null;
  jobTitle: string | null;
  status: AttendeeStatus;
  visibleInList: boolean;
  badgeCode: string;
  invitedAt: Date | null;
  checkedInAt: Date | null;
  qrToken: string;
  createdAt: Date;
  updatedAt: Date;
};

type SessionRow = {
  id: string;
  eventId: string;
  title: string;
  description: string;
  type: string;
  startAt: Date;
  endAt: Date;
  trackId: string | null;
  room: string | null;
  capacity: number | null;
  createdAt: Date;
  updatedAt: Date;
};

type AttendanceRow = { id: string; eventId: string; sessionId: string; attendeeId: string; scannedAt: Date };
type SubmissionRow = {
  id: string;
  formId: string;
  attendeeId: string;
  answers: string;
  revision: number;
  submittedAt: Date;
  updatedAt: Date;
};
type FeedbackRow = {
  id: string;
  eventId: string;
  attendeeId: string | null;
  sessionId: string | null;
  kind: FeedbackKind;
  rating: number | null;
  comment: string | null;
  createdAt: Date;
};

/** Seeds `orgId` with demo events; the first (published, running now) has `attendees` guests. */
export async function seedDemoData(orgId: string, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const parsed = seedOptionsSchema.safeParse(options);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { events: eventCount, attendees } = parsed.data;
  const seed = parsed.data.seed ?? Math.floor(Date.now() % 2 ** 31);
  const now = parsed.data.now ?? new Date();
  const started = Date.now();
  await getOrganizationOrThrow(orgId);
  const db = getDb();

  const rng = createRng(seed);
  const takenSlugs = new Set(
    (await db.event.findMany({ where: { orgId }, select: { slug: true } })).map((event) => event.slug),
  );
  const plans = Array.from({ length: eventCount }, (_, index) => planEvent(index, attendees, now, rng, takenSlugs));

  const counts: SeedCounts = {
    events: 0,
    tracks: 0,
    rooms: 0,
    speakers: 0,
    sessions: 0,
    sessionSpeakers: 0,
    sponsors: 0,
    infoSections: 0,
    attendees: 0,
    checkIns: 0,
    sessionAttendance: 0,
    forms: 0,
    formSubmissions: 0,
    feedback: 0,
  };

  await db.$transaction(
    async (tx) => {
      counts.events += (
        await tx.event.createMany({
          data: plans.map((plan) => ({
            id: plan.id,
            orgId,
            slug: plan.slug,
            name: plan.name,
            description: plan.template.description,
            status: plan.status,
            startAt: plan.startAt,
            endAt: plan.endAt,
            timezone: plan.template.timezone,
            location: plan.template.location,
            createdAt: plan.createdAt,
            updatedAt: plan.updatedAt,
          })),
        })
      ).count;
      for (const plan of plans) await seedEvent(tx, plan, rng, now, counts);
    },
    { timeout: 15 * 60_000, maxWait: 60_000 },
  );

  return {
    orgId,
    events: plans.map((plan) => ({
      id: plan.id,
      slug: plan.slug,
      name: plan.name,
      status: plan.status,
      attendees: plan.attendeeCount,
    })),
    counts,
    seed,
    durationMs: Date.now() - started,
  };
}

function planEvent(index: number, firstEventAttendees: number, now: Date, rng: Rng, takenSlugs: Set<string>): EventPlan {
  const template = EVENT_TEMPLATES[index % EVENT_TEMPLATES.length];
  const status = STATUS_CYCLE[index % STATUS_CYCLE.length];
  const round = Math.floor(index / STATUS_CYCLE.length);
  const today = localDate(now.getTime(), template.timezone);
  // The first event is running now (day one was yesterday); later ones sit around it.
  let firstDay: Day;
  if (status === "published") firstDay = round === 0 ? addDays(today, -1) : addDays(today, 30 + 21 * round);
  else if (status === "draft") firstDay = addDays(today, 120 + 30 * round);
  else firstDay = addDays(today, -150 - 60 * round);
  const days = [firstDay, addDays(firstDay, 1)];
  const startAt = zonedInstant(days[0], 8 * 60, template.timezone);
  const endAt = zonedInstant(days[1], 18 * 60, template.timezone);
  const nowMs = now.getTime();

  let createdAt: number;
  let updatedAt: number;
  if (status === "archived") {
    createdAt = startAt.getTime() - 150 * DAY;
    updatedAt = endAt.getTime() + 7 * DAY;
  } else if (status === "draft") {
    createdAt = nowMs - 12 * DAY;
    updatedAt = nowMs - 2 * DAY;
  } else if (round === 0) {
    createdAt = startAt.getTime() - 120 * DAY;
    updatedAt = nowMs - 3 * HOUR;
  } else {
    createdAt = nowMs - 20 * DAY;
    updatedAt = nowMs - DAY;
  }

  const name = `${template.name} ${days[0].year}`;
  const baseSlug = `${template.slug}-${days[0].year}`;
  let slug = baseSlug;
  for (let n = 2; takenSlugs.has(slug); n++) slug = `${baseSlug}-${n}`;
  takenSlugs.add(slug);

  return {
    id: randomUUID(),
    template,
    name,
    slug,
    status,
    days,
    startAt,
    endAt,
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    attendeeCount: index === 0 ? firstEventAttendees : rng.int(SMALL_EVENT_ATTENDEES.min, SMALL_EVENT_ATTENDEES.max),
    started: startAt.getTime() < nowMs,
  };
}

async function seedEvent(tx: Prisma.TransactionClient, plan: EventPlan, rng: Rng, now: Date, counts: SeedCounts) {
  const eventId = plan.id;
  const createdAt = new Date(plan.createdAt.getTime() + DAY);

  // Tracks and rooms.
  const tracks = plan.template.tracks.map((name, sortOrder) => ({
    id: randomUUID(),
    eventId,
    name,
    color: TRACK_LIBRARY[name]?.color ?? null,
    sortOrder,
    createdAt,
  }));
  const rooms = plan.template.rooms.map((name, sortOrder) => ({ id: randomUUID(), eventId, name, sortOrder, createdAt }));
  counts.tracks += (await tx.track.createMany({ data: tracks })).count;
  counts.rooms += (await tx.room.createMany({ data: rooms })).count;

  // Speakers: a third with a linked photo, a third with an uploaded one, a third without.
  const speakerNames = uniqueNames(rng, 16);
  const speakers = speakerNames.map((name, index) => {
    const id = randomUUID();
    const company = rng.chance(0.9) ? rng.pick(COMPANIES).name : null;
    const title = rng.chance(0.92) ? rng.pick(JOB_TITLES) : null;
    const bio = rng.chance(0.8) ? rng.pick(SPEAKER_BIO_TEMPLATES)(name, title ?? "independent consultant", company ?? "their own consultancy") : null;
    return {
      id,
      eventId,
      name,
      title,
      company,
      bio,
      photoUrl: index % 3 === 0 ? `https://photos.northwind-events.example/speakers/${slugify(name)}.jpg` : null,
      photoPath: index % 3 === 1 ? `events/${eventId}/speakers/${id}.jpg` : null,
      createdAt,
    };
  });
  counts.speakers += (await tx.speaker.createMany({ data: speakers })).count;

  // Sessions from the programme template, with speakers in billing order.
  const sessions: SessionRow[] = [];
  const sessionSpeakers: { sessionId: string; speakerId: string; position: number }[] = [];
  const titleCursor = new Map<number, number>();
  let speakerCursor = rng.int(0, speakers.length - 1);
  for (const [dayIndex, slots] of PROGRAMME.entries()) {
    for (const slot of slots) {
      const [hours, minutes] = slot.start.split(":").map(Number);
      const startAt = zonedInstant(plan.days[dayIndex], hours * 60 + minutes, plan.template.timezone);
      for (const item of slot.items) {
        const trackName = item.track === null ? null : plan.template.tracks[item.track];
        const title = sessionTitle(item.title, item.prefix, item.track, trackName, titleCursor);
        const room = typeof item.room === "number" ? plan.template.rooms[item.room] : item.room;
        const id = randomUUID();
        sessions.push({
          id,
          eventId,
          title,
          description: SESSION_DESCRIPTIONS[item.type]?.(trackName) ?? "",
          type: item.type,
          startAt,
          endAt: new Date(startAt.getTime() + item.minutes * MINUTE),
          trackId: item.track === null ? null : tracks[item.track].id,
          room,
          capacity: item.capacity,
          createdAt: new Date(createdAt.getTime() + rng.int(1, 30) * DAY),
          updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(31, 60) * DAY)),
        });
        for (let position = 0; position < item.speakers; position++) {
          sessionSpeakers.push({ sessionId: id, speakerId: speakers[speakerCursor % speakers.length].id, position });
          speakerCursor++;
        }
      }
    }
  }
  for (const session of sessions) {
    if (session.updatedAt < session.createdAt) session.updatedAt = session.createdAt;
  }
  counts.sessions += (await tx.session.createMany({ data: sessions })).count;
  counts.sessionSpeakers += (await tx.sessionSpeaker.createMany({ data: sessionSpeakers })).count;

  // Sponsors; the top-tier one prints on every QR card.
  const sponsorCompanies = rng.sample(COMPANIES, SPONSOR_TIERS.length);
  const sponsors = SPONSOR_TIERS.map((tier, sortOrder) => ({
    id: randomUUID(),
    eventId,
    name: sponsorCompanies[sortOrder].name,
    tier,
    websiteUrl: sortOrder === SPONSOR_TIERS.length - 1 ? null : `https://www.${sponsorCompanies[sortOrder].domain}`,
    description: sortOrder === 2 ? "" : SPONSOR_BLURBS[sortOrder % SPONSOR_BLURBS.length],
    sortOrder,
    createdAt,
  }));
  counts.sponsors += (await tx.sponsor.createMany({ data: sponsors })).count;
  await tx.eventCardSponsor.create({ data: { eventId, sponsorId: sponsors[0].id } });

  // Info sections in every visibility.
  const sections = infoSectionTemplates(plan.template.location).map((section, sortOrder) => ({
    id: randomUUID(),
    eventId,
    title: section.title,
    summary: section.summary,
    body: section.body,
    icon: section.icon,
    details: section.details,
    sortOrder,
    visibility: section.visibility,
    createdAt,
  }));
  counts.infoSections += (await tx.infoSection.createMany({ data: sections })).count;

  // Guest list, check-ins and door scans.
  const attendees = buildAttendees(plan, rng, now);
  counts.attendees += await bulkInsert(
    tx,
    "Attendee",
    [
      { name: "id", type: "uuid", value: (row) => row.id },
      { name: "eventId", type: "uuid", value: (row) => row.eventId },
      { name: "displayName", type: "text", value: (row) => row.displayName },
      { name: "email", type: "text", value: (row) => row.email },
      { name: "company", type: "text", value: (row) => row.company },
      { name: "jobTitle", type: "text", value: (row) => row.jobTitle },
      { name: "status", type: '"AttendeeStatus"', value: (row) => row.status },
      { name: "visibleInList", type: "boolean", value: (row) => row.visibleInList },
      { name: "badgeCode", type: "text", value: (row) => row.badgeCode },
      { name: "invitedAt", type: "timestamptz", value: (row) => iso(row.invitedAt) },
      { name: "checkedInAt", type: "timestamptz", value: (row) => iso(row.checkedInAt) },
      { name: "qrToken", type: "text", value: (row) => row.qrToken },
      { name: "createdAt", type: "timestamptz", value: (row) => iso(row.createdAt) },
      { name: "updatedAt", type: "timestamptz", value: (row) => iso(row.updatedAt) },
    ],
    attendees,
  );
  const checkedIn = attendees.filter((attendee) => attendee.checkedInAt !== null);
  counts.checkIns += await bulkInsert(
    tx,
    "CheckIn",
    [
      { name: "attendeeId", type: "uuid", value: (row: AttendeeRow) => row.id },
      { name: "eventId", type: "uuid", value: (row: AttendeeRow) => row.eventId },
      { name: "checkedInAt", type: "timestamptz", value: (row: AttendeeRow) => iso(row.checkedInAt) },
    ],
    checkedIn,
  );
  const attendance = buildAttendance(checkedIn, sessions, rng, now);
  counts.sessionAttendance += await bulkInsert(
    tx,
    "SessionAttendance",
    [
      { name: "id", type: "uuid", value: (row: AttendanceRow) => row.id },
      { name: "eventId", type: "uuid", value: (row: AttendanceRow) => row.eventId },
      { name: "sessionId", type: "uuid", value: (row: AttendanceRow) => row.sessionId },
      { name: "attendeeId", type: "uuid", value: (row: AttendanceRow) => row.attendeeId },
      { name: "scannedAt", type: "timestamptz", value: (row: AttendanceRow) => iso(row.scannedAt) },
    ],
    attendance,
  );

  // Forms and their answers.
  const forms = planForms(plan);
  counts.forms += (
    await tx.form.createMany({
      data: forms.map((form, index) => ({
        id: form.id,
        eventId,
        name: form.template.name,
        description: form.template.description,
        status: form.status,
        fields: form.template.fields,
        createdAt: new Date(createdAt.getTime() + (index + 2) * DAY),
      })),
    })
  ).count;
  const submissions = forms.flatMap((form) => buildSubmissions(form, plan, attendees, rng, now));
  counts.formSubmissions += await bulkInsert(
    tx,
    "FormSubmission",
    [
      { name: "id", type: "uuid", value: (row: SubmissionRow) => row.id },
      { name: "formId", type: "uuid", value: (row: SubmissionRow) => row.formId },
      { name: "attendeeId", type: "uuid", value: (row: SubmissionRow) => row.attendeeId },
      { name: "answers", type: "jsonb", value: (row: SubmissionRow) => row.answers },
      { name: "revision", type: "int4", value: (row: SubmissionRow) => row.revision },
      { name: "submittedAt", type: "timestamptz", value: (row: SubmissionRow) => iso(row.submittedAt) },
      { name: "updatedAt", type: "timestamptz", value: (row: SubmissionRow) => iso(row.updatedAt) },
    ],
    submissions,
  );

  // Feedback on the event and its sessions.
  const feedback = buildFeedback(plan, attendees, checkedIn, sessions, rng, now);
  counts.feedback += await bulkInsert(
    tx,
    "Feedback",
    [
      { name: "id", type: "uuid", value: (row: FeedbackRow) => row.id },
      { name: "eventId", type: "uuid", value: (row: FeedbackRow) => row.eventId },
      { name: "attendeeId", type: "uuid", value: (row: FeedbackRow) => row.attendeeId },
      { name: "sessionId", type: "uuid", value: (row: FeedbackRow) => row.sessionId },
      { name: "kind", type: '"FeedbackKind"', value: (row: FeedbackRow) => row.kind },
      { name: "rating", type: "int4", value: (row: FeedbackRow) => row.rating },
      { name: "comment", type: "text", value: (row: FeedbackRow) => row.comment },
      { name: "createdAt", type: "timestamptz", value: (row: FeedbackRow) => iso(row.createdAt) },
    ],
    feedback,
  );
}

function sessionTitle(
  fixed: string | undefined,
  prefix: string | undefined,
  track: number | null,
  trackName: string | null,
  cursor: Map<number, number>,
): string {
  if (fixed) {
    const [kind, n] = fixed.split(":");
    if (kind === "keynote") return KEYNOTE_TITLES[Number(n) % KEYNOTE_TITLES.length];
    if (kind === "panel") return PANEL_TITLES[Number(n) % PANEL_TITLES.length];
    if (kind === "workshop") return WORKSHOP_TITLES[Number(n) % WORKSHOP_TITLES.length];
    if (kind === "qa") return `Q&A: ask the ${trackName} speakers`;
    return fixed;
  }
  const titles = (trackName && TRACK_LIBRARY[trackName]?.titles) || ["Lessons from the field"];
  const next = cursor.get(track ?? -1) ?? 0;
  cursor.set(track ?? -1, next + 1);
  return (prefix ?? "") + titles[next % titles.length];
}

function uniqueNames(rng: Rng, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(`${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`);
  return [...names];
}

function slugify(text: string): string {
  return ascii(text).replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Lowercase ASCII for addresses and slugs: "Zoë Lefèvre" → "zoe lefevre". */
function ascii(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ı/g, "i").toLowerCase();
}

type StatusMix = readonly (readonly [AttendeeStatus, number])[];

function statusMix(plan: EventPlan): StatusMix {
  if (plan.status === "draft") return [["invited", 0.95], ["revoked", 0.05]];
  if (plan.status === "archived") return [["active", 0.85], ["invited", 0.1], ["revoked", 0.05]];
  if (plan.started) return [["active", 0.62], ["invited", 0.3], ["revoked", 0.08]];
  return [["active", 0.35], ["invited", 0.6], ["revoked", 0.05]];
}

function buildAttendees(plan: EventPlan, rng: Rng, now: Date): AttendeeRow[] {
  const count = plan.attendeeCount;
  const nowMs = now.getTime();
  const eventStart = plan.startAt.getTime();
  // Registrations arrive between a day after the event was created and an hour before it starts.
  const to = Math.min(eventStart - HOUR, nowMs - MINUTE);
  let from = plan.createdAt.getTime() + DAY;
  if (to - from < count) from = to - count;
  const step = Math.max(1, Math.floor((to - from) / Math.max(1, count)));
  // Invitations, sign-ins and revocations happen before the event and never in the future.
  const activityCap = Math.min(nowMs - MINUTE, eventStart);
  const mix = statusMix(plan);
  const checkInRate = plan.started ? (plan.status === "archived" ? 0.8 : 0.5) : 0;
  const checkInWindows = plan.started ? checkInDays(plan, nowMs) : [];

  const badgeCodes = new Set<string>();
  const emails = new Set<string>();
  const tokens = randomTokens(count);
  const rows = new Array<AttendeeRow>(count);
  for (let i = 0; i < count; i++) {
    const createdAt = from + i * step + (step > 1 ? rng.int(0, step - 1) : 0);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const company: Company | null = rng.chance(0.85) ? rng.pick(COMPANIES) : null;
    const domain = company?.domain ?? rng.pick(PERSONAL_MAIL_DOMAINS);
    const local = `${ascii(first)}.${ascii(last).replace(/[^a-z]/g, "")}`;
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
    emails.add(email);

    let badgeCode = generateBadgeCode();
    while (badgeCodes.has(badgeCode)) badgeCode = generateBadgeCode();
    badgeCodes.add(badgeCode);

    const status = rng.weighted(mix);
    const invitedProbability =
      plan.status === "draft" ? 0.1 : status === "active" ? 1 : status === "invited" ? 0.88 : 0.75;
    const invitedAt = rng.chance(invitedProbability)
      ? clamp(createdAt + rng.int(5 * MINUTE, 3 * DAY), createdAt, activityCap)
      : null;
    let updatedAt = invitedAt ?? createdAt;
    if (status === "active" || status === "revoked") {
      // Signed in, or removed by the organiser, some time after the invitation.
      updatedAt = clamp(updatedAt + rng.int(10 * MINUTE, 5 * DAY), updatedAt, Math.max(updatedAt, activityCap));
    }
    let checkedInAt: number | null = null;
    if (status === "active" && checkInWindows.length > 0 && rng.chance(checkInRate)) {
      const window = rng.weighted(checkInWindows.map((w, index) => [w, index === 0 ? 4 : 1] as const));
      checkedInAt = window.from + Math.floor(rng.next() * rng.next() * (window.to - window.from));
      updatedAt = Math.max(updatedAt, checkedInAt);
    }
    rows[i] = {
      id: randomUUID(),
      eventId: plan.id,
      displayName: `${first} ${last}`,
      email,
      company: company?.name ?? null,
      jobTitle: rng.chance(0.85) ? rng.pick(JOB_TITLES) : null,
      status,
      visibleInList: status === "active" && rng.chance(0.55),
      badgeCode,
      invitedAt: invitedAt === null ? null : new Date(invitedAt),
      checkedInAt: checkedInAt === null ? null : new Date(checkedInAt),
      qrToken: tokens[i],
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    };
  }
  return rows;
}

/** Front-desk opening hours (07:30 to 11:00 local) of each day that has begun. */
function checkInDays(plan: EventPlan, nowMs: number): { from: number; to: number }[] {
  const windows: { from: number; to: number }[] = [];
  for (const day of plan.days) {
    const from = zonedInstant(day, 7 * 60 + 30, plan.template.timezone).getTime();
    const to = Math.min(zonedInstant(day, 11 * 60, plan.template.timezone).getTime(), nowMs - MINUTE);
    if (to > from) windows.push({ from, to });
  }
  return windows;
}

function buildAttendance(checkedIn: AttendeeRow[], sessions: SessionRow[], rng: Rng, now: Date): AttendanceRow[] {
  const nowMs = now.getTime();
  const scannable = sessions.filter((session) => SCANNED_TYPES.has(session.type) && session.startAt.getTime() < nowMs);
  if (scannable.length === 0) return [];
  const seats = new Map<string, number>();
  const rows: AttendanceRow[] = [];
  for (const attendee of checkedIn) {
    const arrived = attendee.checkedInAt!.getTime();
    const candidates = scannable.filter((session) => session.startAt.getTime() >= arrived - 15 * MINUTE);
    const wanted = rng.weighted([[0, 1.5], [1, 2.5], [2, 3], [3, 2], [4, 1]] as const);
    const chosen: SessionRow[] = [];
    for (const session of rng.sample(candidates, wanted)) {
      const overlaps = chosen.some((other) => session.startAt < other.endAt && other.startAt < session.endAt);
      const taken = seats.get(session.id) ?? 0;
      if (overlaps || (session.capacity !== null && taken >= session.capacity)) continue;
      const scannedAt = Math.max(session.startAt.getTime() - rng.int(0, 8 * MINUTE), arrived + rng.int(MINUTE, 5 * MINUTE));
      if (scannedAt >= session.endAt.getTime() || scannedAt >= nowMs) continue;
      chosen.push(session);
      seats.set(session.id, taken + 1);
      rows.push({ id: randomUUID(), eventId: attendee.eventId, sessionId: session.id, attendeeId: attendee.id, scannedAt: new Date(scannedAt) });
    }
  }
  return rows;
}

type PlannedForm = { id: string; template: FormTemplate; status: FormStatus; audience: "registered" | "arrived" };

function planForms(plan: EventPlan): PlannedForm[] {
  const form = (template: FormTemplate, status: FormStatus, audience: PlannedForm["audience"]): PlannedForm => ({
    id: randomUUID(),
    template,
    status,
    audience,
  });
  if (plan.status === "draft") return [form(REGISTRATION_FORM, "draft", "registered")];
  if (plan.status === "archived") {
    return [form(REGISTRATION_FORM, "closed", "registered"), form(POST_EVENT_SURVEY_FORM, "closed", "arrived")];
  }
  if (plan.started) {
    return [
      form(REGISTRATION_FORM, "closed", "registered"),
      form(SESSION_SURVEY_FORM, "open", "arrived"),
      form(WORKSHOP_WAITLIST_FORM, "draft", "registered"),
    ];
  }
  return [form(REGISTRATION_FORM, "open", "registered"), form(WORKSHOP_WAITLIST_FORM, "draft", "registered")];
}

function buildSubmissions(form: PlannedForm, plan: EventPlan, attendees: AttendeeRow[], rng: Rng, now: Date): SubmissionRow[] {
  if (form.status === "draft") return [];
  const nowMs = now.getTime();
  const eventDate = `${plan.days[0].year}-${String(plan.days[0].month + 1).padStart(2, "0")}-${String(plan.days[0].day).padStart(2, "0")}`;
  const rows: SubmissionRow[] = [];
  for (const attendee of attendees) {
    let submittedAt: number;
    if (form.audience === "registered") {
      if (attendee.status === "invited" || !rng.chance(form.status === "closed" ? 0.3 : 0.2)) continue;
      const base = (attendee.invitedAt ?? attendee.createdAt).getTime();
      submittedAt = clamp(base + rng.int(10 * MINUTE, 5 * DAY), base, Math.max(base, Math.min(plan.startAt.getTime(), nowMs) - MINUTE));
    } else {
      if (!attendee.checkedInAt || !rng.chance(0.2)) continue;
      const base = form.status === "closed" ? plan.endAt.getTime() : attendee.checkedInAt.getTime();
      submittedAt = base + rng.int(30 * MINUTE, form.status === "closed" ? 5 * DAY : 8 * HOUR);
      if (submittedAt >= nowMs) continue;
    }
    let revision = 1;
    let updatedAt = submittedAt;
    if (rng.chance(0.12)) {
      const corrected = Math.min(submittedAt + rng.int(5 * MINUTE, 2 * DAY), nowMs - 1000);
      if (corrected > submittedAt) {
        revision = rng.chance(0.85) ? 2 : 3;
        updatedAt = corrected;
      }
    }
    const answers = buildAnswers(form.template.fields, rng, {
      displayName: attendee.displayName,
      email: attendee.email,
      eventDate,
    });
    rows.push({
      id: randomUUID(),
      formId: form.id,
      attendeeId: attendee.id,
      answers: JSON.stringify(answers),
      revision,
      submittedAt: new Date(submittedAt),
      updatedAt: new Date(updatedAt),
    });
  }
  return rows;
}

const FEEDBACK_KINDS: FeedbackKind[] = ["feedback", "suggestion", "rating", "review"];

function buildFeedback(
  plan: EventPlan,
  attendees: AttendeeRow[],
  checkedIn: AttendeeRow[],
  sessions: SessionRow[],
  rng: Rng,
  now: Date,
): FeedbackRow[] {
  if (!plan.started) return [];
  const nowMs = now.getTime();
  const ended = sessions.filter((session) => SCANNED_TYPES.has(session.type) && session.endAt.getTime() < nowMs);
  const authors = checkedIn.length > 0 ? checkedIn : attendees.filter((attendee) => attendee.status === "active");
  const count = clamp(Math.round(attendees.length * 0.06), 24, 3000);
  const eventStart = plan.startAt.getTime();
  const latest = Math.min(nowMs - MINUTE, plan.endAt.getTime() + 3 * DAY);
  const rows: FeedbackRow[] = [];
  for (let i = 0; i < count; i++) {
    const kind: FeedbackKind =
      i < FEEDBACK_KINDS.length
        ? FEEDBACK_KINDS[i]
        : rng.weighted([["rating", 0.35], ["review", 0.25], ["feedback", 0.25], ["suggestion", 0.15]] as const);
    const scored = kind === "rating" || kind === "review";
    const session = ended.length > 0 && rng.chance(scored ? 0.85 : 0.35) ? rng.pick(ended) : null;
    // Most feedback comes from attendees; some from organisers or speakers (no attendee).
    const author = authors.length > 0 && rng.chance(0.88) ? rng.pick(authors) : null;
    const after = Math.max(session ? session.endAt.getTime() - 10 * MINUTE : eventStart, author?.checkedInAt?.getTime() ?? 0);
    const createdAt = clamp(after + rng.int(MINUTE, session ? 3 * HOUR : 2 * DAY), after, Math.max(after, latest));
    rows.push({
      id: randomUUID(),
      eventId: plan.id,
      attendeeId: author?.id ?? null,
      sessionId: session?.id ?? null,
      kind,
      rating: scored ? rng.weighted([[5, 5], [4, 6], [3, 2], [2, 1], [1, 0.5]] as const) : null,
      comment:
        kind === "rating"
          ? null
          : kind === "review"
            ? rng.pick(FEEDBACK_COMMENTS.review)
            : rng.pick(FEEDBACK_COMMENTS[kind]),
      createdAt: new Date(Math.min(createdAt, nowMs - 1000)),
    });
  }
  return rows;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
