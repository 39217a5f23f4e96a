"use client";

import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { focusPageHeadingIfLost } from "@/components/forms/use-dialog-action";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormStatus } from "@/components/ui/form-status";
import { useToast } from "@/components/ui/toast";
import type { FieldErrors } from "@/lib/console/action-result";

/** What a form body gets to wire its inputs: the field errors and a way to clear one on input. */
export type FieldWiring = {
  errors: FieldErrors;
  field: (name: string) => { name: string; error?: string; onInput: () => void; idPrefix: string };
};

/**
 * "New …" or a row's "Edit": a button opening an authoring form in a dialog (tracks, rooms,
 * speakers, sponsors, info sections, forms). The form is mounted only while the dialog is
 * open, so each opening starts from the stored values; on success the dialog closes and a
 * toast says what happened (the page re-renders with the change). The server action
 * re-checks the admin and validates with the operation's schema; its field errors show
 * under the inputs.
 */
export function ItemDialogButton({
  label,
  srLabel,
  title,
  description,
  hidden,
  action,
  submitLabel,
  testId,
  idPrefix,
  primary = false,
  children,
}: {
  label: string;
  srLabel?: string;
  title: string;
  description?: ReactNode;
  hidden: Record<string, string>;
  action: FormAction<null>;
  submitLabel: string;
  testId: string;
  idPrefix: string;
  primary?: boolean;
  children: (wiring: FieldWiring) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const toast = useToast();
  const onSuccess = useCallback(
    (result: { message: string }) => {
      setOpen(false);
      toast(result.message);
      focusPageHeadingIfLost();
    },
    [toast],
  );
  return (
    <>
      <Button ref={triggerRef} variant={primary ? "primary" : "secondary"} size="sm" onClick={() => setOpen(true)} data-testid={testId}>
        {label}
        {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
      </Button>
      <Dialog open={open} onClose={close} labelId={labelId} returnFocusTo={triggerRef} title={title} description={description}>
        <ItemForm hidden={hidden} action={action} submitLabel={submitLabel} idPrefix={idPrefix} title={title} onSuccess={onSuccess} onCancel={close}>
          {children}
        </ItemForm>
      </Dialog>
    </>
  );
}

function ItemForm({
  hidden,
  action,
  submitLabel,
  idPrefix,
  title,
  onSuccess,
  onCancel,
  children,
}: {
  hidden: Record<string, string>;
  action: FormAction<null>;
  submitLabel: string;
  idPrefix: string;
  title: string;
  onSuccess: (result: { message: string }) => void;
  onCancel: () => void;
  children: (wiring: FieldWiring) => ReactNode;
}) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage, clearFieldError } = useFormAction(action, { onSuccess });
  const wiring: FieldWiring = {
    errors: fieldErrors,
    field: (name) => ({ name, error: fieldErrors[name], onInput: () => clearFieldError(name), idPrefix }),
  };
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} aria-label={title} className="space-y-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(wiring)}
      <FormStatus state={state && !state.ok && state.fields ? { ...state, reason: undefined } : state} clientMessage={clientMessage} hideSuccess />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending} pendingLabel="Saving…" data-testid="save-item">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
