import { runImport } from "@/lib/imports/run-import";
import { claimDueDataSources } from "@/lib/imports/schedule";
import { pruneIdempotencyKeys } from "@/lib/partner-api/idempotency/run-idempotent";
import { pruneDeliveryLog } from "@/lib/webhooks/prune";
import { runDueDeliveries } from "@/lib/webhooks/run-due";

// Without Inngest (a laptop, a single self-hosted server) nothing would run the
// scheduled functions. `npm run dev` and `npm start` then set LOCAL_WORKER=1, and the
// Next.js process itself runs the same work on a timer: the webhook sweep, due
// data-source imports and the daily prune. On Vercel, Inngest Cloud does this instead.

const TICK_MS = 15_000;
const PRUNE_EVERY_MS = 24 * 3_600_000;

export type WorkerTick = { deliveries: number; imports: number; pruned: boolean };

export async function runLocalWorkerTick(state: { lastPruneAt: number }, now = Date.now()): Promise<WorkerTick> {
  const summary = await runDueDeliveries({ budgetMs: 10_000 });
  const sources = await claimDueDataSources();
  for (const dataSourceId of sources) {
    // A refused run (locked organization, run in progress) is recorded by runImport itself.
    await runImport(dataSourceId, { trigger: "schedule" }).catch((error: unknown) =>
      console.warn(`[worker] scheduled import ${dataSourceId} did not run: ${error instanceof Error ? error.message : error}`),
    );
  }
  let pruned = false;
  if (now - state.lastPruneAt >= PRUNE_EVERY_MS) {
    await pruneDeliveryLog(new Date(now));
    await pruneIdempotencyKeys(new Date(now));
    state.lastPruneAt = now;
    pruned = true;
  }
  return { deliveries: summary.attempted, imports: sources.length, pruned };
}

export function startLocalWorker(): () => void {
  const state = { lastPruneAt: 0 };
  let running = false;
  const timer = setInterval(() => {
    if (running) return; // a slow tick is never overlapped by the next one
    running = true;
    runLocalWorkerTick(state)
      .catch((error: unknown) => console.error("[worker] tick failed:", error))
      .finally(() => {
        running = false;
      });
  }, TICK_MS);
  timer.unref();
  console.log(`[worker] running the webhook sweep and scheduled imports every ${TICK_MS / 1000} s (no Inngest configured)`);
  return () => clearInterval(timer);
}
