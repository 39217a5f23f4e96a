import { toEvent } from "@/lib/domain/resources/projections";
import type { EventResource } from "@/lib/domain/resources/resources";
import { assertTransition } from "@/lib/domain/transitions/state-tables";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { change } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { previousAttributes } from "@/lib/domain/webhooks/previous-attributes";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { lockOrgEvent } from "./update-event";

// draft or published → archived (final; see lib/domain/transitions/state-tables.ts). Records
// `event.updated` with status "archived" (there is no event.archived type). Archiving an
// archived event is a no-op. The event row lock waits for guest-list writes in flight
// (they hold FOR SHARE on it), and every write after it answers 409 event_archived.

export async function archiveEvent(orgId: string, eventId: string, actor: Actor): Promise<{ event: EventResource; changed: boolean }> {
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const current = await lockOrgEvent(tx, orgId, eventId);
    if (current.status === "archived") return { event: toEvent(current), recorded: null };
    assertTransition("event", current.status, "archived");
    const updated = await tx.event.update({ where: { id: eventId }, data: { status: "archived" } });
    const data = eventPayload(updated);
    const id = await announce({ type: "event.updated", data, previousAttributes: previousAttributes(eventPayload(current), data) });
    await recordAudit(tx, orgId, actor, {
      action: "event.archived",
      target: { type: "event", id: eventId, label: updated.name },
      summary: change("status", current.status, updated.status),
    });
    return { event: toEvent(updated), recorded: id };
  });
  return { event: result.event, changed: result.recorded !== null };
}
