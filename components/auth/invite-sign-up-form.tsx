"use client";

import { signIn } from "next-auth/react";
import { useCallback, useState } from "react";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { PASSWORD_MIN, inviteSignUpSchema } from "@/lib/auth/form-schemas";

/** Someone without an account accepts an invite: the account gets the invited address. */
export function InviteSignUpForm({ action, token, email }: { action: FormAction<{ orgId: string }>; token: string; email: string }) {
  const [signInFailed, setSignInFailed] = useState(false);
  const onSuccess = useCallback(
    async (result: { data: { orgId: string } }, form: HTMLFormElement | null) => {
      const password = form ? String(new FormData(form).get("password") ?? "") : "";
      const response = await signIn("credentials", { email, password, redirect: false });
      // A full navigation after the session changes, so nothing rendered signed-out is reused.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (response?.ok && !response.error) window.location.assign(`/console/${result.data.orgId}`);
      else setSignInFailed(true);
    },
    [email],
  );
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage } = useFormAction(action, {
    schema: inviteSignUpSchema,
    onSuccess,
  });
  const redirecting = state?.ok && !signInFailed;
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
      <FormStatus
        state={signInFailed ? { ok: false, code: "UNAUTHORIZED", message: "You joined, but signing in failed. Sign in to continue." } : state}
        clientMessage={clientMessage}
        hideSuccess
      />
      <Button type="submit" className="w-full" pending={pending || redirecting} pendingLabel={redirecting ? "Opening the console…" : "Joining…"}>
        Create account and join
      </Button>
    </form>
  );
}
