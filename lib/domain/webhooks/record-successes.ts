import { sqlQuery } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// Successful attempts, recorded together. A success is the common case of every attempt
// and its record is three writes (the delivery, the attempt log row, the endpoint's
// failure count); one statement per success made the database commit, and the app run a
// round trip, for every delivery. Here the successes that finish during one turn of the
// event loop (or while the previous batch is being written) go in ONE statement, atomic
// for the whole batch. Alone, a success is a batch of one: an Inngest run that sends one
// delivery waits no longer than before.
//
// Each row is recorded only by the runner that still owns the claimed attempt number
// (state pending, attemptCount as claimed); a row that is no longer ours comes back false.

export type SuccessRecord = {
  deliveryId: string;
  endpointId: string;
  /** The delivery's attemptCount when it was claimed. */
  claimedAttemptCount: number;
  attemptNumber: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  snippet: string | null;
  requestHeaders: Record<string, string> | null;
  responseHeaders: string | null;
};

const MAX_BATCH = 200;

/** Records every success in one statement; the ids of the deliveries that were still ours. */
export async function recordSuccesses(records: SuccessRecord[]): Promise<Set<string>> {
  if (records.length === 0) return new Set();
  const column = <T>(pick: (record: SuccessRecord) => T) => records.map(pick);
  const rows = await sqlQuery<{ deliveryId: string }>(Prisma.sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((r) => r.deliveryId)}::uuid[], ${column((r) => r.endpointId)}::uuid[], ${column((r) => r.claimedAttemptCount)}::int[],
        ${column((r) => r.attemptNumber)}::int[], ${column((r) => r.startedAt)}::timestamptz[], ${column((r) => r.durationMs)}::int[],
        ${column((r) => r.statusCode)}::int[], ${column((r) => r.error)}::text[], ${column((r) => r.snippet)}::text[],
        ${column((r) => (r.requestHeaders === null ? null : JSON.stringify(r.requestHeaders)))}::jsonb[],
        ${column((r) => r.responseHeaders)}::text[]
      ) AS i(id, endpoint_id, claimed, attempt, started, duration, status, error, snippet, request_headers, response_headers)
    ), delivery AS (
      UPDATE "WebhookDelivery" d
      SET state = 'succeeded', "attemptCount" = i.attempt, "nextAttemptAt" = NULL, "lockedUntil" = NULL,
          "completedAt" = i.started, "updatedAt" = now()
      FROM input i
      WHERE d.id = i.id AND d.state = 'pending' AND d."attemptCount" = i.claimed
      RETURNING d.id
    ), endpoint AS (
      -- A success closes the endpoint's circuit breaker. Rows locked in id order, so two
      -- runners' batches touching the same endpoints cannot wait for each other in a cycle.
      UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 0, "probeAt" = NULL
      WHERE id IN (
        SELECT ep.id FROM "WebhookEndpoint" ep
        WHERE ep.id IN (SELECT i.endpoint_id FROM input i JOIN delivery ON delivery.id = i.id)
          AND (ep."consecutiveFailures" <> 0 OR ep."probeAt" IS NOT NULL)
        ORDER BY ep.id
        FOR UPDATE
      )
    )
    INSERT INTO "WebhookAttempt" (id, "deliveryId", "attemptNumber", "startedAt", "durationMs", "statusCode", error,
                                  "responseSnippet", "requestHeaders", "responseHeaders", succeeded)
    SELECT gen_random_uuid(), i.id, i.attempt, i.started, i.duration, i.status, i.error, i.snippet, i.request_headers,
           i.response_headers, true
    FROM input i JOIN delivery ON delivery.id = i.id
    RETURNING "deliveryId"`);
  return new Set(rows.map((row) => row.deliveryId));
}

type Waiting = { record: SuccessRecord; resolve: (recorded: boolean) => void; reject: (error: unknown) => void };

const state = { queue: [] as Waiting[], scheduled: false, writing: false };

/**
 * Records one success with whatever else finishes alongside it; true when it was still
 * ours to record. One batch is written at a time (the next one gathers meanwhile), so
 * two batches never take the same endpoints' row locks in opposite orders.
 */
export function recordSuccess(record: SuccessRecord): Promise<boolean> {
  return new Promise((resolve, reject) => {
    state.queue.push({ record, resolve, reject });
    schedule();
  });
}

function schedule(): void {
  if (state.scheduled || state.writing) return;
  state.scheduled = true;
  setImmediate(() => void writeBatch());
}

async function writeBatch(): Promise<void> {
  state.scheduled = false;
  if (state.writing || state.queue.length === 0) return;
  state.writing = true;
  const batch = state.queue.splice(0, MAX_BATCH);
  try {
    const recorded = await recordSuccesses(batch.map((waiting) => waiting.record));
    for (const waiting of batch) waiting.resolve(recorded.has(waiting.record.deliveryId));
  } catch (error) {
    for (const waiting of batch) waiting.reject(error);
  } finally {
    state.writing = false;
    if (state.queue.length) schedule();
  }
}
