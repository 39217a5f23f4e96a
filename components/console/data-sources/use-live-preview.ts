"use client";

import { useEffect, useRef, useState } from "react";
import type { FormAction } from "@/components/forms/use-form-action";
import type { ActionFailure } from "@/lib/console/action-result";
import { errorsByPath, previewInput, type SourceDraft } from "@/lib/console/mapping-draft";
import { previewInputSchema } from "@/lib/domain/imports/data-source-input";
import type { DataSourcePreview } from "@/lib/domain/imports/preview";
import type { Errors } from "./editor-fields";

/** How long the draft must stay unchanged before the sample is fetched again. */
export const PREVIEW_DEBOUNCE_MS = 500;

const FETCH_SETTINGS = ["url", "recordsPath", "nextPagePath", "pagination", "auth"];

const NETWORK_FAILURE: ActionFailure = { ok: false, code: "NETWORK", message: "The server could not be reached. Check your connection and try again." };

/** The answer shown, with the URL it was fetched for (a failure about another URL is stale). */
type Shown = { url: string; target: SourceDraft["target"]; preview: DataSourcePreview | null; message: string; failure: ActionFailure | null };

type Options = {
  orgId: string;
  draft: SourceDraft;
  dataSourceId?: string;
  previewAction: FormAction<DataSourcePreview>;
  /** Why no request may be sent (integrations locked); no automatic fetch then. */
  disabled: boolean;
  setErrors: (update: (current: Errors) => Errors) => void;
  showErrors: (update: (current: Errors) => Errors) => void;
  /** Called after a fetch someone asked for (the button), to move focus to the sample. */
  onManualAnswer: () => void;
};

/**
 * The sample of the editor, kept live: once the URL, records path, headers or mapping
 * have stayed unchanged for PREVIEW_DEBOUNCE_MS, the first page is fetched again. Only
 * the answer to the latest request is shown (a late answer for an older draft is
 * dropped), and a fetch failure is shown only while the URL it was about is still the
 * one in the field. A failure caused by a setting (the URL itself: unreachable, refused,
 * an error status, not JSON; or the records path) goes under that input.
 */
export function useLivePreview({ orgId, draft, dataSourceId, previewAction, disabled, setErrors, showErrors, onManualAnswer }: Options) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [pending, setPending] = useState(false);
  const latest = useRef(0);
  const input = previewInput(draft, dataSourceId);
  const key = JSON.stringify(input);
  // The draft as the page opened is not fetched by itself: only a change (or the button) sends a request.
  const requestedKey = useRef(key);
  // The URL in the field now, for answers that arrive after it changed.
  const urlNow = useRef(draft.url);
  useEffect(() => {
    urlNow.current = draft.url;
  }, [draft.url]);

  function request(manual: boolean) {
    const checked = previewInputSchema.safeParse(input);
    if (!checked.success) {
      if (!manual) return;
      setShown({ url: draft.url, target: draft.target, preview: shown?.preview ?? null, message: "", failure: { ok: false, code: "INVALID_INPUT", message: "Fill in the fields marked above to fetch a sample." } });
      const found = errorsByPath(checked.error.issues);
      showErrors((current) => ({ ...current, ...found }));
      return;
    }
    requestedKey.current = key;
    const sequence = ++latest.current;
    const { url, target } = draft;
    const formData = new FormData();
    formData.set("orgId", orgId);
    formData.set("payload", JSON.stringify(input));
    setPending(true);
    previewAction(null, formData)
      .then((answer) => {
        if (sequence !== latest.current) return;
        if (!answer.ok) {
          setShown({ url, target, preview: null, message: "", failure: answer });
          if (answer.fields) {
            const fields = answer.fields;
            (manual ? showErrors : setErrors)((current) => ({ ...current, ...fields }));
          }
          return;
        }
        const preview = answer.data;
        setShown({ url, target, preview, message: answer.message, failure: null });
        // Mapping faults come with the sample; show them under their fields, and a fetch
        // failure under the setting that caused it.
        const mappingFaults = Object.fromEntries(Object.entries(preview.mappingErrors?.fields ?? {}).map(([path, fault]) => [path, fault.message]));
        const settingFault = preview.fetchError && preview.fetchErrorField && url === urlNow.current ? { [preview.fetchErrorField]: preview.fetchError } : {};
        // The draft passed the schema, so an error still at a fetch setting is the previous answer's.
        setErrors((current) => ({
          ...Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith("mapping") && !FETCH_SETTINGS.includes(path))),
          ...mappingFaults,
          ...settingFault,
        }));
        if (manual) onManualAnswer();
      })
      .catch(() => {
        if (sequence === latest.current) setShown({ url, target, preview: null, message: "", failure: NETWORK_FAILURE });
      })
      .finally(() => {
        if (sequence === latest.current) setPending(false);
      });
  }

  useEffect(() => {
    if (disabled || key === requestedKey.current || draft.url.trim() === "") return;
    // The button may have fetched this very draft meanwhile.
    const timer = setTimeout(() => key !== requestedKey.current && request(false), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `request` reads the current render's draft; the key says when that draft changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, disabled]);

  // A failure about a URL no longer in the field is stale, and a sample of the other target
  // does not fit the mapping shown: neither is shown.
  const fits = shown !== null && shown.target === draft.target;
  const current = fits && (shown.url === draft.url || (shown.failure === null && !shown.preview?.fetchError)) ? shown : null;
  return {
    preview: current?.preview ?? null,
    status: current ? { message: current.message, failure: current.failure } : null,
    pending,
    fetchNow: () => request(true),
  };
}
