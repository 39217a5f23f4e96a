import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { snapshot } from "@/lib/domain/audit/summary";
import { AppError } from "@/lib/platform/errors/app-error";
import { toAttendee, type AttendeeRow } from "@/lib/domain/resources/projections";
import type { AttendeeResource } from "@/lib/domain/resources/resources";
import { afterOutboxWrite } from "@/lib/domain/webhooks/dispatch";
import { createAttendeeBodySchema, newAttendeeFields, parseAttendeeBody } from "./attendee-input";
import { inTransaction, type Tx } from "@/lib/platform/db/write-transaction";
import { insertAttendee } from "./insert-attendee";

/**
 * Adds an attendee to the guest list (POST /events/{eventId}/attendees, the console, the
 * CLI). Status starts `invited`, the badge code is assigned here, no email is sent, and
 * attendee.created is recorded in the same transaction as the row (and fanned out to
 * webhook endpoints once it committed).
 *
 * Throws AppError: INVALID_INPUT (400), NOT_FOUND (404: missing or another organization's
 * event), CONFLICT (409) with reason event_archived, or reason attendee_exists and the
 * existing attendeeId when the address (any letter case) is already on the event.
 *
 * `onBegin` runs first inside the transaction (the Idempotency-Key holds its claim's lock
 * there, so a connection that dies releases it with the transaction).
 * `beforeCommit` runs inside the transaction once the row and its outbox row are written
 * (the Idempotency-Key stores its response there, so both commit or neither does).
 * `integrationsUnlocked`: the caller has just found the organization's integrations
 * unlocked (the Partner API's pipeline), so the insert's statement creates the webhook
 * deliveries itself (outboxCtes in lib/domain/webhooks/outbox.ts).
 *
 * `actor`: who added the attendee in the console or the CLI, recorded in the audit log in
 * the insert's transaction. The Partner API passes null: its writes are not audited here
 * (the API key that made them is recorded with the request instead).
 */
export async function createAttendee(
  orgId: string,
  eventId: string,
  input: unknown,
  actor: Actor | null,
  options: {
    onBegin?: (tx: Tx) => Promise<void>;
    beforeCommit?: (tx: Tx, attendee: AttendeeResource) => Promise<void>;
    integrationsUnlocked?: boolean;
  } = {},
): Promise<AttendeeResource> {
  const fields = newAttendeeFields(parseAttendeeBody(createAttendeeBodySchema, input));
  const { beforeCommit, onBegin } = options;
  const insertOptions = { fanOut: options.integrationsUnlocked === true };
  // Without a beforeCommit step or an audit entry the insert is one statement that commits on its own.
  const outcome =
    beforeCommit || onBegin || actor
      ? await inTransaction(undefined, async (tx) => {
          if (onBegin) await onBegin(tx);
          const inserted = await insertAttendee(tx, orgId, eventId, fields, insertOptions);
          if (inserted.created && actor) await auditCreated(tx, orgId, actor, inserted.row);
          if (inserted.created && beforeCommit) await beforeCommit(tx, toAttendee(inserted.row));
          return inserted;
        })
      : await insertAttendee(undefined, orgId, eventId, fields, insertOptions);
  if (!outcome.created) {
    throw new AppError("CONFLICT", "An attendee with this email is already on the event; update it with PATCH.", {
      reason: "attendee_exists",
      attendeeId: outcome.existingId,
    });
  }
  await afterOutboxWrite(orgId, outcome.outbox);
  return toAttendee(outcome.row);
}

async function auditCreated(tx: Tx, orgId: string, actor: Actor, row: AttendeeRow) {
  await recordAudit(tx, orgId, actor, {
    action: "attendee.created",
    target: { type: "attendee", id: row.id, label: row.displayName },
    summary: snapshot(row, ["displayName", "email", "company", "jobTitle", "status"]),
  });
}
