import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import type { PartnerResult } from "../with-partner-key";
import { IDEMPOTENT_REPLAYED_HEADER, readIdempotencyKey } from "./idempotency-key";
import { runIdempotent } from "./run-idempotent";

/**
 * POST /events/{eventId}/attendees: without an Idempotency-Key a plain create; with one,
 * the first request's 201 is stored and replayed (Idempotent-Replayed: true) for 24 hours.
 * Called only past the pipeline's lock check, so the organization's integrations are
 * unlocked: the insert creates the webhook deliveries in its own statement. No audit actor
 * (null): the audit log is for console and operator changes; a partner's write is traced
 * to its API key, not to a person.
 */
export async function createAttendeeIdempotently(
  orgId: string,
  eventId: string,
  body: unknown,
  headers: Headers,
): Promise<PartnerResult> {
  const key = readIdempotencyKey(headers);
  if (key === null) return { status: 201, body: { data: await createAttendee(orgId, eventId, body, null, { integrationsUnlocked: true }) } };
  const result = await runIdempotent(
    { orgId, key, method: "POST", path: `/events/${eventId}/attendees`, body },
    async ({ hold, complete }) => {
      const attendee = await createAttendee(orgId, eventId, body, null, {
        onBegin: hold,
        beforeCommit: (tx, created) => complete(tx, 201, { data: created }),
        integrationsUnlocked: true,
      });
      return { status: 201, body: { data: attendee } };
    },
  );
  return {
    status: result.status,
    body: result.body,
    headers: result.replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: "true" } : undefined,
  };
}
