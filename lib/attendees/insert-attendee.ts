import { randomBytes } from "node:crypto";
import { BADGE_CODE_TAKEN, withUniqueBadgeCode } from "@/lib/badges/assign-badge-code";
import type { AttendeeRow } from "@/lib/partner-api/projections";
import { recordWebhookEvent } from "@/lib/webhooks/outbox";
import { attendeePayload } from "@/lib/webhooks/payloads";
import type { NewAttendeeFields } from "./attendee-input";
import { ATTENDEE_RETURNING, type Tx } from "./attendee-sql";

// One attendee insert, safe under concurrency and inside a transaction.
//
// A unique violation aborts a PostgreSQL transaction, so the insert never raises one:
// ON CONFLICT DO NOTHING (no target: it covers the email, badge-code and QR-token
// indexes) returns no row instead. A concurrent insert of the same address makes this
// statement wait for that transaction and then do nothing; the next statement (a new
// snapshot under READ COMMITTED) then finds the winner. No row and no attendee with the
// address means the random badge code (or QR token) was taken: try again with new ones.

/** `recorded`: the id of the attendee.created outbox row, for dispatch after commit. */
export type InsertOutcome = { created: true; row: AttendeeRow; recorded: string } | { created: false; existingId: string };

/** The secret behind the QR on the badge; internal, never returned. */
function newQrToken(): string {
  return randomBytes(24).toString("base64url");
}

/** Inserts and records attendee.created in `tx`; reports the existing attendee when the address is taken. */
export async function insertAttendee(tx: Tx, orgId: string, eventId: string, fields: NewAttendeeFields): Promise<InsertOutcome> {
  return withUniqueBadgeCode(async (badgeCode): Promise<InsertOutcome | typeof BADGE_CODE_TAKEN> => {
    const inserted = await tx.$queryRaw<AttendeeRow[]>`
      INSERT INTO "Attendee" AS a ("eventId", "displayName", email, company, "jobTitle", "badgeCode", "qrToken")
      VALUES (${eventId}::uuid, ${fields.displayName}, ${fields.email}::citext, ${fields.company}, ${fields.jobTitle},
              ${badgeCode}, ${newQrToken()})
      ON CONFLICT DO NOTHING
      RETURNING ${ATTENDEE_RETURNING}`;
    const row = inserted[0];
    if (row) {
      const { id } = await recordWebhookEvent(tx, { orgId, type: "attendee.created", data: attendeePayload(row) });
      return { created: true, row, recorded: id };
    }
    const existing = await tx.$queryRaw<{ id: string }[]>`
      SELECT a.id FROM "Attendee" a WHERE a."eventId" = ${eventId}::uuid AND a.email = ${fields.email}::citext`;
    return existing[0] ? { created: false, existingId: existing[0].id } : BADGE_CODE_TAKEN;
  });
}
