import { logger } from "@/lib/platform/observability/logger";
import { platformIntegrationsEnabled } from "@/lib/platform/integrations-switch";
import { releaseLeases, type ClaimedRow, type InFlightLoad } from "./claim";
import type { AttemptOutcome } from "./attempt-outcome";
import { claimDueDeliveries } from "./claim";
import { attemptClaimed } from "./deliver";
import { FAN_OUT_BATCH, fanOutEvents } from "./dispatch";
import { ATTEMPT_TIMEOUT_MS, LEASE_MS } from "./schedule";

// The sweep: the safety net behind the per-delivery Inngest runs, run every minute by
// cron and by `npm run ops -- webhooks:run-due`. It fans out every undispatched outbox
// row, then attempts every due delivery, `concurrency` at a time. Deliveries are claimed
// (leased) in batches a little ahead of the free attempt slots, so a freed slot starts
// the next delivery without waiting for a claim; a delivery that waits too long for a
// slot, or whose endpoint just failed, is given back rather than sent late in its 30 s
// lease. Two sweeps, or a sweep and an Inngest run, never send the same delivery twice
// (see deliver.ts).
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
/** Claims run this many times the limits ahead of the attempts in flight. */
const LEASE_AHEAD = 2;
/** Attempts not yet recorded (and leases being given back), per slot, before the sweep stops claiming. */
const UNFINISHED_PER_SLOT = 4;
/**
 * A claimed delivery waits at most this long for a slot: started later, its attempt (up
 * to the 10 s deadline) could outlast the 30 s lease.
 */
const READY_WAIT_LIMIT_MS = LEASE_MS - ATTEMPT_TIMEOUT_MS - 5_000;

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
  // A claimed delivery is ready (leased, waiting for a slot), then sending (holding a
  // slot until the receiver has answered), then recording (until its outcome is written).
  // The limits count sending attempts. Claims run ahead of the slots (up to LEASE_AHEAD
  // times the limits), so a slot that frees starts the next ready delivery at once instead
  // of waiting for a claim round trip. Recording is the database's work, not the
  // receiver's, so it holds no slot; a bound on attempts not yet recorded keeps a slow
  // database from piling them up.
  const ready: Ready[] = [];
  const expired: Ready[] = [];
  const sendingLoad: InFlightLoad = { endpoints: new Map(), orgs: new Map() };
  const leasedLoad: InFlightLoad = { endpoints: new Map(), orgs: new Map() };
  const unfinished = new Set<Promise<void>>();
  const maxUnfinished = concurrency * UNFINISHED_PER_SLOT;
  let sending = 0;
  let claimedTotal = 0;
  const changes = changeSignal();

  // Endpoints with a failure being recorded: that record may disable the endpoint, so
  // their ready deliveries (claimed with the endpoint still enabled) wait for it and then
  // go back, to be claimed again with the endpoint's new state.
  const recordingFailure = new Map<string, number>();
  // Leases given back so far. A claim that ran while one was being given back may not have
  // seen its rows: the sweep then claims again rather than end without them.
  let givenBack = 0;

  const hasRoom = (row: ClaimedRow) =>
    sending < concurrency &&
    !recordingFailure.has(row.endpointId) &&
    (sendingLoad.endpoints.get(row.endpointId) ?? 0) < perEndpoint &&
    (sendingLoad.orgs.get(row.orgId) ?? 0) < perOrg;

  const start = (row: ClaimedRow) => {
    sending += 1;
    count(sendingLoad, row, 1);
    let slotHeld = true;
    const freeSlot = () => {
      if (!slotHeld) return;
      slotHeld = false;
      sending -= 1;
      count(sendingLoad, row, -1);
      count(leasedLoad, row, -1);
      startReady();
      changes.notify();
    };
    // A success frees its slot as soon as the receiver has answered. A failure holds it
    // until recorded, and then the endpoint's ready deliveries go back.
    let failed = false;
    const onSent = (succeeded: boolean) => {
      if (succeeded) return freeSlot();
      failed = true;
      adjust(recordingFailure, row.endpointId, 1);
    };
    const attempt: Promise<void> = attemptClaimed(row, { now: clock(), timeoutMs: options.timeoutMs, integrationsEnabled, onSent })
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
        if (failed) {
          adjust(recordingFailure, row.endpointId, -1);
          giveBack(row.endpointId);
        }
        freeSlot();
        unfinished.delete(attempt);
        options.leases?.delete(row.deliveryId);
        changes.notify();
      });
    unfinished.add(attempt);
  };

  const giveBack = (endpointId: string) => {
    const returned = ready.filter((entry) => entry.row.endpointId === endpointId);
    if (returned.length === 0) return;
    for (const entry of returned) {
      ready.splice(ready.indexOf(entry), 1);
      count(leasedLoad, entry.row, -1);
    }
    const ids = returned.map((entry) => entry.row.deliveryId);
    const released: Promise<void> = releaseLeases(ids)
      .then(() => undefined)
      .catch((error: unknown) => {
        // Not released: the leases run out on their own.
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, "webhook leases not released");
      })
      .finally(() => {
        for (const id of ids) options.leases?.delete(id);
        givenBack += 1;
        unfinished.delete(released);
        changes.notify();
      });
    unfinished.add(released);
  };

  // Oldest claim first. A delivery that waited too long for a slot is set aside rather
  // than sent late in its lease; the sweep gives it back when it ends.
  function startReady(): void {
    // Shutting down: nothing new starts; what is ready goes back when the loop ends.
    if (options.signal?.aborted) return;
    for (let i = 0; i < ready.length && sending < concurrency; ) {
      const entry = ready[i];
      if (Date.now() - entry.claimedAt > READY_WAIT_LIMIT_MS) {
        expired.push(...ready.splice(i, 1));
        count(leasedLoad, entry.row, -1);
      } else if (hasRoom(entry.row)) {
        ready.splice(i, 1);
        start(entry.row);
      } else i++;
    }
  }

  while (claimedTotal < limit && Date.now() - started < budgetMs && !options.signal?.aborted) {
    const room = concurrency * LEASE_AHEAD - sending - ready.length;
    if (room <= 0 || unfinished.size >= maxUnfinished) {
      await changes.next(CLAIM_POLL_MS);
      startReady();
      continue;
    }
    const wanted = Math.min(room, limit - claimedTotal);
    const givenBackBefore = givenBack;
    const claimed = await claimDueDeliveries(clock(), wanted, {
      orgId: options.orgId,
      perEndpoint: perEndpoint * LEASE_AHEAD,
      perOrg: perOrg * LEASE_AHEAD,
      inFlight: leasedLoad,
    });
    claimedTotal += claimed.length;
    const claimedAt = Date.now();
    for (const row of claimed) {
      count(leasedLoad, row, 1);
      options.leases?.add(row.deliveryId);
      ready.push({ row, claimedAt });
    }
    startReady();
    if (claimed.length < wanted) {
      // Nothing else claimable now: done, unless deliveries wait for slots or attempts
      // are in flight (they hold rows back, and new work may become due meanwhile).
      if (givenBack !== givenBackBefore) continue;
      if (unfinished.size === 0 && ready.length === 0) break;
      await changes.next(CLAIM_POLL_MS);
      startReady();
    }
  }
  // Deliveries claimed but never started go back at once, for the next sweep or runner.
  const unstarted = [...ready.splice(0), ...expired.splice(0)].map((entry) => entry.row.deliveryId);
  if (unstarted.length) {
    await releaseLeases(unstarted).catch((error: unknown) => {
      // Not released: the leases run out on their own, 30 s after their claim.
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "webhook leases not released");
    });
    for (const id of unstarted) options.leases?.delete(id);
  }
  await Promise.all(unfinished);
  return summary;
}

type Ready = { row: ClaimedRow; claimedAt: number };

function count(load: InFlightLoad, row: ClaimedRow, by: number): void {
  adjust(load.endpoints, row.endpointId, by);
  adjust(load.orgs, row.orgId, by);
}

/** Wakes the sweep when a slot frees or an attempt is recorded, or after `pollMs`. */
function changeSignal() {
  let wake = () => {};
  let pending = new Promise<void>((resolve) => (wake = resolve));
  return {
    notify: () => {
      wake();
      pending = new Promise<void>((resolve) => (wake = resolve));
    },
    next: (pollMs: number) => Promise.race([pending, new Promise<void>((resolve) => setTimeout(resolve, pollMs).unref())]),
  };
}
