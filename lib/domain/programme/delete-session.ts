import { getDb } from "@/lib/platform/db/client";
import { dispatchSoon } from "@/lib/domain/webhooks/dispatch";
import { recordWebhookEvent } from "@/lib/domain/webhooks/outbox";
import { sessionPayload } from "@/lib/domain/webhooks/payloads";
import { assertNotArchived, lockOrgSession, type SessionRow } from "./session-rows";

/**
 * Removes a session (its speaker links and door scans go with it; feedback about it keeps
 * the feedback with sessionId cleared). Records `session.deleted` carrying the session as
 * it was.
 */
export async function deleteSession(orgId: string, sessionId: string): Promise<SessionRow> {
  const { session, recorded } = await getDb().$transaction(async (tx) => {
    const { eventStatus, ...session } = await lockOrgSession(tx, orgId, sessionId);
    assertNotArchived(eventStatus);
    await tx.session.delete({ where: { id: sessionId } });
    const { id } = await recordWebhookEvent(tx, { orgId, type: "session.deleted", data: sessionPayload(session) });
    return { session, recorded: id };
  }, { maxWait: 10_000, timeout: 10_000 });

  await dispatchSoon([recorded]);
  return session;
}
