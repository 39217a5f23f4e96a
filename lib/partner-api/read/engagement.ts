import { sqlRows } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import type { KeyBoundRead } from "../key-bound-read";
import { keysetPage } from "../keyset";
import { iso, toCheckIn, toFeedback, toForm, toFormSubmission, toSessionAttendance } from "@/lib/domain/resources/projections";
import { eventCheckRead, type CheckedEvent } from "./events";

// The engagement record of one event (engagement:read): check-ins, session attendance,
// forms, form submissions and feedback. All oldest first (or arrival / scan order), so an
// incremental sync can keep a high-water mark. Queries select only projected columns.

type PageQuery = { limit: number; cursor?: string };

type CheckInRow = Parameters<typeof toCheckIn>[0];
type AttendanceRow = Parameters<typeof toSessionAttendance>[0];
type SubmissionRow = Parameters<typeof toFormSubmission>[0];
type FeedbackRow = Parameters<typeof toFeedback>[0];

/** Paged, arrival order; the attendee id breaks ties (one check-in per attendee). */
export async function listCheckIns(event: CheckedEvent, query: PageQuery) {
  const eventId = event.id;
  const page = await keysetPage<CheckInRow>({
    scope: `check-ins:${eventId}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: `c."checkedInAt"`, cast: "timestamptz" },
      { sql: `c."attendeeId"`, cast: "uuid" },
    ],
    position: (row) => [iso(row.checkedInAt), row.attendeeId],
    fetch: ({ after, orderBy, take }) => sqlRows<CheckInRow>`
      SELECT c."attendeeId", c."checkedInAt" FROM "CheckIn" c
      WHERE c."eventId" = ${eventId}::uuid ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  return { data: page.rows.map(toCheckIn), meta: { nextCursor: page.nextCursor } };
}

/**
 * Paged, scan order. The optional sessionId filter is applied together with the event,
 * so a session of another event (or organization) matches nothing: an empty last page.
 */
export async function listSessionAttendance(
  event: CheckedEvent,
  query: PageQuery & { sessionId?: string },
) {
  const eventId = event.id;
  const sessionFilter = query.sessionId ? Prisma.sql`AND a."sessionId" = ${query.sessionId}::uuid` : Prisma.empty;
  const page = await keysetPage<AttendanceRow>({
    scope: `session-attendance:${eventId}:${query.sessionId ?? "*"}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: `a."scannedAt"`, cast: "timestamptz" },
      { sql: `a.id`, cast: "uuid" },
    ],
    position: (row) => [iso(row.scannedAt), row.id],
    fetch: ({ after, orderBy, take }) => sqlRows<AttendanceRow>`
      SELECT a.id, a."sessionId", a."attendeeId", a."scannedAt" FROM "SessionAttendance" a
      WHERE a."eventId" = ${eventId}::uuid ${sessionFilter} ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  return { data: page.rows.map(toSessionAttendance), meta: { nextCursor: page.nextCursor } };
}

/** Unpaged, oldest first (createdAt, id). */
export async function listForms(event: CheckedEvent) {
  const eventId = event.id;
  const rows = await sqlRows<Parameters<typeof toForm>[0]>`
    SELECT f.id, f."eventId", f.name, f.description, f.status::text AS status, f.fields FROM "Form" f
    WHERE f."eventId" = ${eventId}::uuid
    ORDER BY f."createdAt" ASC, f.id ASC`;
  return { data: rows.map(toForm) };
}

declare const checked: unique symbol;

/** A form of the request's event: only formCheckRead makes one. */
export type CheckedForm = { readonly event: CheckedEvent; readonly id: string; readonly [checked]: true };

/** The event's tenancy check and then the form's (a form of that event), in the key's statement. */
export function formCheckRead(eventId: string, formId: string): KeyBoundRead<CheckedForm> {
  const eventCheck = eventCheckRead(eventId);
  return {
    sql: (org) => Prisma.sql`
      SELECT checked."checkedEventId",
             (SELECT f.id FROM "Form" f WHERE f.id = ${formId}::uuid AND f."eventId" = checked."checkedEventId") AS "checkedFormId"
      FROM (${eventCheck.sql(org)}) AS checked`,
    finish: (row, orgId) => {
      const event = eventCheck.finish(row, orgId);
      if (typeof row.checkedFormId !== "string") throw new AppError("NOT_FOUND", "No such form.");
      return { event, id: row.checkedFormId } as CheckedForm;
    },
  };
}

/** Paged, oldest first by first submission. */
export async function listFormSubmissions(form: CheckedForm, query: PageQuery) {
  const eventId = form.event.id;
  const formId = form.id;
  const page = await keysetPage<SubmissionRow>({
    scope: `form-submissions:${eventId}:${formId}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: `fs."submittedAt"`, cast: "timestamptz" },
      { sql: `fs.id`, cast: "uuid" },
    ],
    position: (row) => [iso(row.submittedAt), row.id],
    fetch: ({ after, orderBy, take }) => sqlRows<SubmissionRow>`
      SELECT fs.id, fs."formId", fs."attendeeId", fs."submittedAt", fs."updatedAt", fs.answers
      FROM "FormSubmission" fs
      WHERE fs."formId" = ${formId}::uuid ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  return { data: page.rows.map(toFormSubmission), meta: { nextCursor: page.nextCursor } };
}

/** Paged, oldest first (createdAt, id). */
export async function listFeedback(event: CheckedEvent, query: PageQuery) {
  const eventId = event.id;
  const page = await keysetPage<FeedbackRow>({
    scope: `feedback:${eventId}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: `fb."createdAt"`, cast: "timestamptz" },
      { sql: `fb.id`, cast: "uuid" },
    ],
    position: (row) => [iso(row.createdAt), row.id],
    fetch: ({ after, orderBy, take }) => sqlRows<FeedbackRow>`
      SELECT fb.id, fb."attendeeId", fb."sessionId", fb.kind::text AS kind, fb.rating, fb.comment, fb."createdAt"
      FROM "Feedback" fb
      WHERE fb."eventId" = ${eventId}::uuid ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  return { data: page.rows.map(toFeedback), meta: { nextCursor: page.nextCursor } };
}
