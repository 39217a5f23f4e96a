"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { RecoveryCodes } from "./recovery-codes";

/** Ten new recovery codes for a current code; the old ones stop working. */
export function RegenerateRecoveryCodesForm({ action }: { action: FormAction<{ codes: string[] }> }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors } = useFormAction(action);
  return (
    <div className="space-y-4">
      <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} className="space-y-4" aria-label="Make new recovery codes">
        <TextField name="code" label="Code from your authenticator app" autoComplete="one-time-code" required error={fieldErrors.code} idPrefix="two-factor-regenerate" />
        <FormStatus state={state} />
        <Button type="submit" variant="secondary" className="w-full" pending={pending} pendingLabel="Making codes…">
          Make new recovery codes
        </Button>
      </form>
      {state?.ok ? <RecoveryCodes codes={state.data.codes} /> : null}
    </div>
  );
}
