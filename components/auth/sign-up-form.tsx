"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { PASSWORD_MIN, signUpSchema } from "@/lib/auth/form-schemas";

/**
 * The server action answers a valid sign-up with a redirect to sign-in (the same one
 * whether or not the email already had an account); only refusals come back here.
 */
export function SignUpForm({ action }: { action: FormAction<null> }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage } = useFormAction(action, { schema: signUpSchema });

  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} className="space-y-5" aria-label="Create your account">
      <TextField name="orgName" label="Organization name" autoComplete="organization" required error={fieldErrors.orgName} idPrefix="sign-up" hint="Usually your company or event brand. You can be in several organizations." />
      <TextField name="name" label="Your name" autoComplete="name" optional error={fieldErrors.name} idPrefix="sign-up" />
      <TextField name="email" type="email" label="Work email" autoComplete="email" required error={fieldErrors.email} idPrefix="sign-up" />
      <TextField
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={fieldErrors.password}
        idPrefix="sign-up"
      />
      <FormStatus state={state} clientMessage={clientMessage} hideSuccess />
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Creating account…">
        Create account
      </Button>
    </form>
  );
}
