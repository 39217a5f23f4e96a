"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";

/** Turning two-factor off takes the password (when the account has one) and a code. */
export function DisableTwoFactorForm({ action, hasPassword }: { action: FormAction<null>; hasPassword: boolean }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors } = useFormAction(action);
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} className="space-y-4" aria-label="Turn off two-factor sign-in">
      {hasPassword ? (
        <TextField name="password" type="password" label="Password" autoComplete="current-password" required error={fieldErrors.password} idPrefix="two-factor-disable" />
      ) : null}
      <TextField
        name="code"
        label="Code from your authenticator app, or a recovery code"
        autoComplete="one-time-code"
        required
        error={fieldErrors.code}
        idPrefix="two-factor-disable"
      />
      <FormStatus state={state} />
      <Button type="submit" variant="danger-secondary" className="w-full" pending={pending} pendingLabel="Turning off…">
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}
