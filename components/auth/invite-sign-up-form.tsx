"use client";

import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { PASSWORD_MIN, inviteSignUpSchema } from "@/lib/auth/form-schemas";

/**
 * Someone without an account accepts an invite: the account gets the invited address. A
 * valid submission is answered with a redirect to sign-in (the same one whether or not the
 * address already had an account); only refusals come back here.
 */
export function InviteSignUpForm({ action, token, email }: { action: FormAction<null>; token: string; email: string }) {
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage } = useFormAction(action, { schema: inviteSignUpSchema });
  return (
    <form ref={formRef} noValidate action={formAction} onSubmit={onSubmit} className="space-y-5" aria-label="Create your account and join">
      <input type="hidden" name="token" value={token} />
      <TextField name="email" label="Email" value={email} readOnly disabled idPrefix="invite" hint="The address the invitation was made for." />
      <TextField name="name" label="Your name" autoComplete="name" optional error={fieldErrors.name} idPrefix="invite" />
      <TextField
        name="password"
        type="password"
        label="Choose a password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={fieldErrors.password}
        idPrefix="invite"
      />
      <FormStatus state={state} clientMessage={clientMessage} hideSuccess />
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Joining…">
        Create account and join
      </Button>
    </form>
  );
}
