import { getDb } from "@/lib/db/client";
import { toEvent } from "@/lib/partner-api/projections";
import type { EventResource } from "@/lib/partner-api/resources";
import { assertTransition } from "@/lib/transitions/state-tables";
import { dispatchSoon } from "@/lib/webhooks/dispatch";
import { recordWebhookEvent } from "@/lib/webhooks/outbox";
import { previousAttributes } from "@/lib/webhooks/previous-attributes";
import { eventPayload } from "@/lib/webhooks/payloads";
import { lockOrgEvent } from "./update-event";

// draft or published → archived (final; see lib/transitions/state-tables.ts). Records
// `event.updated` with status "archived" (there is no event.archived type). Archiving an
// archived event is a no-op. The event row lock waits for guest-list writes in flight
// (they hold FOR SHARE on it), and every write after it answers 409 event_archived.

export async function archiveEvent(orgId: string, eventId: string): Promise<{ event: EventResource; changed: boolean }> {
  const result = await getDb().$transaction(async (tx) => {
    const current = await lockOrgEvent(tx, orgId, eventId);
    if (current.status === "archived") return { event: toEvent(current), recorded: null };
    assertTransition("event", current.status, "archived");
    const updated = await tx.event.update({ where: { id: eventId }, data: { status: "archived" } });
    const data = eventPayload(updated);
    const { id } = await recordWebhookEvent(tx, { orgId, type: "event.updated", data, previousAttributes: previousAttributes(eventPayload(current), data) });
    return { event: toEvent(updated), recorded: id };
  }, { maxWait: 10_000, timeout: 10_000 });

  if (result.recorded) await dispatchSoon([result.recorded]);
  return { event: result.event, changed: result.recorded !== null };
}
