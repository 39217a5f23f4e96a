import { inngest, inngestCanSend } from "@/lib/platform/jobs/client";
import { integrationLockError, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { AppError } from "@/lib/platform/errors/app-error";
import { requireDataSource, type DataSourceRunView } from "./data-sources";
import { importRunRequested } from "./run-requested-event";
import { runImport } from "./run-import";

// "Run now" from the console: answer at once with the refusals a person can act on, then
// hand the run to Inngest so the request does not wait up to a minute.
//
// - 404 for another organization's source; 402/403/503 while integrations are locked;
//   409 CONFLICT run_in_progress while the source's lease is held. These checks are made
//   here so the button can say why; runImport makes them again, atomically.
// - Without Inngest (no INNGEST_EVENT_KEY and not in dev mode, e.g. a local install) the
//   run happens inline and its record is returned.

export type StartedRun = { mode: "queued" } | { mode: "inline"; run: DataSourceRunView };

export async function startImportRun(orgId: string, dataSourceId: string): Promise<StartedRun> {
  const source = await requireDataSource(orgId, dataSourceId);
  const lock = await loadIntegrationLock(orgId);
  if (lock) throw integrationLockError(lock);
  if (source.runLeaseUntil && source.runLeaseUntil > new Date()) {
    throw new AppError("CONFLICT", "An import of this data source is already running.", { reason: "run_in_progress" });
  }
  if (!inngestCanSend()) return { mode: "inline", run: await runImport(source.id, { trigger: "manual", orgId }) };
  try {
    await inngest.send(importRunRequested.create({ dataSourceId: source.id, trigger: "manual" }));
  } catch (error) {
    console.warn(`[imports] Could not queue a run of data source ${source.id}: ${error instanceof Error ? error.message : String(error)}`);
    throw new AppError("INTERNAL", "The import could not be queued. Try again in a moment.");
  }
  return { mode: "queued" };
}
