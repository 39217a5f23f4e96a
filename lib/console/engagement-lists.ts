import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { keysetCursor, parseKeysetCursor } from "./keyset-cursor";
import { PAGE_SIZE } from "./pagination";
import { readAnswers, type Answer } from "./form-answer-values";
import { readFormFields } from "@/lib/domain/engagement/form-field-types";

// The engagement record of one event, read-only, newest first: check-ins, door scans,
// form answers and feedback, each keyset-paged on (time, id) so a deep page costs what
// the first does. Every query joins the event to the organization, so another
// organization's event (or an attendee of another event) finds nothing. The attendee
// page passes `attendeeId` to show one person's share of the same lists.

export type Page<T> = { rows: T[]; next: string | null };
export type ListFilter = { after?: string; attendeeId?: string };

export type CheckInRow = { attendeeId: string; displayName: string; email: string; checkedInAt: Date };
export type ScanRow = { id: string; attendeeId: string; displayName: string; sessionId: string; sessionTitle: string; scannedAt: Date };
export type SubmissionRow = {
  id: string; attendeeId: string; displayName: string; formId: string; formName: string; revision: number; submittedAt: Date; updatedAt: Date;
  /** Label and value of each of the form's fields, in the form's order. */
  answers: Answer[];
};
export type FeedbackRow = {
  id: string; attendeeId: string | null; displayName: string | null; sessionTitle: string | null; kind: string;
  rating: number | null; comment: string | null; commentTruncated: boolean; createdAt: Date;
};

/** Comments are free text from the attendee app; the list shows this many characters of each. */
export const COMMENT_PREVIEW = 280;

const isUuid = (value: string | undefined) => value !== undefined && z.uuid().safeParse(value).success;

type Scope = { orgId: string; eventId: string; attendeeId?: string };

/** null when an id is malformed: nothing can match, and the casts below would throw. */
function scope(orgId: string, eventId: string, filter: ListFilter): Scope | null {
  if (!isUuid(orgId) || !isUuid(eventId)) return null;
  if (filter.attendeeId !== undefined && !isUuid(filter.attendeeId)) return null;
  return { orgId, eventId, attendeeId: filter.attendeeId };
}

function page<T extends { at: Date; key: string }>(rows: T[]): Page<Omit<T, "at" | "key">> {
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  return {
    rows: shown.map(({ at: _at, key: _key, ...row }) => row),
    next: rows.length > PAGE_SIZE && last ? keysetCursor(last.at, last.key) : null,
  };
}

/** `(time, id) < cursor` for a newest-first walk, or nothing on the first page. */
function before(time: Prisma.Sql, id: Prisma.Sql, after: string | undefined): Prisma.Sql {
  const cursor = parseKeysetCursor(after);
  return cursor ? Prisma.sql`AND (${time}, ${id}) < (${cursor.at}, ${cursor.id}::uuid)` : Prisma.empty;
}

function forAttendee(column: Prisma.Sql, attendeeId: string | undefined): Prisma.Sql {
  return attendeeId ? Prisma.sql`AND ${column} = ${attendeeId}::uuid` : Prisma.empty;
}

export async function listCheckIns(orgId: string, eventId: string, filter: ListFilter = {}): Promise<Page<CheckInRow>> {
  const s = scope(orgId, eventId, filter);
  if (!s) return { rows: [], next: null };
  const rows = await getDb().$queryRaw<(CheckInRow & { at: Date; key: string })[]>`
    SELECT c."attendeeId", a."displayName", a.email::text AS email, c."checkedInAt",
           c."checkedInAt" AS at, c."attendeeId"::text AS key
    FROM "CheckIn" c
    JOIN "Event" e ON e.id = c."eventId" AND e."orgId" = ${s.orgId}::uuid
    JOIN "Attendee" a ON a.id = c."attendeeId"
    WHERE c."eventId" = ${s.eventId}::uuid
      ${forAttendee(Prisma.sql`c."attendeeId"`, s.attendeeId)}
      ${before(Prisma.sql`c."checkedInAt"`, Prisma.sql`c."attendeeId"`, filter.after)}
    ORDER BY c."checkedInAt" DESC, c."attendeeId" DESC
    LIMIT ${PAGE_SIZE + 1}`;
  return page(rows);
}

export async function listSessionScans(orgId: string, eventId: string, filter: ListFilter = {}): Promise<Page<ScanRow>> {
  const s = scope(orgId, eventId, filter);
  if (!s) return { rows: [], next: null };
  const rows = await getDb().$queryRaw<(ScanRow & { at: Date; key: string })[]>`
    SELECT sa.id, sa."attendeeId", a."displayName", sa."sessionId", se.title AS "sessionTitle", sa."scannedAt",
           sa."scannedAt" AS at, sa.id::text AS key
    FROM "SessionAttendance" sa
    JOIN "Event" e ON e.id = sa."eventId" AND e."orgId" = ${s.orgId}::uuid
    JOIN "Attendee" a ON a.id = sa."attendeeId"
    JOIN "Session" se ON se.id = sa."sessionId"
    WHERE sa."eventId" = ${s.eventId}::uuid
      ${forAttendee(Prisma.sql`sa."attendeeId"`, s.attendeeId)}
      ${before(Prisma.sql`sa."scannedAt"`, Prisma.sql`sa.id`, filter.after)}
    ORDER BY sa."scannedAt" DESC, sa.id DESC
    LIMIT ${PAGE_SIZE + 1}`;
  return page(rows);
}

/** Ordered by first submission; a correction raises `revision` and `updatedAt` in place. */
export async function listFormSubmissions(orgId: string, eventId: string, filter: ListFilter = {}): Promise<Page<SubmissionRow>> {
  const s = scope(orgId, eventId, filter);
  if (!s) return { rows: [], next: null };
  const rows = await getDb().$queryRaw<(Omit<SubmissionRow, "answers"> & { stored: unknown; fields: unknown; at: Date; key: string })[]>`
    SELECT fs.id, fs."attendeeId", a."displayName", fs."formId", f.name AS "formName", fs.revision, fs."submittedAt", fs."updatedAt",
           fs.answers AS stored, f.fields, fs."submittedAt" AS at, fs.id::text AS key
    FROM "FormSubmission" fs
    JOIN "Form" f ON f.id = fs."formId"
    JOIN "Event" e ON e.id = f."eventId" AND e."orgId" = ${s.orgId}::uuid
    JOIN "Attendee" a ON a.id = fs."attendeeId"
    WHERE f."eventId" = ${s.eventId}::uuid
      ${forAttendee(Prisma.sql`fs."attendeeId"`, s.attendeeId)}
      ${before(Prisma.sql`fs."submittedAt"`, Prisma.sql`fs.id`, filter.after)}
    ORDER BY fs."submittedAt" DESC, fs.id DESC
    LIMIT ${PAGE_SIZE + 1}`;
  return page(rows.map(({ stored, fields, ...row }) => ({ ...row, answers: readAnswers(readFormFields(fields), stored) })));
}

/** Feedback of a removed attendee stays, unattributed (attendeeId and displayName null). */
export async function listFeedback(orgId: string, eventId: string, filter: ListFilter = {}): Promise<Page<FeedbackRow>> {
  const s = scope(orgId, eventId, filter);
  if (!s) return { rows: [], next: null };
  const rows = await getDb().$queryRaw<(FeedbackRow & { at: Date; key: string })[]>`
    SELECT fb.id, fb."attendeeId", a."displayName", se.title AS "sessionTitle", fb.kind::text AS kind, fb.rating,
           left(fb.comment, ${COMMENT_PREVIEW}) AS comment, coalesce(length(fb.comment) > ${COMMENT_PREVIEW}, false) AS "commentTruncated",
           fb."createdAt", fb."createdAt" AS at, fb.id::text AS key
    FROM "Feedback" fb
    JOIN "Event" e ON e.id = fb."eventId" AND e."orgId" = ${s.orgId}::uuid
    LEFT JOIN "Attendee" a ON a.id = fb."attendeeId"
    LEFT JOIN "Session" se ON se.id = fb."sessionId"
    WHERE fb."eventId" = ${s.eventId}::uuid
      ${forAttendee(Prisma.sql`fb."attendeeId"`, s.attendeeId)}
      ${before(Prisma.sql`fb."createdAt"`, Prisma.sql`fb.id`, filter.after)}
    ORDER BY fb."createdAt" DESC, fb.id DESC
    LIMIT ${PAGE_SIZE + 1}`;
  return page(rows);
}

/** The query parameter that pages each list, so every page of every list is a shareable URL. */
export const LIST_PARAMS = { checkIns: "checkins", scans: "scans", submissions: "answers", feedback: "feedback" } as const;
export type EngagementList = keyof typeof LIST_PARAMS;

export type EngagementRecord = { checkIns: Page<CheckInRow> | null; scans: Page<ScanRow>; submissions: Page<SubmissionRow>; feedback: Page<FeedbackRow> };

/**
 * The lists of the engagement section (all four) or of one attendee's page (without
 * check-ins: an attendee has at most one, shown with their details), each at its cursor.
 */
export async function engagementRecord(
  orgId: string,
  eventId: string,
  cursors: Partial<Record<EngagementList, string>>,
  attendeeId?: string,
): Promise<EngagementRecord> {
  const filter = (list: EngagementList): ListFilter => ({ after: cursors[list], attendeeId });
  const [checkIns, scans, submissions, feedback] = await Promise.all([
    attendeeId === undefined ? listCheckIns(orgId, eventId, filter("checkIns")) : null,
    listSessionScans(orgId, eventId, filter("scans")),
    listFormSubmissions(orgId, eventId, filter("submissions")),
    listFeedback(orgId, eventId, filter("feedback")),
  ]);
  return { checkIns, scans, submissions, feedback };
}

/** Each list's cursor from a page's search parameters (a repeated parameter counts once). */
export function engagementCursors(searchParams: Record<string, string | string[] | undefined>): Partial<Record<EngagementList, string>> {
  const cursors: Partial<Record<EngagementList, string>> = {};
  for (const [list, param] of Object.entries(LIST_PARAMS) as [EngagementList, string][]) {
    const value = [searchParams[param]].flat()[0];
    if (value) cursors[list] = value;
  }
  return cursors;
}
