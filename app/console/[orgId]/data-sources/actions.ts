"use server";

import { revalidatePath } from "next/cache";
import { consoleAction, type FormFields } from "@/lib/console/action";
import type { ActionResult } from "@/lib/console/action-result";
import { requireMember } from "@/lib/console/guard";
import { runAction } from "@/lib/console/run-action";
import { AppError } from "@/lib/platform/errors/app-error";
import {
  createDataSource,
  deleteDataSource,
  getDataSourceRun,
  requireDataSource,
  updateDataSource,
  type DataSourceRunView,
} from "@/lib/domain/imports/data-sources";
import { countDataSourcePages, previewDataSource, type DataSourcePreview, type PageCount } from "@/lib/domain/imports/preview";
import { latestRunSince, runNow, type RunStart } from "@/lib/console/run-now";

// Data-source management for the console. The organization and ids come from the form and
// are never trusted: requireAdmin (mutations, preview and runs, which send requests on the
// organization's behalf) or requireMember (reading a run's progress) checks the signed-in
// user against exactly that organization, and every library call is scoped to it. The
// editor sends its whole configuration as one JSON field (`payload`); the library
// validates it with the same schemas the browser already ran.

function parsePayload(form: FormFields): unknown {
  try {
    return JSON.parse(form.text("payload"));
  } catch {
    throw new AppError("INVALID_INPUT", "The form could not be read. Reload the page and try again.", { reason: "invalid_body" });
  }
}


function refresh(orgId: string) {
  revalidatePath(`/console/${orgId}`, "layout");
}

export const createDataSourceAction = consoleAction<{ id: string }>(async ({ orgId, form, actor }) => {
  const source = await createDataSource(orgId, parsePayload(form), actor);
  return { message: `Data source “${source.name}” saved. Run it now, or let its schedule run it.`, data: { id: source.id } };
});

export const updateDataSourceAction = consoleAction<{ id: string }>(async ({ orgId, form, actor }) => {
  const source = await updateDataSource(orgId, form.text("dataSourceId"), parsePayload(form), actor);
  return { message: `Data source “${source.name}” saved. The next run uses the new configuration.`, data: { id: source.id } };
});

const FETCH_SETTING_NAMES = { url: "the URL", recordsPath: "Records path", nextPagePath: "Next-page path", pagination: "Pagination", auth: "Authentication" } as const;

/** "Fetch sample": the first records of the draft as they would be imported; nothing is written. */
export const previewDataSourceAction = consoleAction<DataSourcePreview>(async ({ orgId, form }) => {
  const preview = await previewDataSource(orgId, parsePayload(form));
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
}, { refresh: false });

/** "Fetch all pages": how many records and pages a run would read (capped); nothing is written. */
export const countDataSourcePagesAction = consoleAction<PageCount>(async ({ orgId, form }) => {
  const count = await countDataSourcePages(orgId, parsePayload(form));
  const message = count.fetchError
    ? `Reading all pages stopped: ${count.fetchError}`
    : `${count.records} ${count.records === 1 ? "record" : "records"} on ${count.pages} ${count.pages === 1 ? "page" : "pages"}${count.capped ? " (stopped at the preview's limit; a run reads on)" : ""}.`;
  return { message, data: count };
}, { refresh: false });

export const deleteDataSourceAction = consoleAction<null>(async ({ orgId, form, actor }) => {
  const source = await requireDataSource(orgId, form.text("dataSourceId"));
  await deleteDataSource(orgId, source.id, actor);
  return { message: `Data source “${source.name}” deleted with its run history. What it imported stays.`, data: null };
});

/** Starts a run: finished, still going (the page watches it) or queued. */
export const runNowAction = consoleAction<RunStart>(async ({ orgId, form }) => {
  try {
    return await runNow(orgId, form.text("dataSourceId"));
  } finally {
    refresh(orgId);
  }
}, { refresh: false });

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
    return { message: "", data: await latestRunSince(source.id, since) };
  });
}
