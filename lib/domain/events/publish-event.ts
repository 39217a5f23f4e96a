import { AppError } from "@/lib/platform/errors/app-error";
import { toEvent } from "@/lib/domain/resources/projections";
import type { EventResource } from "@/lib/domain/resources/resources";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { change } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { canTransition } from "@/lib/domain/transitions/state-tables";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { lockOrgEvent } from "./update-event";

// draft → published. Records `event.published` only (data: the event projection after
// the change, minus createdAt/updatedAt, with status "published"); it does not also
// record event.updated: one change, one webhook. Receivers mirroring event state
// subscribe to both types. Publishing a published event is a no-op (nothing recorded);
// an archived event cannot be published again (409 CONFLICT, reason event_archived).

export async function publishEvent(orgId: string, eventId: string, actor: Actor): Promise<{ event: EventResource; changed: boolean }> {
  const { result } = await commitAndAnnounce(orgId, async (tx, announce) => {
    const current = await lockOrgEvent(tx, orgId, eventId);
    if (current.status === "published") return { event: toEvent(current), recorded: null };
    if (!canTransition("event", current.status, "published")) {
      throw new AppError("CONFLICT", "An archived event cannot be published.", { reason: "event_archived" });
    }
    const updated = await tx.event.update({ where: { id: eventId }, data: { status: "published" } });
    const id = await announce({ type: "event.published", data: eventPayload(updated) });
    await recordAudit(tx, orgId, actor, {
      action: "event.published",
      target: { type: "event", id: eventId, label: updated.name },
      summary: change("status", current.status, updated.status),
    });
    return { event: toEvent(updated), recorded: id };
  });
  return { event: result.event, changed: result.recorded !== null };
}
