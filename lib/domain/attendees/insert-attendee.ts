import { randomBytes, randomUUID } from "node:crypto";
import { BADGE_CODE_TAKEN, withUniqueBadgeCode } from "@/lib/domain/badges/assign-badge-code";
import { sqlQuery } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttendeeRow } from "@/lib/domain/resources/projections";
import { OUTBOX_RESULT_COLUMNS, outboxCtes, type OutboxResult } from "@/lib/domain/webhooks/outbox";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";
import type { NewAttendeeFields } from "./attendee-input";
import { ATTENDEE_RETURNING, type Tx } from "./attendee-sql";
import { assertEventWritable, type EventWriteState } from "./writable-event";

// One attendee insert as ONE statement: the event's tenancy and status (held FOR SHARE,
// so archiving waits for it), the row, and its attendee.created outbox row. A statement
// is atomic, so without a caller's transaction it commits alone (one round trip for a
// POST); inside one (the Idempotency-Key path) it is one step of it.
//
// The webhook body is built before the insert from the same values the insert writes
// (id, status, visibility, invitedAt are set explicitly, not left to column defaults), so
// the outbox row is the row as stored. The body omits createdAt and updatedAt, the only
// values the database fills in.
//
// A unique violation would abort the statement, so the insert never raises one: ON
// CONFLICT DO NOTHING (no target: it covers the email, badge-code and QR-token indexes)
// returns no row instead. A concurrent insert of the same address makes the statement
// wait for that transaction and then do nothing; the next statement (a new snapshot under
// READ COMMITTED) then finds the winner. No row and no attendee with the address means the
// random badge code (or QR token) was taken: try again with new ones.

/** `outbox`: the attendee.created outbox row and what is left of its fan-out (afterOutboxWrite). */
export type InsertOutcome = { created: true; row: AttendeeRow; outbox: OutboxResult } | { created: false; existingId: string };

type InsertResult = Partial<AttendeeRow> & OutboxResult & { eventStatus: EventWriteState | null };

/** The secret behind the QR on the badge; internal, never returned. */
function newQrToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * Inserts and records attendee.created (in `tx` when given); reports the existing attendee
 * when the address is taken. `fanOut`: see outboxCtes.
 */
export async function insertAttendee(
  tx: Tx | undefined,
  orgId: string,
  eventId: string,
  fields: NewAttendeeFields,
  options: { fanOut: boolean },
): Promise<InsertOutcome> {
  const run = <Row>(query: Prisma.Sql): Promise<Row[]> => (tx ? tx.$queryRaw<Row[]>(query) : sqlQuery<Row>(query));
  return withUniqueBadgeCode(async (badgeCode): Promise<InsertOutcome | typeof BADGE_CODE_TAKEN> => {
    const fresh = { id: randomUUID(), eventId, ...fields, badgeCode, status: "invited", visibleInList: false, invitedAt: null, checkedInAt: null };
    // createdAt/updatedAt are not part of a webhook body (the schema drops them).
    const payload = attendeePayload({ ...fresh, createdAt: new Date(0), updatedAt: new Date(0) });
    const [result] = await run<InsertResult>(Prisma.sql`
      WITH ev AS (
        SELECT e.status::text AS status FROM "Event" e
        WHERE e.id = ${eventId}::uuid AND e."orgId" = ${orgId}::uuid
        FOR SHARE
      ), ins AS (
        INSERT INTO "Attendee" AS a (id, "eventId", "displayName", email, company, "jobTitle", "badgeCode", "qrToken", status,
                                     "visibleInList", "invitedAt")
        SELECT ${fresh.id}::uuid, ${eventId}::uuid, ${fresh.displayName}, ${fresh.email}::citext, ${fresh.company}, ${fresh.jobTitle},
               ${badgeCode}, ${newQrToken()}, ${fresh.status}::"AttendeeStatus", ${fresh.visibleInList}, NULL
        FROM ev WHERE ev.status <> 'archived'
        ON CONFLICT DO NOTHING
        RETURNING ${ATTENDEE_RETURNING}
      ), ${outboxCtes("ins", { orgId, type: "attendee.created", data: payload }, options)}
      SELECT (SELECT status FROM ev) AS "eventStatus", ${OUTBOX_RESULT_COLUMNS}, ins.*
      FROM (SELECT 1) AS one LEFT JOIN ins ON true`);
    if (result.eventStatus === null) throw new AppError("NOT_FOUND", "No such event.");
    assertEventWritable(result.eventStatus);
    const { eventStatus: _status, recorded, toDispatch, deliveries, ...row } = result;
    if (row.id && recorded) return { created: true, row: row as AttendeeRow, outbox: { recorded, toDispatch, deliveries } };
    const existing = await run<{ id: string }>(Prisma.sql`
      SELECT a.id FROM "Attendee" a WHERE a."eventId" = ${eventId}::uuid AND a.email = ${fields.email}::citext`);
    return existing[0] ? { created: false, existingId: existing[0].id } : BADGE_CODE_TAKEN;
  });
}
