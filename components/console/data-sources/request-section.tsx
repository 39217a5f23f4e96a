"use client";

import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { PlusIcon } from "@/components/ui/icons";
import type { SourceDraft } from "@/lib/console/mapping-draft";
import { MAX_HEADERS } from "@/lib/domain/imports/data-source-input";
import { EditorInput, EditorSection, GroupError, type Errors } from "./editor-fields";
import type { DraftEdit } from "./use-source-draft";

/** Where the partner's API is read: the URL, request headers and the records path (paging and auth: styles-section). */
export function RequestSection({
  mode,
  draft,
  errors,
  edit,
  savedValuesWithheld,
}: {
  mode: "create" | "edit";
  draft: SourceDraft;
  errors: Errors;
  edit: DraftEdit;
  /** The URL now points at another site than the saved one: saved header values are not sent there. */
  savedValuesWithheld: boolean;
}) {
  const headerError = (index: number, key: "name" | "value") => errors[`headers.${index}.${key}`];
  return (
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
        </div>
      </EditorSection>
  );
}
