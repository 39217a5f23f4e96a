import { getDb } from "@/lib/platform/db/client";
import type { ClaimedRow } from "./claim";
import { formatFromDb, shapeBody, type ShapedBody } from "./shape-delivery";

// The endpoint's shape applied to a claimed delivery, and the end of a delivery that is
// not sent because of it: `filtered` (the filter was not truthy: not a failure, nothing
// attempted) or `shape_failed` (the filter or transform errored: the error is kept on the
// row for the log, and nothing is retried or counted toward auto-disable, since the
// receiver is not at fault). Only the runner that holds the claim writes, as in
// record-attempt.ts.

export function shapeClaimed(claimed: ClaimedRow): Promise<ShapedBody> {
  return shapeBody(
    claimed.orgId,
    { filter: claimed.filter, transform: claimed.transform, format: formatFromDb(claimed.format) },
    {
      id: claimed.eventId,
      type: claimed.eventType,
      createdAt: claimed.eventCreatedAt,
      data: claimed.eventData,
      previousAttributes: claimed.eventPreviousAttributes,
    },
    // A test from the console is sent whatever the filter says: the admin asked for it.
    { applyFilter: !claimed.eventTest },
  );
}

export async function recordShapeOutcome(claimed: ClaimedRow, shaped: Exclude<ShapedBody, { kind: "send" }>, now: Date): Promise<void> {
  await getDb().webhookDelivery.updateMany({
    where: { id: claimed.deliveryId, state: "pending", attemptCount: claimed.attemptCount },
    data: {
      state: shaped.kind === "filtered" ? "filtered" : "shape_failed",
      shapeError: shaped.kind === "failed" ? shaped.error : null,
      completedAt: now,
      nextAttemptAt: null,
      lockedUntil: null,
    },
  });
}
