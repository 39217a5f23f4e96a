import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { fieldChanges } from "@/lib/domain/audit/summary";
import { inTransaction, type Tx } from "@/lib/platform/db/write-transaction";
import { AppError } from "@/lib/platform/errors/app-error";
import { toAttendee, type AttendeeRow } from "@/lib/domain/resources/projections";
import type { AttendeeResource } from "@/lib/domain/resources/resources";
import { afterOutboxWrite } from "@/lib/domain/webhooks/dispatch";
import { applyAttendeeChanges } from "./apply-attendee-changes";
import { attendeeChanges, parseAttendeeBody, updateAttendeeBodySchema } from "./attendee-input";
import { readAttendeeForChange } from "./attendee-sql";
import { assertEventWritable } from "./writable-event";

/**
 * Changes displayName, company or jobTitle (PATCH /events/{eventId}/attendees/{attendeeId}).
 * Fields left out stay as they are; null clears company and jobTitle. A change that
 * alters nothing (empty body, same values) writes nothing: updatedAt stays and no
 * attendee.updated is recorded. A real change records attendee.updated in the statement
 * that writes it and fans it out to webhook endpoints once committed.
 *
 * Throws AppError: INVALID_INPUT (400), NOT_FOUND (404: event missing or another
 * organization's, or the attendee is not on this event), CONFLICT event_archived (409).
 * `integrationsUnlocked`: as for createAttendee. `actor`: as for createAttendee (null from
 * the Partner API, whose writes are not audited here).
 */
export async function updateAttendee(
  orgId: string,
  eventId: string,
  attendeeId: string,
  input: unknown,
  actor: Actor | null,
  options: { integrationsUnlocked?: boolean } = {},
): Promise<{ attendee: AttendeeResource; changed: boolean }> {
  const changes = attendeeChanges(parseAttendeeBody(updateAttendeeBodySchema, input));
  // Read, compute, write only if unchanged (apply-attendee-changes.ts): two statements and
  // no transaction. A miss means another change landed first; read again.
  for (let attempt = 1; ; attempt++) {
    const { eventStatus, attendee: current } = await readAttendeeForChange(orgId, eventId, attendeeId);
    if (eventStatus === null) throw new AppError("NOT_FOUND", "No such event.");
    if (!current) throw new AppError("NOT_FOUND", "No such attendee.");
    assertEventWritable(eventStatus);
    const fanOut = options.integrationsUnlocked === true;
    const applied = actor
      ? await inTransaction(undefined, async (tx) => {
          const result = await applyAttendeeChanges(orgId, current, changes, { fanOut, tx });
          if (!result.stale && result.changed) await auditUpdate(tx, orgId, actor, current, result.row);
          return result;
        })
      : await applyAttendeeChanges(orgId, current, changes, { fanOut });
    if (!applied.stale) {
      if (applied.outbox) await afterOutboxWrite(orgId, applied.outbox);
      return { attendee: toAttendee(applied.row), changed: applied.changed };
    }
    if (applied.eventStatus === null) throw new AppError("NOT_FOUND", "No such event.");
    assertEventWritable(applied.eventStatus);
    if (attempt >= MAX_ATTEMPTS) throw new Error(`attendee ${attendeeId} kept changing: ${MAX_ATTEMPTS} attempts to update it missed`);
  }
}

async function auditUpdate(tx: Tx, orgId: string, actor: Actor, before: AttendeeRow, after: AttendeeRow) {
  await recordAudit(tx, orgId, actor, {
    action: "attendee.updated",
    target: { type: "attendee", id: after.id, label: after.displayName },
    summary: fieldChanges(before, after, ["displayName", "company", "jobTitle"]),
  });
}

/** Each miss means another change landed; this many in a row is not contention but a bug. */
const MAX_ATTEMPTS = 100;
