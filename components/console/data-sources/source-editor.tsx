"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useSyncExternalStore, useTransition } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import { Button, buttonClasses } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { cx, focusRing } from "@/components/ui/cx";
import { FieldError } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { PlusIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import type { ActionFailure } from "@/lib/console/action-result";
import type { EventOption } from "@/lib/console/list-data-sources";
import { sameOrigin } from "@/lib/imports/header-origin";
import {
  createInput,
  emptyFields,
  errorsByPath,
  previewInput,
  targetFields,
  updateInput,
  type FieldDraft,
  type SourceDraft,
} from "@/lib/console/mapping-draft";
import {
  MAX_HEADERS,
  SCHEDULES,
  createDataSourceInputSchema,
  previewInputSchema,
  updateDataSourceInputSchemaFor,
} from "@/lib/imports/data-source-input";
import type { ImportTarget } from "@/lib/imports/mapping";
import type { DataSourcePreview } from "@/lib/imports/preview";
import { EditorInput, EditorSection, EditorSelect, GroupError, type Errors } from "./editor-fields";
import { FieldMapping } from "./field-mapping";
import { PreviewView } from "./preview-view";

const TARGETS: { value: ImportTarget; label: string; detail: string }[] = [
  { value: "attendees", label: "Attendees", detail: "Guests of the event, matched by email. New addresses are added as invited; no email is sent." },
  { value: "sessions", label: "Sessions", detail: "The programme, matched by the record's own id across runs." },
];

const SCHEDULE_OPTIONS: Record<(typeof SCHEDULES)[number], { label: string; detail: string }> = {
  manual: { label: "On demand", detail: "Only when someone presses Run now." },
  hourly: { label: "Hourly", detail: "Every hour, and on demand." },
  daily: { label: "Daily", detail: "Once a day, and on demand." },
};

let zoneCache: string[] | null = null;
const browserZones = () => (zoneCache ??= typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
const NO_ZONES: string[] = [];
const noZones = () => NO_ZONES;
const subscribeNothing = () => () => {};

const CLIENT_MESSAGE = "Some fields need attention. Fix them and try again.";

/** Removes the error at `key`, its descendants and its ancestors (a group error about it). */
function withoutError(errors: Errors, key: string): Errors {
  const next: Errors = {};
  for (const [k, message] of Object.entries(errors)) {
    if (k === key || k.startsWith(`${key}.`) || key.startsWith(`${k}.`)) continue;
    next[k] = message;
  }
  return next;
}

/** Errors the inputs do not show (whole-form ones), for the summary above the buttons. */
function unplacedErrors(errors: Errors, fieldNames: string[]): string[] {
  const placed = (key: string) =>
    ["name", "eventId", "target", "url", "recordsPath", "nextPagePath", "schedule", "headers", "mapping.sourceIdPath"].some(
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
  /** Why saving is not possible (members; creating while integrations are locked). */
  disabledReason: string | null;
  /** Why fetching a sample is not possible (it sends a request: refused while locked). */
  previewDisabledReason: string | null;
};

/**
 * The configuration of a data source and its mapping, with a sample fetched from the
 * partner's API before saving. Validated in the browser with the import library's own
 * schemas (errors under the inputs, keyed by the same dotted paths the server answers
 * with), then by the library on the server.
 */
export function SourceEditor({ orgId, mode, dataSourceId, initial, events, saveAction, previewAction, disabledReason, previewDisabledReason }: SourceEditorProps) {
  const router = useRouter();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const sampleRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<SourceDraft>(initial);
  const [stash, setStash] = useState<Partial<Record<ImportTarget, Record<string, FieldDraft>>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ failure: ActionFailure | null; client: string | null }>({ failure: null, client: null });
  const [saving, startSaving] = useTransition();
  const [previewing, startPreview] = useTransition();
  const [preview, setPreview] = useState<DataSourcePreview | null>(null);
  // Saved header values are only sent to the site they were saved for (the saved URL's
  // origin): once the URL points elsewhere, each saved value must be typed again.
  const savedValuesWithheld = mode === "edit" && initial.headers.some((header) => header.saved) && !sameOrigin(draft.url, initial.url);
  const [previewStatus, setPreviewStatus] = useState<{ message: string; failure: ActionFailure | null } | null>(null);
  const [focusErrors, setFocusErrors] = useState(0);
  const listId = useId();
  const pathsListId = `${listId}-paths`;
  const zonesListId = `${listId}-zones`;
  const sampleFormId = `${listId}-sample`;

  const fields = targetFields(draft.target);
  const fieldNames = Object.keys(fields);
  const event = events.find((e) => e.id === draft.eventId) ?? null;
  const locked = disabledReason !== null;

  // Time zones come from the browser's Intl after hydration (the server's list may differ).
  const zones = useSyncExternalStore(subscribeNothing, browserZones, noZones);

  // After errors appear, focus the first invalid input in the order the form shows them.
  useEffect(() => {
    if (focusErrors === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  function edit(update: (next: SourceDraft) => void, clear?: string) {
    setDraft((current) => {
      const next = structuredClone(current);
      update(next);
      return next;
    });
    if (clear) setErrors((current) => withoutError(current, clear));
  }

  function showErrors(next: Errors, failure: ActionFailure | null, client: string | null) {
    setErrors(next);
    setStatus({ failure, client });
    setFocusErrors((n) => n + 1);
  }

  function switchTarget(target: ImportTarget) {
    if (target === draft.target) return;
    // The other target's mapping is kept aside, so switching back restores it.
    setStash((current) => ({ ...current, [draft.target]: draft.fields }));
    edit((next) => {
      next.target = target;
      next.fields = stash[target] ?? emptyFields(target);
    }, "mapping");
    setPreview(null);
  }

  function fetchSample(submitEvent: React.FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const input = previewInput(draft, mode === "edit" ? dataSourceId : undefined);
    const checked = previewInputSchema.safeParse(input);
    if (!checked.success) {
      const found = errorsByPath(checked.error.issues);
      setPreviewStatus({ message: "", failure: { ok: false, code: "INVALID_INPUT", message: "Fill in the fields marked above to fetch a sample." } });
      showErrors({ ...errors, ...found }, null, null);
      return;
    }
    const formData = new FormData();
    formData.set("orgId", orgId);
    formData.set("payload", JSON.stringify(input));
    setPreviewStatus(null);
    startPreview(async () => {
      try {
        const answer = await previewAction(null, formData);
        if (!answer.ok) {
          setPreviewStatus({ message: "", failure: answer });
          if (answer.fields) showErrors({ ...errors, ...answer.fields }, null, null);
          return;
        }
        setPreview(answer.data);
        setPreviewStatus({ message: answer.message, failure: null });
        // Mapping faults come with the sample; show them under their fields.
        const mappingFaults = Object.fromEntries(
          Object.entries(answer.data.mappingErrors?.fields ?? {}).map(([key, fault]) => [key, fault.message]),
        );
        setErrors((current) => ({
          ...Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith("mapping"))),
          ...mappingFaults,
        }));
        sampleRef.current?.focus();
      } catch {
        setPreviewStatus({ message: "", failure: { ok: false, code: "NETWORK", message: "The server could not be reached. Check your connection and try again." } });
      }
    });
  }

  function save(submitEvent: React.FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const input = mode === "create" ? createInput(draft) : updateInput(draft);
    const checked = mode === "create" ? createDataSourceInputSchema.safeParse(input) : updateDataSourceInputSchemaFor(draft.target).safeParse(input);
    if (!checked.success) {
      showErrors(errorsByPath(checked.error.issues), null, CLIENT_MESSAGE);
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
          showErrors(answer.fields ?? {}, answer, null);
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
  const headerError = (index: number, key: "name" | "value") => errors[`headers.${index}.${key}`];

  return (
    <>
      {/* "Fetch sample" submits this empty form (its button sits in the editor, form= points here),
          so Enter in an input still saves, and the preview is a submission like any other. */}
      <form id={sampleFormId} onSubmit={fetchSample} aria-hidden="true" hidden />
      <form ref={formRef} noValidate onSubmit={save} aria-label={mode === "create" ? "New data source" : "Edit data source"} data-testid="source-editor">
        <datalist id={pathsListId}>
          {(preview?.paths ?? []).map((path) => (
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
  
          <EditorSection title="Source" testId="section-source">
            <EditorInput
              path="name"
              label="Name"
              placeholder="e.g. Registrations from Eventbrite"
              maxLength={200}
              value={draft.name}
              error={errors.name}
              onChange={(e) => {
                const value = e.currentTarget.value;
                edit((d) => void (d.name = value), "name");
              }}
              className="max-w-md"
            />
            {events.length === 0 ? (
              <Callout tone="warning" title="This organization has no events yet">
                A data source imports into an existing event. Create the event in the organizer app first, then come back.
              </Callout>
            ) : null}
            <EditorSelect
              path="eventId"
              label="Event"
              hint={mode === "edit" ? "The event of a data source cannot change; create a new data source for another event." : "The event the records are imported into."}
              value={draft.eventId}
              disabled={mode === "edit" || events.length === 0}
              error={errors.eventId}
              onChange={(e) => {
                const value = e.currentTarget.value;
                edit((d) => void (d.eventId = value), "eventId");
              }}
              className="max-w-md"
            >
              <option value="">Choose an event…</option>
              {events.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                  {option.status !== "published" ? ` (${option.status})` : ""}
                </option>
              ))}
            </EditorSelect>
            <fieldset aria-describedby={mode === "edit" ? "ds-target-fixed" : undefined}>
              <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Imports</legend>
              {mode === "edit" ? (
                <p id="ds-target-fixed" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                  What a data source imports cannot change once it exists.
                </p>
              ) : null}
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {TARGETS.map((option) => (
                  <label
                    key={option.value}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-checked:border-indigo-500 has-checked:bg-indigo-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-zinc-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-500/10"
                  >
                    <input
                      type="radio"
                      name="target"
                      value={option.value}
                      checked={draft.target === option.value}
                      disabled={mode === "edit"}
                      onChange={() => switchTarget(option.value)}
                      className={cx("mt-0.5 size-4 shrink-0 accent-indigo-600", focusRing)}
                    />
                    <span>
                      <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">{option.label}</span>
                      <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{option.detail}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Schedule</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-3">
                {SCHEDULES.map((schedule) => (
                  <label
                    key={schedule}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-checked:border-indigo-500 has-checked:bg-indigo-50/60 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-zinc-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-500/10"
                  >
                    <input
                      type="radio"
                      name="schedule"
                      value={schedule}
                      checked={draft.schedule === schedule}
                      onChange={() => edit((d) => void (d.schedule = schedule), "schedule")}
                      className={cx("mt-0.5 size-4 shrink-0 accent-indigo-600", focusRing)}
                    />
                    <span>
                      <span className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">{SCHEDULE_OPTIONS[schedule].label}</span>
                      <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{SCHEDULE_OPTIONS[schedule].detail}</span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id="ds-schedule-error">{errors.schedule}</FieldError>
            </fieldset>
          </EditorSection>
  
          <EditorSection
            title="Request"
            testId="section-request"
            description="Each run sends GET requests to this address and reads JSON: at most 20 seconds and 5 MB per page, 5,000 records or 60 seconds per run."
          >
            <EditorInput
              path="url"
              type="url"
              inputMode="url"
              label="URL"
              placeholder="https://api.example.com/attendees"
              hint={
                savedValuesWithheld ? (
                  <>
                    An https:// address on the public internet; checked when saved and at every request.{" "}
                    <strong className="font-medium text-amber-700 dark:text-amber-400" data-testid="origin-changed-note">
                      This URL is on another site than the saved one: saved header values are not sent to it. Enter each header value again,
                      or they are removed when you save.
                    </strong>
                  </>
                ) : (
                  "An https:// address on the public internet; checked when saved and at every request."
                )
              }
              autoComplete="off"
              spellCheck={false}
              maxLength={2048}
              value={draft.url}
              error={errors.url}
              onChange={(e) => {
                const value = e.currentTarget.value;
                edit((d) => void (d.url = value), "url");
              }}
              className="max-w-2xl"
              inputClassName="font-mono"
            />
            <fieldset aria-describedby="ds-headers-hint">
              <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Request headers</legend>
              <p id="ds-headers-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                For example <code className="font-mono">Authorization</code> with a token. Values are stored encrypted and never shown
                again{mode === "edit" ? ": leave a saved value blank to keep it" : ""}.
              </p>
              {draft.headers.length > 0 ? (
                <ul className="mt-3 space-y-3" aria-label="Headers">
                  {draft.headers.map((header, index) => (
                    <li key={index} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)_auto] sm:items-start" data-testid="header-row">
                      <EditorInput
                        path={`headers.${index}.name`}
                        label={`Header ${index + 1} name`}
                        placeholder="Authorization"
                        autoComplete="off"
                        spellCheck={false}
                        readOnly={header.saved}
                        title={header.saved ? "A saved header keeps its name; remove it and add a new one to rename it." : undefined}
                        value={header.name}
                        error={headerError(index, "name")}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          edit((d) => void (d.headers[index].name = value), `headers.${index}.name`);
                        }}
                        inputClassName={cx("font-mono", header.saved && "bg-zinc-50 dark:bg-zinc-900")}
                      />
                      <EditorInput
                        path={`headers.${index}.value`}
                        label={`Header ${index + 1} value`}
                        type="password"
                        autoComplete="new-password"
                        spellCheck={false}
                        placeholder={header.saved ? (savedValuesWithheld ? "Enter again for the new site" : "Saved: leave blank to keep") : "Value"}
                        value={header.value}
                        error={headerError(index, "value")}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          edit((d) => void (d.headers[index].value = value), `headers.${index}.value`);
                        }}
                        inputClassName="font-mono"
                      />
                      <Button
                        variant="ghost"
                        className="sm:mt-7"
                        onClick={() =>
                          edit((d) => void d.headers.splice(index, 1), "headers")
                        }
                      >
                        Remove<span className="sr-only"> header {header.name || index + 1}</span>
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <GroupError path="headers" error={errors.headers} />
              {draft.headers.length < MAX_HEADERS ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-3"
                  onClick={() => edit((d) => void d.headers.push({ name: "", value: "", saved: false }), "headers")}
                  data-testid="add-header"
                >
                  <PlusIcon />
                  Add header
                </Button>
              ) : null}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <EditorInput
                path="recordsPath"
                label="Records path"
                optional
                placeholder="The response is the list"
                hint={<>Where the list of records is in the response, such as <code className="font-mono">data.items</code>.</>}
                autoComplete="off"
                spellCheck={false}
                value={draft.recordsPath}
                error={errors.recordsPath}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  edit((d) => void (d.recordsPath = value), "recordsPath");
                }}
                inputClassName="font-mono"
              />
              <EditorInput
                path="nextPagePath"
                label="Next-page path"
                optional
                placeholder="One page only"
                hint={<>Where the response names the next page’s URL, such as <code className="font-mono">links.next</code>; paging ends when it is empty.</>}
                autoComplete="off"
                spellCheck={false}
                value={draft.nextPagePath}
                error={errors.nextPagePath}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  edit((d) => void (d.nextPagePath = value), "nextPagePath");
                }}
                inputClassName="font-mono"
              />
            </div>
          </EditorSection>
  
          <EditorSection
            title="Sample"
            testId="section-sample"
            description="Fetch the first page now to see the partner’s data and, once fields are mapped, the first 5 records exactly as they would be imported. Nothing is saved or imported."
          >
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button
                type="submit"
                form={sampleFormId}
                variant="secondary"
                pending={previewing}
                pendingLabel="Fetching sample…"
                disabled={previewDisabledReason !== null}
                aria-describedby={previewDisabledReason ? "ds-preview-disabled" : undefined}
                data-testid="fetch-sample"
              >
                {preview ? "Fetch sample again" : "Fetch sample"}
              </Button>
              {previewDisabledReason ? (
                <p id="ds-preview-disabled" className="text-sm text-zinc-600 dark:text-zinc-400">
                  {previewDisabledReason}
                </p>
              ) : null}
              <div role="status" aria-live="polite" aria-atomic="true" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="preview-status">
                {previewStatus?.failure ? (
                  <span className="text-red-700 dark:text-red-400">
                    {previewStatus.failure.message}
                    {previewStatus.failure.reason ? (
                      <>
                        {" "}
                        <span className="font-mono text-xs opacity-80" data-testid="failure-reason">
                          ({previewStatus.failure.reason})
                        </span>
                      </>
                    ) : null}
                  </span>
                ) : (
                  previewStatus?.message
                )}
              </div>
            </div>
            <div ref={sampleRef} tabIndex={-1} className="outline-none">
              {preview ? <PreviewView preview={preview} target={draft.target} fieldNames={fieldNames} /> : null}
            </div>
          </EditorSection>
  
          <EditorSection
            title="Mapping"
            testId="section-mapping"
            description={
              <>
                For each {draft.target === "attendees" ? "attendee" : "session"} field, the dotted path of its value in a partner record
                (pick from the paths the sample found, or type one), transforms applied in order, and a default for records without a
                value. Leave a path empty to leave that field alone.
                {event ? (
                  <> Dates without an offset are read in the event’s time zone ({event.timezone}) unless a transform names another.</>
                ) : null}
              </>
            }
          >
            <GroupError path="mapping" error={errors.mapping ?? errors["mapping.fields"]} />
            {draft.target === "sessions" ? (
              <EditorInput
                path="mapping.sourceIdPath"
                label="Source id path"
                hint="The path of each record's own stable id. It links the record to its session across runs, so a changed title updates the session instead of adding another."
                placeholder="e.g. id"
                list={pathsListId}
                autoComplete="off"
                spellCheck={false}
                value={draft.sourceIdPath}
                error={errors["mapping.sourceIdPath"]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  edit((d) => void (d.sourceIdPath = value), "mapping.sourceIdPath");
                }}
                className="max-w-md"
                inputClassName="font-mono"
              />
            ) : null}
            <ul className="space-y-4">
              {fieldNames.map((name) => (
                <FieldMapping
                  key={`${draft.target}-${name}`}
                  name={name}
                  spec={fields[name]}
                  field={draft.fields[name]}
                  errors={errors}
                  pathsListId={pathsListId}
                  zonesListId={zonesListId}
                  eventTimezone={event?.timezone ?? null}
                  onChange={(update, clear) => edit((d) => update(d.fields[name]), clear)}
                />
              ))}
            </ul>
          </EditorSection>
  
          <div className="space-y-3 border-t border-zinc-200 pt-6 dark:border-zinc-800">
            {others.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-sm text-red-700 dark:text-red-400" data-testid="other-errors">
                {others.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
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
