import { runImport } from "@/lib/domain/imports/run-import";
import { claimDueDataSources } from "@/lib/domain/imports/schedule";
import { logger } from "@/lib/platform/observability/logger";
import { pruneIdempotencyKeys } from "@/lib/partner-api/idempotency/run-idempotent";
import { pruneAuditLog } from "@/lib/domain/audit/prune";
import { pruneDeliveryLog } from "@/lib/domain/webhooks/prune";
import { pruneRequestLog } from "@/lib/domain/request-log/prune";
import { releaseLeases } from "@/lib/domain/webhooks/claim";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";

// Without Inngest (a laptop, a single self-hosted server) nothing would run the
// scheduled functions. `npm run dev` and `npm start` then set LOCAL_WORKER=1, and the
// Next.js process itself runs the same work on a timer: the webhook sweep, due
// data-source imports and the daily prune. On Vercel, Inngest Cloud or the cron route
// (app/api/cron/tick) does this instead.
//
// Deliveries and imports are separate lanes with their own timers: a data source that
// answers slowly (up to its 20 s deadline, page after page) never holds back the next
// webhook sweep, and the sweep itself limits attempts per endpoint and organization
// (run-due.ts), so no organization's slow receiver delays another's deliveries.

const TICK_MS = 15_000;
const PRUNE_EVERY_MS = 24 * 3_600_000;
/** Imports run at once per tick; each is one data source (never two runs of one source). */
const IMPORT_CONCURRENCY = 4;

export type WorkerTick = { deliveries: number; imports: number; pruned: boolean };

/** Shutdown: claim nothing new (imports stop early); `leases` holds the deliveries in flight. */
type LaneControl = { signal?: AbortSignal; leases?: Set<string> };

export async function runDeliveryLane(
  state: { lastPruneAt: number },
  now = Date.now(),
  control: LaneControl = {},
): Promise<{ deliveries: number; pruned: boolean }> {
  const summary = await runDueDeliveries({ budgetMs: 10_000, signal: control.signal, leases: control.leases });
  let pruned = false;
  if (now - state.lastPruneAt >= PRUNE_EVERY_MS && !control.signal?.aborted) {
    await pruneDeliveryLog(new Date(now));
    await pruneIdempotencyKeys(new Date(now));
    await pruneRequestLog(new Date(now), { signal: control.signal });
    await pruneAuditLog(new Date(now));
    state.lastPruneAt = now;
    pruned = true;
  }
  return { deliveries: summary.attempted, pruned };
}

export async function runImportLane(control: LaneControl = {}): Promise<{ imports: number }> {
  if (control.signal?.aborted) return { imports: 0 };
  const sources = await claimDueDataSources();
  const queue = [...sources];
  const runNext = async (): Promise<void> => {
    for (let dataSourceId = queue.shift(); dataSourceId && !control.signal?.aborted; dataSourceId = queue.shift()) {
      // A refused run (locked organization, run in progress) is recorded by runImport itself.
      await runImport(dataSourceId, { trigger: "schedule", signal: control.signal }).catch((error: unknown) =>
        logger.warn({ dataSourceId, err: error instanceof Error ? error.message : String(error) }, "scheduled import did not run"),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, queue.length) }, runNext));
  return { imports: sources.length };
}

/** Both lanes once, side by side (tests, and a one-off run). */
export async function runLocalWorkerTick(state: { lastPruneAt: number }, now = Date.now(), control: LaneControl = {}): Promise<WorkerTick> {
  const [deliveries, imports] = await Promise.all([runDeliveryLane(state, now, control), runImportLane(control)]);
  return { ...deliveries, ...imports };
}

export type LocalWorker = {
  /**
   * Stops taking new work, waits up to `graceMs` for the ticks in flight (imports stop
   * early and release their lease themselves), then releases the leases of webhook
   * attempts still in flight so another runner can take them at once.
   */
  stop: (graceMs: number) => Promise<{ drained: boolean; released: number }>;
};

/** A lane on its own timer; a slow tick is never overlapped by the lane's next one. */
function everyTick(name: string, tickMs: number, signal: AbortSignal, run: () => Promise<unknown>) {
  let tick: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (tick || signal.aborted) return;
    tick = run()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ lane: name, err: error instanceof Error ? error.message : String(error) }, "worker tick failed"))
      .finally(() => {
        tick = null;
      });
  }, tickMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    inFlight: () => tick,
  };
}

/** `tickMs` is for tests; the product ticks every 15 s. */
export function startLocalWorker(options: { tickMs?: number } = {}): LocalWorker {
  const tickMs = options.tickMs ?? TICK_MS;
  const state = { lastPruneAt: 0 };
  const shutdown = new AbortController();
  const leases = new Set<string>();
  const control = { signal: shutdown.signal, leases };
  const lanes = [
    everyTick("deliveries", tickMs, shutdown.signal, () => runDeliveryLane(state, Date.now(), control)),
    everyTick("imports", tickMs, shutdown.signal, () => runImportLane(control)),
  ];
  logger.info(`worker: running the webhook sweep and scheduled imports every ${tickMs / 1000} s (no Inngest configured)`);

  return {
    stop: async (graceMs) => {
      for (const lane of lanes) lane.stop();
      shutdown.abort();
      const ticks = lanes.map((lane) => lane.inFlight()).filter((tick): tick is Promise<void> => tick !== null);
      const drained = ticks.length === 0 || (await Promise.race([Promise.all(ticks).then(() => true), sleep(graceMs).then(() => false)]));
      // Deliveries whose attempt did not finish before shutdown: due again at once for any runner.
      const released = await releaseLeases([...leases]);
      return { drained, released };
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
