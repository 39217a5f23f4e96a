"use client";

import Link from "next/link";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { RecoveryCodes } from "./recovery-codes";

/** The first code from the authenticator app turns two-factor on; the recovery codes follow. */
export function ConfirmTwoFactorForm({ action, continueHref }: { action: FormAction<{ codes: string[] }>; continueHref: string }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors } = useFormAction(action);
  if (state?.ok) {
    return (
      <div className="space-y-4">
        <FormStatus state={state} />
        <RecoveryCodes codes={state.data.codes} />
        <Link href={continueHref} className="block text-center text-sm font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
          I have saved my recovery codes: continue
        </Link>
      </div>
    );
  }
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} className="space-y-4" aria-label="Confirm two-factor sign-in">
      <TextField
        name="code"
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        required
        error={fieldErrors.code}
        idPrefix="two-factor-confirm"
      />
      <FormStatus state={state} />
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Checking…">
        Turn on two-factor sign-in
      </Button>
    </form>
  );
}
