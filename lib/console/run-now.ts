import { after } from "next/server";
import { getDb } from "@/lib/platform/db/client";
import { toRunView, type DataSourceRunView } from "@/lib/domain/imports/data-sources";
import { startImportRun, type StartedRun } from "@/lib/domain/imports/start-run";

/** What "Run now" answers: the finished run, a run still going (watch it), or a queued one. */
export type RunStart =
  | { mode: "finished"; run: DataSourceRunView }
  | { mode: "running"; runId: string | null; requestedAt: Date }
  | { mode: "queued"; requestedAt: Date };

// An inline run (no Inngest) can take up to a minute: the answer waits this long for it,
// then returns so the page shows live progress while the run goes on after the response.
const WAIT_FOR_INLINE_RUN_MS = 1500;

/**
 * Starts a run for the console. startImportRun refuses at once with what a person can act
 * on (the lock reason, 409 run_in_progress); without Inngest it runs the import in this
 * process, which `after()` keeps alive past the response when the run outlasts the wait.
 */
export async function runNow(orgId: string, dataSourceId: string): Promise<{ message: string; data: RunStart }> {
  const requestedAt = new Date();
  const started = startImportRun(orgId, dataSourceId).then(
    (value): { value: StartedRun } => ({ value }),
    (error: unknown) => ({ error }),
  );
  const first = await Promise.race([started, new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_FOR_INLINE_RUN_MS))]);
  if (first && "error" in first) throw first.error;
  if (first) {
    if (first.value.mode === "queued") return { message: "Run queued. Its progress appears here when it starts.", data: { mode: "queued", requestedAt } };
    return { message: "Run finished.", data: { mode: "finished", run: first.value.run } };
  }
  after(async () => {
    const outcome = await started;
    if ("error" in outcome) console.error(`[imports] Console run of data source ${dataSourceId} failed:`, outcome.error instanceof Error ? outcome.error.message : outcome.error);
  });
  const running = await getDb().dataSourceRun.findFirst({
    where: { dataSourceId, status: "running", dataSource: { orgId } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    select: { id: true },
  });
  return { message: "Run started.", data: { mode: "running", runId: running?.id ?? null, requestedAt } };
}

/** The newest run of a source (already checked to be the organization's) started at or after `since`. */
export async function latestRunSince(dataSourceId: string, since: Date): Promise<DataSourceRunView | null> {
  // The run row's startedAt is the database clock; allow for a little skew with ours.
  const run = await getDb().dataSourceRun.findFirst({
    where: { dataSourceId, startedAt: { gte: new Date(new Date(since).getTime() - 5_000) } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
  });
  return run ? toRunView(run) : null;
}
