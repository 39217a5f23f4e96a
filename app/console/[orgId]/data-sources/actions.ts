"use server";

import { revalidatePath } from "next/cache";
import { after } from "next/server";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { requireAdmin, requireMember } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import {
  createDataSource,
  deleteDataSource,
  getDataSourceRun,
  requireDataSource,
  toRunView,
  updateDataSource,
  type DataSourceRunView,
} from "@/lib/imports/data-sources";
import { countDataSourcePages, previewDataSource, type DataSourcePreview, type PageCount } from "@/lib/imports/preview";
import { startImportRun, type StartedRun } from "@/lib/imports/start-run";

// Data-source management for the console. The organization and ids come from the form and
// are never trusted: requireAdmin (mutations, preview and runs, which send requests on the
// organization's behalf) or requireMember (reading a run's progress) checks the signed-in
// user against exactly that organization, and every library call is scoped to it. The
// editor sends its whole configuration as one JSON field (`payload`); the library
// validates it with the same schemas the browser already ran.

function parsePayload(formData: FormData): unknown {
  try {
    return JSON.parse(formText(formData, "payload") ?? "");
  } catch {
    throw new AppError("INVALID_INPUT", "The form could not be read. Reload the page and try again.", { reason: "invalid_body" });
  }
}

const orgOf = (formData: FormData) => formText(formData, "orgId") ?? "";
const sourceOf = (formData: FormData) => formText(formData, "dataSourceId") ?? "";

function refresh(orgId: string) {
  revalidatePath(`/console/${orgId}`, "layout");
}

export async function createDataSourceAction(_previous: ActionState<{ id: string }>, formData: FormData): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const orgId = orgOf(formData);
    const { user } = await requireAdmin(orgId);
    const source = await createDataSource(orgId, parsePayload(formData), { createdById: user.id });
    refresh(orgId);
    return { message: `Data source “${source.name}” saved. Run it now, or let its schedule run it.`, data: { id: source.id } };
  });
}

export async function updateDataSourceAction(_previous: ActionState<{ id: string }>, formData: FormData): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const orgId = orgOf(formData);
    await requireAdmin(orgId);
    const source = await updateDataSource(orgId, sourceOf(formData), parsePayload(formData));
    refresh(orgId);
    return { message: `Data source “${source.name}” saved. The next run uses the new configuration.`, data: { id: source.id } };
  });
}

const FETCH_SETTING_NAMES = { url: "the URL", recordsPath: "Records path", nextPagePath: "Next-page path", pagination: "Pagination", auth: "Authentication" } as const;

/** "Fetch sample": the first records of the draft as they would be imported; nothing is written. */
export async function previewDataSourceAction(_previous: ActionState<DataSourcePreview>, formData: FormData): Promise<ActionResult<DataSourcePreview>> {
  return runAction(async () => {
    const orgId = orgOf(formData);
    await requireAdmin(orgId);
    const preview = await previewDataSource(orgId, parsePayload(formData));
    const mappedRecords = preview.records.filter((record) => record.mapped !== null);
    const imported = mappedRecords.filter((record) => record.mapped?.ok).length;
    const message = preview.fetchError && preview.records.length === 0
      ? preview.fetchErrorField
        ? `The sample could not be fetched: see the message under ${FETCH_SETTING_NAMES[preview.fetchErrorField]}.`
        : "The sample could not be fetched."
      : mappedRecords.length > 0
        ? `Sample fetched: ${imported} of ${mappedRecords.length} records would be imported.`
        : `Sample fetched: ${preview.pageRecordCount} ${preview.pageRecordCount === 1 ? "record" : "records"} on the first page.`;
    return { message, data: preview };
  });
}

/** "Fetch all pages": how many records and pages a run would read (capped); nothing is written. */
export async function countDataSourcePagesAction(_previous: ActionState<PageCount>, formData: FormData): Promise<ActionResult<PageCount>> {
  return runAction(async () => {
    const orgId = orgOf(formData);
    await requireAdmin(orgId);
    const count = await countDataSourcePages(orgId, parsePayload(formData));
    const message = count.fetchError
      ? `Reading all pages stopped: ${count.fetchError}`
      : `${count.records} ${count.records === 1 ? "record" : "records"} on ${count.pages} ${count.pages === 1 ? "page" : "pages"}${count.capped ? " (stopped at the preview's limit; a run reads on)" : ""}.`;
    return { message, data: count };
  });
}

export async function deleteDataSourceAction(_previous: ActionState<null>, formData: FormData): Promise<ActionResult<null>> {
  return runAction(async () => {
    const orgId = orgOf(formData);
    await requireAdmin(orgId);
    const source = await requireDataSource(orgId, sourceOf(formData));
    await deleteDataSource(orgId, source.id);
    refresh(orgId);
    return { message: `Data source “${source.name}” deleted with its run history. What it imported stays.`, data: null };
  });
}

/** What "Run now" answers: the finished run, a run still going (watch it), or a queued one. */
export type RunStart =
  | { mode: "finished"; run: DataSourceRunView }
  | { mode: "running"; runId: string | null; requestedAt: Date }
  | { mode: "queued"; requestedAt: Date };

// An inline run (no Inngest) can take up to a minute: the answer waits this long for it,
// then returns so the page shows live progress while the run goes on after the response.
const WAIT_FOR_INLINE_RUN_MS = 1500;

/**
 * Starts a run. startImportRun refuses at once with what a person can act on (the lock
 * reason, 409 run_in_progress); without Inngest it runs the import in this process, which
 * `after()` keeps alive past the response when the run outlasts the short wait.
 */
export async function runNowAction(_previous: ActionState<RunStart>, formData: FormData): Promise<ActionResult<RunStart>> {
  return runAction<RunStart>(async () => {
    const orgId = orgOf(formData);
    await requireAdmin(orgId);
    const dataSourceId = sourceOf(formData);
    const requestedAt = new Date();
    const started = startImportRun(orgId, dataSourceId).then(
      (value): { value: StartedRun } => ({ value }),
      (error: unknown) => ({ error }),
    );
    const first = await Promise.race([started, new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_FOR_INLINE_RUN_MS))]);
    refresh(orgId);
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
  });
}

/** One run, polled by the page for live progress (read-only: members too). */
export async function runProgressAction(orgId: string, runId: string): Promise<ActionResult<DataSourceRunView>> {
  return runAction(async () => {
    await requireMember(orgId);
    return { message: "", data: await getDataSourceRun(orgId, runId) };
  });
}

/** The newest run of a source started at or after `since`, for a queued run not yet begun. */
export async function latestRunAction(orgId: string, dataSourceId: string, since: Date): Promise<ActionResult<DataSourceRunView | null>> {
  return runAction(async () => {
    await requireMember(orgId);
    const source = await requireDataSource(orgId, dataSourceId);
    // The run row's startedAt is the database clock; allow for a little skew with ours.
    const run = await getDb().dataSourceRun.findFirst({
      where: { dataSourceId: source.id, startedAt: { gte: new Date(new Date(since).getTime() - 5_000) } },
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    });
    return { message: "", data: run ? toRunView(run) : null };
  });
}
