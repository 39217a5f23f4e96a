import { cron } from "inngest";
import { inngest } from "@/lib/platform/jobs/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { runImport } from "@/lib/domain/imports/run-import";
import { importRunRequested } from "@/lib/domain/imports/run-requested-event";
import { claimDueDataSources } from "@/lib/domain/imports/schedule";

// Data-source imports on Inngest.
//
// `imports/run`: one run per `imports/run.requested` event, sent by the console's "Run now"
// (lib/domain/imports/start-run.ts) and by the scheduler below. It calls the same runImport as the
// CLI. Refusals (source deleted, integrations locked, a run already in progress) are the
// run's answer, not failures to retry: they end the function with what was refused. At
// most one run per source at a time here too; the run lease is what guarantees it.
export const runDataSourceImport = inngest.createFunction(
  {
    id: "imports-run",
    name: "imports/run",
    triggers: [importRunRequested],
    concurrency: { key: "event.data.dataSourceId", limit: 1 },
    // A retry only helps when the database was unreachable; a run that started records
    // its own failure and is not repeated.
    retries: 1,
  },
  async ({ event, step }) =>
    step.run("run-import", async () => {
      try {
        const run = await runImport(event.data.dataSourceId, { trigger: event.data.trigger });
        return { runId: run.id, status: run.status, counts: run.counts, skipReason: run.skipReason, fetchError: run.fetchError };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { runId: null, status: "refused" as const, code: error.code, reason: error.details?.reason ?? null };
      }
    }),
);

// `imports/schedule`: every 5 minutes, take the due slots of hourly and daily sources
// (lib/domain/imports/schedule.ts: compare-and-set, so overlapping ticks never start a slot
// twice) and start a run for each. A source whose organization is locked still gets its
// run, which records itself as skipped with the reason.
export const scheduleDataSourceImports = inngest.createFunction(
  {
    id: "imports-schedule",
    name: "imports/schedule",
    triggers: [cron("*/5 * * * *")],
    concurrency: { limit: 1 },
    retries: 0,
  },
  async ({ step }) => {
    const dataSourceIds = await step.run("claim-due-sources", () => claimDueDataSources());
    if (dataSourceIds.length > 0) {
      await step.sendEvent(
        "start-due-runs",
        dataSourceIds.map((dataSourceId) => importRunRequested.create({ dataSourceId, trigger: "schedule" })),
      );
    }
    return { started: dataSourceIds };
  },
);
