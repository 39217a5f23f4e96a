import { AppError } from "@/lib/platform/errors/app-error";
import type { EventWriteState, Tx } from "./attendee-sql";

// Guest-list writes go to draft and published events only. An archived event's list is
// read-only, as an archived repository refuses pushes: the answer is 409 CONFLICT with
// details.reason = event_archived (the state of the event, not the request, is at fault).

export type { EventWriteState } from "./attendee-sql";

/**
 * The event's status, or 404 when it is missing or another organization's. FOR SHARE holds
 * the status until the transaction ends: archiving waits for writes in flight, and a write
 * that starts after the archive sees it.
 */
export async function lockEventForAttendeeWrite(tx: Tx, orgId: string, eventId: string): Promise<EventWriteState> {
  const rows = await tx.$queryRaw<{ status: EventWriteState }[]>`
    SELECT e.status::text AS status FROM "Event" e
    WHERE e.id = ${eventId}::uuid AND e."orgId" = ${orgId}::uuid
    FOR SHARE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "No such event.");
  return rows[0].status;
}

export function assertEventWritable(status: EventWriteState): void {
  if (status === "archived") {
    throw new AppError("CONFLICT", "The event is archived; its guest list is read-only.", { reason: "event_archived" });
  }
}
