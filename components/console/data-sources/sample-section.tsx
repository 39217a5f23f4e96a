"use client";

import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import type { ActionFailure } from "@/lib/console/action-result";
import type { ImportTarget } from "@/lib/domain/imports/mapping";
import type { DataSourcePreview } from "@/lib/domain/imports/preview";
import { EditorSection } from "./editor-fields";
import { PreviewView } from "./preview-view";

/**
 * The sample: fetched again by itself as the request or the mapping changes, or with the
 * button.
 */
export function SampleSection({
  preview,
  status,
  pending,
  target,
  fieldNames,
  formId,
  disabledReason,
  sampleRef,
}: {
  preview: DataSourcePreview | null;
  status: { message: string; failure: ActionFailure | null } | null;
  pending: boolean;
  target: ImportTarget;
  fieldNames: string[];
  /** The hidden form the button submits (so Enter in the editor still saves). */
  formId: string;
  disabledReason: string | null;
  sampleRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <EditorSection
      title="Sample"
      testId="section-sample"
      description="The first page of the partner’s data and, once fields are mapped, the first 5 records exactly as they would be imported. It is fetched again by itself a moment after the request or the mapping changes. Nothing is saved or imported."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          form={formId}
          variant="secondary"
          pending={pending}
          pendingLabel="Fetching sample…"
          disabled={disabledReason !== null}
          aria-describedby={disabledReason ? "ds-preview-disabled" : undefined}
          data-testid="fetch-sample"
        >
          {preview ? "Fetch sample again" : "Fetch sample"}
        </Button>
        {disabledReason ? (
          <p id="ds-preview-disabled" className="text-sm text-zinc-600 dark:text-zinc-400">
            {disabledReason}
          </p>
        ) : null}
        <div role="status" aria-live="polite" aria-atomic="true" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="preview-status">
          {status?.failure ? (
            <span className="text-red-700 dark:text-red-400">
              {status.failure.message}
              {/* The message says it in words; the reason code stays in the markup only. */}
              {status.failure.reason && status.failure.code !== "INVALID_INPUT" ? (
                <span hidden data-testid="failure-reason">
                  ({status.failure.reason})
                </span>
              ) : null}
            </span>
          ) : (
            status?.message
          )}
        </div>
      </div>
      <div ref={sampleRef} tabIndex={-1} className="outline-none" aria-busy={pending || undefined}>
        {preview ? <PreviewView preview={preview} target={target} fieldNames={fieldNames} /> : null}
      </div>
    </EditorSection>
  );
}
