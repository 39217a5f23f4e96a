import { getDb } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttendeeRow } from "@/lib/partner-api/projections";

// SQL shared by the attendee write operations. Only projected columns come back, so
// internal ones (qrToken, inviteCode, userId) never reach a response or webhook body.

export type Tx = Prisma.TransactionClient;

/** Columns of a row aliased `a`, shaped for toAttendee / attendeePayload. */
export const ATTENDEE_RETURNING = Prisma.raw(`a.id, a."eventId", a."displayName", a.email::text AS email, a.company,
  a."jobTitle", a.status::text AS status, a."visibleInList", a."badgeCode", a."invitedAt", a."checkedInAt", a."createdAt",
  a."updatedAt"`);

// maxWait covers the wait for a pooled connection: on the embedded database the pool has
// one connection, so parallel requests queue for it.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

/** Runs `work` in the caller's transaction when given one, otherwise in a new one. */
export function inTransaction<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : getDb().$transaction(work, TRANSACTION_OPTIONS);
}

/** The attendee of the event, row-locked until the transaction ends, so concurrent changes queue. */
export async function lockAttendeeById(tx: Tx, eventId: string, attendeeId: string): Promise<AttendeeRow | null> {
  const rows = await tx.$queryRaw<AttendeeRow[]>`
    SELECT ${ATTENDEE_RETURNING} FROM "Attendee" a
    WHERE a.id = ${attendeeId}::uuid AND a."eventId" = ${eventId}::uuid
    FOR UPDATE`;
  return rows[0] ?? null;
}

