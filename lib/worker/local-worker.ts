import { runImport } from "@/lib/imports/run-import";
import { claimDueDataSources } from "@/lib/imports/schedule";
import { pruneDeliveryLog } from "@/lib/webhooks/prune";
import { runDueDeliveries } from "@/lib/webhooks/run-due";

// Without Inngest (a laptop, a single self-hosted server) nothing would run the
// scheduled functions. `npm run dev` and `npm start` then set LOCAL_WORKER=1, and the
// Next.js process itself runs the same work on a timer: the webhook sweep, due
// data-source imports and the daily prune. On Vercel, Inngest Cloud does this instead.
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

export async function runDeliveryLane(state: { lastPruneAt: number }, now = Date.now()): Promise<{ deliveries: number; pruned: boolean }> {
  const summary = await runDueDeliveries({ budgetMs: 10_000 });
  let pruned = false;
  if (now - state.lastPruneAt >= PRUNE_EVERY_MS) {
    await pruneDeliveryLog(new Date(now));
    state.lastPruneAt = now;
    pruned = true;
  }
  return { deliveries: summary.attempted, pruned };
}

export async function runImportLane(): Promise<{ imports: number }> {
  const sources = await claimDueDataSources();
  const queue = [...sources];
  const runNext = async (): Promise<void> => {
    for (let dataSourceId = queue.shift(); dataSourceId; dataSourceId = queue.shift()) {
      // A refused run (locked organization, run in progress) is recorded by runImport itself.
      await runImport(dataSourceId, { trigger: "schedule" }).catch((error: unknown) =>
        console.warn(`[worker] scheduled import ${dataSourceId} did not run: ${error instanceof Error ? error.message : error}`),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_CONCURRENCY, queue.length) }, runNext));
  return { imports: sources.length };
}

/** Both lanes once, side by side (tests, and a one-off run). */
export async function runLocalWorkerTick(state: { lastPruneAt: number }, now = Date.now()): Promise<WorkerTick> {
  const [deliveries, imports] = await Promise.all([runDeliveryLane(state, now), runImportLane()]);
  return { ...deliveries, ...imports };
}

function everyTick(name: string, tickMs: number, run: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return; // a slow tick of this lane is never overlapped by its next one
    running = true;
    run()
      .catch((error: unknown) => console.error(`[worker] ${name} tick failed:`, error))
      .finally(() => {
        running = false;
      });
  }, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** `tickMs` is for tests; the product ticks every 15 s. */
export function startLocalWorker(options: { tickMs?: number } = {}): () => void {
  const tickMs = options.tickMs ?? TICK_MS;
  const state = { lastPruneAt: 0 };
  const stops = [everyTick("deliveries", tickMs, () => runDeliveryLane(state)), everyTick("imports", tickMs, runImportLane)];
  console.log(`[worker] running the webhook sweep and scheduled imports every ${tickMs / 1000} s (no Inngest configured)`);
  return () => stops.forEach((stop) => stop());
}
