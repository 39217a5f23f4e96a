"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, useSyncExternalStore, useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button, buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { useToast } from "@/components/ui/toast";
import type { ActionFailure } from "@/lib/console/action-result";
import type { EventOption } from "@/lib/console/list-data-sources";
import { sameOrigin } from "@/lib/domain/imports/header-origin";
import { createInput, errorsByPath, incrementalRestartWarning, targetFields, updateInput, type SourceDraft } from "@/lib/console/mapping-draft";
import { Callout } from "@/components/ui/callout";
import { createDataSourceInputSchema, updateDataSourceInputSchemaFor } from "@/lib/domain/imports/data-source-input";
import type { DataSourcePreview, PageCount } from "@/lib/domain/imports/preview";
import type { Errors } from "./editor-fields";
import { MappingSection } from "./mapping-section";
import { RequestSection } from "./request-section";
import { SampleSection } from "./sample-section";
import { PresetPicker } from "./preset-picker";
import { SourceSection } from "./source-section";
import { StylesSection } from "./styles-section";
import { useLivePreview } from "./use-live-preview";
import { useSourceDraft } from "./use-source-draft";

let zoneCache: string[] | null = null;
const browserZones = () => (zoneCache ??= typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
const NO_ZONES: string[] = [];
const noZones = () => NO_ZONES;
const subscribeNothing = () => () => {};

const CLIENT_MESSAGE = "Some fields need attention. Fix them and try again.";

/** Errors the inputs do not show (whole-form ones), for the summary above the buttons. */
function unplacedErrors(errors: Errors, fieldNames: string[]): string[] {
  const placed = (key: string) =>
    ["name", "eventId", "target", "url", "recordsPath", "nextPagePath", "schedule", "headers", "mapping.sourceIdPath", "mapping.recordIdPath", "mapping.skip", "pagination", "auth", "incremental", "pauseBetweenPagesMs"].some(
      (p) => key === p || key.startsWith(`${p}.`),
    ) || fieldNames.some((name) => key === `mapping.fields.${name}` || key.startsWith(`mapping.fields.${name}.`));
  return Object.entries(errors)
    .filter(([key]) => !placed(key))
    .map(([, message]) => message);
}

export type SourceEditorProps = {
  orgId: string;
  mode: "create" | "edit";
  dataSourceId?: string;
  initial: SourceDraft;
  events: EventOption[];
  saveAction: FormAction<{ id: string }>;
  previewAction: FormAction<DataSourcePreview>;
  countPagesAction: FormAction<PageCount>;
  /** Why saving is not possible (members; creating while integrations are locked). */
  disabledReason: string | null;
  /** Why fetching a sample is not possible (it sends a request: refused while locked). */
  previewDisabledReason: string | null;
};

/**
 * The configuration of a data source and its mapping, with a live sample fetched from the
 * partner's API before saving. Validated in the browser with the import library's own
 * schemas (errors under the inputs, keyed by the same dotted paths the server answers
 * with), then by the library on the server. The sections are their own components; the
 * draft lives in useSourceDraft, the sample in useLivePreview, and saving here.
 */
export function SourceEditor({ orgId, mode, dataSourceId, initial, events, saveAction, previewAction, countPagesAction, disabledReason, previewDisabledReason }: SourceEditorProps) {
  const router = useRouter();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const sampleRef = useRef<HTMLDivElement>(null);
  const { draft, errors, edit, showErrors, setErrors, switchTarget } = useSourceDraft(initial, formRef);
  const [status, setStatus] = useState<{ failure: ActionFailure | null; client: string | null }>({ failure: null, client: null });
  const [saving, startSaving] = useTransition();
  const sample = useLivePreview({
    orgId,
    draft,
    dataSourceId: mode === "edit" ? dataSourceId : undefined,
    previewAction,
    disabled: previewDisabledReason !== null,
    setErrors,
    showErrors,
    onManualAnswer: () => sampleRef.current?.focus(),
  });
  // Saved header values are only sent to the site they were saved for (the saved URL's
  // origin): once the URL points elsewhere, each saved value must be typed again.
  const savedValuesWithheld = mode === "edit" && initial.headers.some((header) => header.saved) && !sameOrigin(draft.url, initial.url);
  const listId = useId();
  const pathsListId = `${listId}-paths`;
  const zonesListId = `${listId}-zones`;
  const sampleFormId = `${listId}-sample`;

  const fieldNames = Object.keys(targetFields(draft.target));
  const event = events.find((e) => e.id === draft.eventId) ?? null;
  const locked = disabledReason !== null;

  // Time zones come from the browser's Intl after hydration (the server's list may differ).
  const zones = useSyncExternalStore(subscribeNothing, browserZones, noZones);

  function fetchSample(submitEvent: React.FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    sample.fetchNow();
  }

  function save(submitEvent: React.FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const input = mode === "create" ? createInput(draft) : updateInput(draft);
    const checked = mode === "create" ? createDataSourceInputSchema.safeParse(input) : updateDataSourceInputSchemaFor(draft.target).safeParse(input);
    if (!checked.success) {
      showErrors(errorsByPath(checked.error.issues));
      setStatus({ failure: null, client: CLIENT_MESSAGE });
      return;
    }
    const formData = new FormData();
    formData.set("orgId", orgId);
    if (dataSourceId) formData.set("dataSourceId", dataSourceId);
    formData.set("payload", JSON.stringify(input));
    setStatus({ failure: null, client: null });
    startSaving(async () => {
      try {
        const answer = await saveAction(null, formData);
        if (!answer.ok) {
          showErrors(answer.fields ?? {});
          setStatus({ failure: answer, client: null });
          return;
        }
        toast(answer.message);
        router.push(`/console/${orgId}/data-sources/${answer.data.id}`);
      } catch {
        setStatus({ failure: { ok: false, code: "NETWORK", message: "The server could not be reached. Check your connection and try again." }, client: null });
      }
    });
  }

  const others = unplacedErrors(errors, fieldNames);
  const restartWarning = mode === "edit" ? incrementalRestartWarning(initial, draft) : null;

  return (
    <>
      {/* "Fetch sample" submits this empty form (its button sits in the editor, form= points here),
          so Enter in an input still saves, and the preview is a submission like any other. */}
      <form id={sampleFormId} onSubmit={fetchSample} aria-hidden="true" hidden />
      <form ref={formRef} noValidate onSubmit={save} aria-label={mode === "create" ? "New data source" : "Edit data source"} data-testid="source-editor">
        <datalist id={pathsListId}>
          {(sample.preview?.paths ?? []).map((path) => (
            <option key={path} value={path} />
          ))}
        </datalist>
        <datalist id={zonesListId}>
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <fieldset disabled={locked} className="min-w-0 space-y-8">
          <legend className="sr-only">{mode === "create" ? "New data source" : "Data source configuration"}</legend>
          <SourceSection mode={mode} draft={draft} errors={errors} events={events} edit={edit} switchTarget={switchTarget} />
          {mode === "create" && draft.target === "attendees" ? <PresetPicker edit={edit} /> : null}
          <RequestSection mode={mode} draft={draft} errors={errors} edit={edit} savedValuesWithheld={savedValuesWithheld} />
          <StylesSection
            orgId={orgId}
            draft={draft}
            errors={errors}
            edit={edit}
            dataSourceId={mode === "edit" ? dataSourceId : undefined}
            countPagesAction={countPagesAction}
            countDisabledReason={previewDisabledReason}
          />
          <SampleSection
            preview={sample.preview}
            status={sample.status}
            pending={sample.pending}
            target={draft.target}
            fieldNames={fieldNames}
            formId={sampleFormId}
            disabledReason={previewDisabledReason}
            sampleRef={sampleRef}
          />
          <MappingSection draft={draft} errors={errors} event={event} edit={edit} pathsListId={pathsListId} zonesListId={zonesListId} />
          <div className="space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800">
            {others.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-sm text-red-700 dark:text-red-400" data-testid="other-errors">
                {others.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
            {restartWarning ? (
              <Callout tone="warning" title="This import will start again from the beginning" data-testid="incremental-restart-warning">
                {restartWarning}
              </Callout>
            ) : null}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button type="submit" pending={saving} pendingLabel="Saving…" data-testid="save-data-source">
                {mode === "create" ? "Save data source" : "Save changes"}
              </Button>
              <Link
                href={mode === "edit" && dataSourceId ? `/console/${orgId}/data-sources/${dataSourceId}` : `/console/${orgId}/data-sources`}
                className={buttonClasses("ghost")}
              >
                Cancel
              </Link>
              {disabledReason ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="create-disabled-reason">
                  {disabledReason}
                </p>
              ) : null}
              <div data-testid="save-status" className="sm:ml-2">
                <FormStatus state={status.failure} clientMessage={status.client} hideSuccess />
              </div>
            </div>
          </div>
        </fieldset>
      </form>
    </>
  );
}
