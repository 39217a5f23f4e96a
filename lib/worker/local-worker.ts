import { getDb } from "@/lib/db/client";
import { logger } from "@/lib/observability/logger";
import { runScheduledWork } from "./scheduled-work";

// Without Inngest (a laptop, a single self-hosted server) nothing would run the
// scheduled functions. `npm run dev` and `npm start` then set LOCAL_WORKER=1, and the
// Next.js process itself runs the same work on a timer: the webhook sweep, due
// data-source imports and the daily prune. On Vercel, Inngest Cloud or the cron route
// (app/api/cron/tick) does this instead.

const TICK_MS = 15_000;
const PRUNE_EVERY_MS = 24 * 3_600_000;

export type WorkerTick = { deliveries: number; imports: number; pruned: boolean };

type TickControl = { signal?: AbortSignal; leases?: Set<string> };

export async function runLocalWorkerTick(state: { lastPruneAt: number }, now = Date.now(), control: TickControl = {}): Promise<WorkerTick> {
  const prune = now - state.lastPruneAt >= PRUNE_EVERY_MS;
  const summary = await runScheduledWork({ sweepBudgetMs: 10_000, prune, ...control });
  if (summary.pruned) state.lastPruneAt = now;
  return { deliveries: summary.deliveries.attempted, imports: summary.imports.ran + summary.imports.failed, pruned: summary.pruned !== null };
}

export type LocalWorker = {
  /**
   * Stops taking new work, waits up to `graceMs` for the tick in flight (imports stop
   * early and release their lease themselves), then releases the leases of webhook
   * attempts still in flight so another runner can take them at once.
   */
  stop: (graceMs: number) => Promise<{ drained: boolean; released: number }>;
};

export function startLocalWorker(): LocalWorker {
  const state = { lastPruneAt: 0 };
  const shutdown = new AbortController();
  const leases = new Set<string>();
  let tick: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (tick || shutdown.signal.aborted) return; // a slow tick is never overlapped by the next one
    tick = runLocalWorkerTick(state, Date.now(), { signal: shutdown.signal, leases })
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, "worker tick failed"))
      .finally(() => {
        tick = null;
      });
  }, TICK_MS);
  timer.unref();
  logger.info(`worker: running the webhook sweep and scheduled imports every ${TICK_MS / 1000} s (no Inngest configured)`);

  return {
    stop: async (graceMs) => {
      clearInterval(timer);
      shutdown.abort();
      const drained = tick === null || (await Promise.race([tick.then(() => true), sleep(graceMs).then(() => false)]));
      const released = await releaseDeliveryLeases([...leases]);
      return { drained, released };
    },
  };
}

/** Frees deliveries whose attempt did not finish before shutdown: due again at once for any runner. */
export async function releaseDeliveryLeases(deliveryIds: string[]): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  return getDb().$executeRaw`
    UPDATE "WebhookDelivery" SET "lockedUntil" = NULL
    WHERE id = ANY(${deliveryIds}::uuid[]) AND state = 'pending'`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
