import { logger } from "@/lib/observability/logger";
import { platformIntegrationsEnabled } from "@/lib/platform/integrations-switch";
import type { InFlightLoad } from "./claim";
import { attemptClaimed, claimDueDeliveries, type AttemptOutcome } from "./deliver";
import { FAN_OUT_BATCH, fanOutEvents } from "./dispatch";

// The sweep: the safety net behind the per-delivery Inngest runs, run every minute by
// cron and by `npm run ops -- webhooks:run-due`. It fans out every undispatched outbox
// row, then attempts every due delivery, `concurrency` at a time. Deliveries are claimed
// (leased) in small batches only as attempt slots free up, so every claimed delivery is
// sent at once, far inside its 30 s lease; two sweeps, or a sweep and an Inngest run,
// never send the same delivery twice (see deliver.ts).
//
// Fair: at most `perEndpoint` attempts per endpoint and `perOrg` per organization are in
// flight, so a receiver that hangs until the 10 s deadline holds a few slots, never all
// of them, and every other organization's deliveries go out at once. While slots are
// held back by those limits the sweep looks again every second (or as soon as an
// attempt ends), until its time budget is spent.

export type RunDueOptions = {
  /** At most this many attempts in this sweep; the next sweep continues. */
  limit?: number;
  /** The scheduler's clock (tests move it); by default each claim reads the clock. */
  now?: Date;
  /** Only this organization's events and deliveries (tests, operator use). */
  orgId?: string;
  /** Attempts in flight at once, in all. */
  concurrency?: number;
  /** Attempts in flight at once for one endpoint. */
  perEndpoint?: number;
  /** Attempts in flight at once for one organization. */
  perOrg?: number;
  /** Stop claiming after this long; attempts in flight finish, the next sweep continues. */
  budgetMs?: number;
  /** Request deadline per attempt (tests shorten it). */
  timeoutMs?: number;
  /** Shutdown: stop claiming; attempts in flight finish. */
  signal?: AbortSignal;
  /** Ids of the deliveries this sweep holds leases on right now (shutdown releases them). */
  leases?: Set<string>;
};

export type RunDueSummary = {
  fannedOut: { events: number; deliveries: number };
  attempted: number;
  outcomes: Record<AttemptOutcome["kind"], number>;
  /** Attempts that threw (database unreachable...): their lease runs out and a later sweep retries. */
  errors: number;
};

const MAX_FAN_OUT_BATCHES = 20;
export const SWEEP_CONCURRENCY = 16;
export const PER_ENDPOINT_CONCURRENCY = 4;
export const PER_ORG_CONCURRENCY = 8;
/** How often a sweep whose slots are held back by the limits looks for claimable work. */
const CLAIM_POLL_MS = 1_000;

function adjust(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export async function runDueDeliveries(options: RunDueOptions = {}): Promise<RunDueSummary> {
  const limit = options.limit ?? 5_000;
  const concurrency = Math.max(1, options.concurrency ?? SWEEP_CONCURRENCY);
  const perEndpoint = Math.max(1, options.perEndpoint ?? PER_ENDPOINT_CONCURRENCY);
  const perOrg = Math.max(1, options.perOrg ?? PER_ORG_CONCURRENCY);
  const budgetMs = options.budgetMs ?? 45_000;
  const started = Date.now();
  const clock = () => options.now ?? new Date();

  const summary: RunDueSummary = {
    fannedOut: { events: 0, deliveries: 0 },
    attempted: 0,
    outcomes: { succeeded: 0, failed: 0, exhausted: 0, postponed: 0, cancelled: 0, skipped: 0 },
    errors: 0,
  };

  for (let batch = 0; batch < MAX_FAN_OUT_BATCHES; batch++) {
    const fanned = await fanOutEvents({ now: clock(), orgId: options.orgId });
    summary.fannedOut.events += fanned.events;
    summary.fannedOut.deliveries += fanned.deliveryIds.length;
    if (fanned.events < FAN_OUT_BATCH) break;
  }

  const integrationsEnabled = await platformIntegrationsEnabled();
  const inFlight = new Set<Promise<void>>();
  const load: InFlightLoad = { endpoints: new Map(), orgs: new Map() };
  let claimedTotal = 0;
  // Refill when at least half the slots are free: fewer, larger claims.
  const refillAt = Math.ceil(concurrency / 2);
  const slotFreedOrPoll = () =>
    Promise.race([...inFlight, new Promise<void>((resolve) => setTimeout(resolve, CLAIM_POLL_MS).unref())]);

  while (claimedTotal < limit && Date.now() - started < budgetMs && !options.signal?.aborted) {
    const free = concurrency - inFlight.size;
    if (free < refillAt && inFlight.size > 0) {
      await Promise.race(inFlight);
      continue;
    }
    const wanted = Math.min(free, limit - claimedTotal);
    const now = clock();
    const claimed = await claimDueDeliveries(now, wanted, { orgId: options.orgId, perEndpoint, perOrg, inFlight: load });
    claimedTotal += claimed.length;
    for (const row of claimed) {
      adjust(load.endpoints, row.endpointId, 1);
      adjust(load.orgs, row.orgId, 1);
      options.leases?.add(row.deliveryId);
      const attempt: Promise<void> = attemptClaimed(row, { now: options.now ?? now, timeoutMs: options.timeoutMs, integrationsEnabled })
        .then((outcome) => {
          summary.outcomes[outcome.kind] += 1;
          if (outcome.kind === "succeeded" || outcome.kind === "failed" || (outcome.kind === "exhausted" && outcome.reason === "attempts")) {
            summary.attempted += 1;
          }
        })
        .catch((error: unknown) => {
          summary.errors += 1;
          logger.error({ deliveryId: row.deliveryId, err: error instanceof Error ? error.message : String(error) }, "webhook attempt failed to run");
        })
        .finally(() => {
          adjust(load.endpoints, row.endpointId, -1);
          adjust(load.orgs, row.orgId, -1);
          inFlight.delete(attempt);
          options.leases?.delete(row.deliveryId);
        });
      inFlight.add(attempt);
    }
    if (claimed.length < wanted) {
      // Nothing else claimable now: done, unless attempts in flight hold rows back
      // (limits) or new work may become due while they run.
      if (inFlight.size === 0) break;
      await slotFreedOrPoll();
    }
  }
  await Promise.all(inFlight);
  return summary;
}
