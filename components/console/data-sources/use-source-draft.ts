"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import { emptyFields, type FieldDraft, type SourceDraft } from "@/lib/console/mapping-draft";
import type { ImportTarget } from "@/lib/domain/imports/mapping";
import type { Errors } from "./editor-fields";

/** Removes the error at `key`, its descendants and its ancestors (a group error about it). */
function withoutError(errors: Errors, key: string): Errors {
  const next: Errors = {};
  for (const [k, message] of Object.entries(errors)) {
    if (k === key || k.startsWith(`${key}.`) || key.startsWith(`${k}.`)) continue;
    next[k] = message;
  }
  return next;
}

export type DraftEdit = (update: (next: SourceDraft) => void, clear?: string) => void;

export type SourceDraftState = {
  draft: SourceDraft;
  errors: Errors;
  /** Changes the draft (on a copy) and drops the error of what changed. */
  edit: DraftEdit;
  /** Sets the errors (or updates them) and moves focus to the first invalid input. */
  showErrors: (next: Errors | ((current: Errors) => Errors)) => void;
  setErrors: (update: (current: Errors) => Errors) => void;
  /** Switches what the source imports; the other target's mapping is kept to switch back to. */
  switchTarget: (target: ImportTarget) => void;
};

/**
 * The editor's draft and its errors, keyed by the dotted paths the import library
 * reports them under. `formRef` is where focus looks for the first invalid input.
 */
export function useSourceDraft(initial: SourceDraft, formRef: RefObject<HTMLFormElement | null>): SourceDraftState {
  const [draft, setDraft] = useState<SourceDraft>(initial);
  const [stash, setStash] = useState<Partial<Record<ImportTarget, Record<string, FieldDraft>>>>({});
  const [errors, setErrorsState] = useState<Errors>({});
  const [focusErrors, setFocusErrors] = useState(0);

  // After errors appear, focus the first invalid input in the order the form shows them.
  const focusedFor = useRef(0);
  useEffect(() => {
    if (focusErrors === 0 || focusedFor.current === focusErrors) return;
    focusedFor.current = focusErrors;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrors, formRef]);

  const edit: DraftEdit = (update, clear) => {
    setDraft((current) => {
      const next = structuredClone(current);
      update(next);
      return next;
    });
    if (clear) setErrorsState((current) => withoutError(current, clear));
  };

  return {
    draft,
    errors,
    edit,
    showErrors: (next) => {
      setErrorsState(typeof next === "function" ? next : () => next);
      setFocusErrors((n) => n + 1);
    },
    setErrors: setErrorsState,
    switchTarget: (target) => {
      if (target === draft.target) return;
      setStash((current) => ({ ...current, [draft.target]: draft.fields }));
      edit((next) => {
        next.target = target;
        next.fields = stash[target] ?? emptyFields(target);
      }, "mapping");
    },
  };
}
