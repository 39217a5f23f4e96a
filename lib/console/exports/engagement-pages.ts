import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { formatBadgeCode } from "@/lib/domain/badges/badge-code";
import type { KeysetCursor } from "../keyset-cursor";

// The engagement lists as exports read them: the console's order (newest first), keyset
// pages on (time, id) riding the same indexes, with the columns a spreadsheet wants (email,
// the whole comment). The event has been checked to belong to the organization before any
// of these runs; each query still names the event.

export type Keyed<T> = T & { at: Date; key: string };

function before(time: Prisma.Sql, id: Prisma.Sql, after: KeysetCursor | null): Prisma.Sql {
  return after ? Prisma.sql`AND (${time}, ${id}) < (${after.at}, ${after.id}::uuid)` : Prisma.empty;
}

export type CheckInExportRow = { displayName: string; email: string; badgeCode: string; checkedInAt: Date };

export async function checkInPage(eventId: string, after: KeysetCursor | null, limit: number) {
  const rows = await getDb().$queryRaw<Keyed<CheckInExportRow>[]>`
    SELECT a."displayName", a.email::text AS email, a."badgeCode", c."checkedInAt", c."checkedInAt" AS at, c."attendeeId"::text AS key
    FROM "CheckIn" c JOIN "Attendee" a ON a.id = c."attendeeId"
    WHERE c."eventId" = ${eventId}::uuid ${before(Prisma.sql`c."checkedInAt"`, Prisma.sql`c."attendeeId"`, after)}
    ORDER BY c."checkedInAt" DESC, c."attendeeId" DESC LIMIT ${limit}`;
  return rows.map((row) => ({ ...row, badgeCode: formatBadgeCode(row.badgeCode) }));
}

export type ScanExportRow = { displayName: string; email: string; sessionTitle: string; scannedAt: Date };

export function scanPage(eventId: string, after: KeysetCursor | null, limit: number) {
  return getDb().$queryRaw<Keyed<ScanExportRow>[]>`
    SELECT a."displayName", a.email::text AS email, se.title AS "sessionTitle", sa."scannedAt", sa."scannedAt" AS at, sa.id::text AS key
    FROM "SessionAttendance" sa JOIN "Attendee" a ON a.id = sa."attendeeId" JOIN "Session" se ON se.id = sa."sessionId"
    WHERE sa."eventId" = ${eventId}::uuid ${before(Prisma.sql`sa."scannedAt"`, Prisma.sql`sa.id`, after)}
    ORDER BY sa."scannedAt" DESC, sa.id DESC LIMIT ${limit}`;
}

export type FeedbackExportRow = {
  displayName: string | null; email: string | null; kind: string; sessionTitle: string | null; rating: number | null; comment: string | null; createdAt: Date;
};

export function feedbackPage(eventId: string, after: KeysetCursor | null, limit: number) {
  return getDb().$queryRaw<Keyed<FeedbackExportRow>[]>`
    SELECT a."displayName", a.email::text AS email, fb.kind::text AS kind, se.title AS "sessionTitle", fb.rating, fb.comment, fb."createdAt",
           fb."createdAt" AS at, fb.id::text AS key
    FROM "Feedback" fb LEFT JOIN "Attendee" a ON a.id = fb."attendeeId" LEFT JOIN "Session" se ON se.id = fb."sessionId"
    WHERE fb."eventId" = ${eventId}::uuid ${before(Prisma.sql`fb."createdAt"`, Prisma.sql`fb.id`, after)}
    ORDER BY fb."createdAt" DESC, fb.id DESC LIMIT ${limit}`;
}

export type AnswerExportRow = { displayName: string; email: string; answers: unknown; revision: number; submittedAt: Date; updatedAt: Date };

export function answerPage(formId: string, after: KeysetCursor | null, limit: number) {
  return getDb().$queryRaw<Keyed<AnswerExportRow>[]>`
    SELECT a."displayName", a.email::text AS email, fs.answers, fs.revision, fs."submittedAt", fs."updatedAt",
           fs."submittedAt" AS at, fs.id::text AS key
    FROM "FormSubmission" fs JOIN "Attendee" a ON a.id = fs."attendeeId"
    WHERE fs."formId" = ${formId}::uuid ${before(Prisma.sql`fs."submittedAt"`, Prisma.sql`fs.id`, after)}
    ORDER BY fs."submittedAt" DESC, fs.id DESC LIMIT ${limit}`;
}
