"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { requireAdmin, requireMember } from "@/lib/console/guard";
import { formText, runAction } from "@/lib/console/run-action";
import { AppError } from "@/lib/platform/errors/app-error";
import {
  createDataSource,
  deleteDataSource,
  getDataSourceRun,
  requireDataSource,
  updateDataSource,
  type DataSourceRunView,
} from "@/lib/domain/imports/data-sources";
import { previewDataSource, type DataSourcePreview } from "@/lib/domain/imports/preview";
import { latestRunSince, runNow, type RunStart } from "@/lib/console/run-now";

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

const FETCH_SETTING_NAMES = { url: "the URL", recordsPath: "Records path", nextPagePath: "Next-page path" } as const;

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

/** Starts a run: finished, still going (the page watches it) or queued. */
export async function runNowAction(_previous: ActionState<RunStart>, formData: FormData): Promise<ActionResult<RunStart>> {
  return runAction<RunStart>(async () => {
    const orgId = orgOf(formData);
    await requireAdmin(orgId);
    try {
      return await runNow(orgId, sourceOf(formData));
    } finally {
      refresh(orgId);
    }
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
    return { message: "", data: await latestRunSince(source.id, since) };
  });
}
