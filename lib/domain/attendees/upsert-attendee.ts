import type { AttendeeResource } from "@/lib/domain/resources/resources";
import type { Tx } from "./attendee-sql";
import { upsertAttendeesByEmail, type UpsertOutcome } from "./upsert-attendees";

// Create-or-update by address, one record: the batch operation (./upsert-attendees) with
// a batch of one, so a single record and a data-source pull follow the very same rules
// (validation, badge codes, the archived-event refusal, updatedAt, outbox events). Like
// the batch, it does not fan the events out itself: the caller dispatches once its
// transaction committed.

export type { UpsertOutcome } from "./upsert-attendees";

/**
 * `fields` has the POST body's shape (validated with the same schema; throws the spec's
 * INVALID_INPUT AppError on a bad record). On an existing attendee only the fields present
 * are compared and written: a field left out keeps its value, null clears company or
 * jobTitle, and the email is never changed (it matched case-insensitively; the stored
 * spelling stays). displayName defaults from the address only on creation. A record
 * identical to what is stored writes nothing (no updatedAt move, no webhook event).
 *
 * Throws AppError: INVALID_INPUT, NOT_FOUND (event missing or another organization's),
 * CONFLICT event_archived, INTERNAL (no free badge code).
 *
 * Pass `options.tx` to run inside the caller's transaction (READ COMMITTED, as PostgreSQL's
 * default); otherwise the upsert runs in its own.
 */
export async function upsertAttendeeByEmail(
  orgId: string,
  eventId: string,
  fields: unknown,
  options: { tx?: Tx } = {},
): Promise<{ outcome: UpsertOutcome; attendee: AttendeeResource }> {
  const [result] = await upsertAttendeesByEmail(orgId, eventId, [fields], options);
  if (result.outcome === "invalid") throw result.error;
  return result;
}
