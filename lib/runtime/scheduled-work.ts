import { runImport } from "@/lib/domain/imports/run-import";
import { claimDueDataSources } from "@/lib/domain/imports/schedule";
import { logger } from "@/lib/platform/observability/logger";
import { pruneAuditLog } from "@/lib/domain/audit/prune";
import { pruneDeliveryLog } from "@/lib/domain/webhooks/prune";
import { pruneRequestLog } from "@/lib/domain/request-log/prune";
import { runDueDeliveries, type RunDueSummary } from "@/lib/domain/webhooks/run-due";

// The scheduled work, in one place for the two runners that have no Inngest: the local
// worker's timer (lib/runtime/local-worker.ts) and the cron route (app/api/cron/tick),
// which must fit a serverless time limit. Order: the webhook sweep, due imports one at a
// time, then the prune.

export type ScheduledWorkOptions = {
  /** The sweep stops claiming after this long; attempts in flight finish. */
  sweepBudgetMs: number;
  /** No import starts after this time (epoch ms), and none runs past it. Unset: imports use their own limits. */
  deadline?: number;
  prune: boolean;
  /** Shutdown: claim nothing new; in-flight imports stop early and release their lease. */
  signal?: AbortSignal;
  /** Deliveries leased right now (see runDueDeliveries). */
  leases?: Set<string>;
  now?: () => Date;
};

export type ScheduledWorkSummary = {
  deliveries: Pick<RunDueSummary, "attempted" | "outcomes" | "errors" | "fannedOut">;
  imports: { ran: number; failed: number };
  pruned: { deliveries: number; events: number; requests: number; auditEntries: number } | null;
};

/** Below this, a serverless invocation starts no new import (it could not finish a page). */
const MIN_IMPORT_SECONDS = 5;

export async function runScheduledWork(options: ScheduledWorkOptions): Promise<ScheduledWorkSummary> {
  const clock = options.now ?? (() => new Date());
  const sweep = await runDueDeliveries({ budgetMs: options.sweepBudgetMs, signal: options.signal, leases: options.leases });

  const imports = { ran: 0, failed: 0 };
  for (;;) {
    if (options.signal?.aborted) break;
    const secondsLeft = options.deadline === undefined ? undefined : Math.floor((options.deadline - Date.now()) / 1000);
    if (secondsLeft !== undefined && secondsLeft < MIN_IMPORT_SECONDS) break;
    // One slot at a time: a slot is consumed when claimed, so claim only what runs now.
    const [dataSourceId] = await claimDueDataSources({ now: clock(), limit: 1 });
    if (!dataSourceId) break;
    try {
      // A refused run (locked organization, run in progress) is recorded by runImport itself.
      const limits = secondsLeft === undefined ? undefined : { maxSeconds: Math.min(60, secondsLeft - 2) };
      await runImport(dataSourceId, { trigger: "schedule", limits, signal: options.signal });
      imports.ran += 1;
    } catch (error) {
      imports.failed += 1;
      logger.warn({ dataSourceId, err: error instanceof Error ? error.message : String(error) }, "scheduled import did not run");
    }
  }

  const pruned = options.prune && !options.signal?.aborted
    ? {
        ...(await pruneDeliveryLog(clock())),
        requests: await pruneRequestLog(clock(), { signal: options.signal }),
        ...(await pruneAuditLog(clock())),
      }
    : null;
  const { attempted, outcomes, errors, fannedOut } = sweep;
  return { deliveries: { attempted, outcomes, errors, fannedOut }, imports, pruned };
}
