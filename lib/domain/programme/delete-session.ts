import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { snapshot } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { sessionPayload } from "@/lib/domain/webhooks/payloads";
import { assertNotArchived, lockOrgSession, type SessionRow } from "./session-rows";

/**
 * Removes a session (its speaker links and door scans go with it; feedback about it keeps
 * the feedback with sessionId cleared). Records `session.deleted` carrying the session as
 * it was.
 */
export async function deleteSession(orgId: string, sessionId: string, actor: Actor): Promise<SessionRow> {
  const { result: { session } } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const { eventStatus, ...session } = await lockOrgSession(tx, orgId, sessionId);
    assertNotArchived(eventStatus);
    await tx.session.delete({ where: { id: sessionId } });
    await announce({ type: "session.deleted", data: sessionPayload(session) });
    await recordAudit(tx, orgId, actor, {
      action: "session.deleted",
      target: { type: "session", id: sessionId, label: session.title },
      summary: snapshot(session, ["title", "type", "startAt", "endAt", "room"]),
    });
    return { session };
  });
  return session;
}
