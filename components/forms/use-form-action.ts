"use client";

import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import type { ActionResult, ActionState, FieldErrors } from "@/lib/console/action-result";
import { readableIssueMessage } from "@/lib/console/readable-issue";

export type FormAction<T> = (previous: ActionState<T>, formData: FormData) => Promise<ActionResult<T>>;

/** First message per top-level field, as a sentence (not the validator's wording), the way the forms show them. */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= readableIssueMessage(issue, issue.path.length ? String(issue.path[0]) : undefined);
  }
  return errors;
}

const CLIENT_MESSAGE = "Some fields need attention. Fix them and try again.";

/**
 * A form backed by a server action, validated in the browser first with the same zod
 * schema the server uses. Invalid input never leaves the page: errors appear under the
 * fields and focus moves to the first one. Valid input goes to the action in a transition
 * (so `pending` drives the button), and the server's answer (success, refusal, or its own
 * field errors) becomes `state`. Without script the form still posts to the action.
 */
export function useFormAction<T, S extends z.ZodType>(
  action: FormAction<T>,
  options: {
    schema?: S;
    /** Turns the form into the schema's input (checkbox groups, dates…); default: text entries. */
    toInput?: (formData: FormData) => unknown;
    onSuccess?: (result: Extract<ActionResult<T>, { ok: true }>, form: HTMLFormElement | null) => void;
    /** The input to focus for an error keyed by another name (e.g. expiresAt → the date picker). */
    focusAlias?: Record<string, string>;
  } = {},
) {
  const [state, dispatch, pending] = useActionState<ActionState<T>, FormData>(action, null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<ActionState<T>>(null);
  const { schema, toInput, onSuccess, focusAlias } = options;

  useEffect(() => {
    if (state && state !== handled.current) {
      handled.current = state;
      if (state.ok) onSuccess?.(state, formRef.current);
      else if (state.fields) focusFirst(formRef.current, Object.keys(state.fields), focusAlias);
    }
  }, [state, onSuccess, focusAlias]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    if (schema) {
      const input = toInput ? toInput(formData) : Object.fromEntries(formData);
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        const errors = fieldErrorsFromIssues(parsed.error.issues);
        setClientErrors(errors);
        focusFirst(form, Object.keys(errors), focusAlias);
        return;
      }
    }
    setClientErrors(null);
    startTransition(() => dispatch(formData));
  }

  const serverFields = state && !state.ok ? state.fields : undefined;
  const fieldErrors: FieldErrors = clientErrors ?? serverFields ?? {};
  return {
    state,
    pending,
    formRef,
    formAction: dispatch,
    onSubmit,
    fieldErrors,
    clientMessage: clientErrors ? CLIENT_MESSAGE : null,
    clearFieldError(name: string) {
      setClientErrors((current) => {
        if (!current?.[name]) return current;
        const { [name]: _removed, ...rest } = current;
        return rest;
      });
    },
  };
}

/** Focuses the first field with an error in the order the form shows them. */
function focusFirst(form: HTMLFormElement | null, names: string[], alias: Record<string, string> = {}) {
  if (!form) return;
  const wanted = new Set(names.map((name) => alias[name] ?? name));
  for (const element of Array.from(form.elements)) {
    const field = element as HTMLInputElement;
    if (wanted.has(field.name) && field.type !== "hidden" && !field.disabled && typeof field.focus === "function") {
      field.focus();
      return;
    }
  }
}
