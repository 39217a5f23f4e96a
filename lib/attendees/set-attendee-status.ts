import { AppError } from "@/lib/errors/app-error";
import { toAttendee, type AttendeeRow } from "@/lib/partner-api/projections";
import type { AttendeeResource } from "@/lib/partner-api/resources";
import { assertTransition, type AttendeeStatus } from "@/lib/transitions/state-tables";
import { dispatchSoon } from "@/lib/webhooks/dispatch";
import { recordWebhookEvent } from "@/lib/webhooks/outbox";
import { attendeePayload } from "@/lib/webhooks/payloads";
import { previousAttributes } from "@/lib/webhooks/previous-attributes";
import { ATTENDEE_RETURNING, inTransaction, type Tx } from "./attendee-sql";
import { assertEventWritable, lockEventForAttendeeWrite } from "./writable-event";

// Shared by revokeAttendee and restoreAttendee: locks the event (FOR SHARE) and the
// attendee, lets the caller pick the target status from the locked row, checks the move
// against the attendee state table and records `attendee.updated` with the new status.
// A target equal to the current status changes nothing and records nothing.

type LockedForStatus = AttendeeRow & { userId: string | null };

async function lockAttendeeWithUser(tx: Tx, eventId: string, attendeeId: string): Promise<LockedForStatus | null> {
  const rows = await tx.$queryRaw<LockedForStatus[]>`
    SELECT ${ATTENDEE_RETURNING}, a."userId" FROM "Attendee" a
    WHERE a.id = ${attendeeId}::uuid AND a."eventId" = ${eventId}::uuid
    FOR UPDATE`;
  return rows[0] ?? null;
}

export async function setAttendeeStatus(
  orgId: string,
  eventId: string,
  attendeeId: string,
  target: (current: LockedForStatus) => AttendeeStatus | null,
): Promise<{ attendee: AttendeeResource; changed: boolean }> {
  const result = await inTransaction(undefined, async (tx) => {
    const eventStatus = await lockEventForAttendeeWrite(tx, orgId, eventId);
    const current = await lockAttendeeWithUser(tx, eventId, attendeeId);
    if (!current) throw new AppError("NOT_FOUND", "No such attendee.");
    assertEventWritable(eventStatus);
    const { userId: _userId, ...row } = current;
    const next = target(current);
    if (next === null || next === current.status) return { row, recorded: null };
    assertTransition("attendee", current.status, next);

    const rows = await tx.$queryRaw<AttendeeRow[]>`
      UPDATE "Attendee" AS a
      SET status = ${next}::"AttendeeStatus",
          "updatedAt" = GREATEST(clock_timestamp(), a."updatedAt" + interval '1 millisecond')
      WHERE a.id = ${attendeeId}::uuid
      RETURNING ${ATTENDEE_RETURNING}`;
    const data = attendeePayload(rows[0]);
    const { id } = await recordWebhookEvent(tx, { orgId, type: "attendee.updated", data, previousAttributes: previousAttributes(attendeePayload(row), data) });
    return { row: rows[0], recorded: id };
  });
  if (result.recorded) await dispatchSoon([result.recorded]);
  return { attendee: toAttendee(result.row), changed: result.recorded !== null };
}
