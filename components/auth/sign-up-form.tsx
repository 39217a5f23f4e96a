"use client";

import { signIn } from "next-auth/react";
import { useCallback, useState } from "react";
import { useFormAction, type FormAction } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { PASSWORD_MIN, signUpSchema } from "@/lib/auth/form-schemas";

/**
 * Creates the account and its organization (server action), then signs in with the same
 * credentials and opens the new organization's console.
 */
export function SignUpForm({ action }: { action: FormAction<{ orgId: string }> }) {
  const [signInFailed, setSignInFailed] = useState(false);
  const onSuccess = useCallback(
    async (result: { data: { orgId: string } }, form: HTMLFormElement | null) => {
      const data = form ? new FormData(form) : null;
      const response = await signIn("credentials", {
        email: String(data?.get("email") ?? ""),
        password: String(data?.get("password") ?? ""),
        redirect: false,
      });
      // A full navigation after the session changes, so nothing rendered signed-out is reused.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (response?.ok && !response.error) window.location.assign(`/console/${result.data.orgId}`);
      else setSignInFailed(true);
    },
    [],
  );
  const { state, pending, formRef, formAction, onSubmit, fieldErrors, clientMessage } = useFormAction(action, {
    schema: signUpSchema,
    onSuccess,
  });
  const redirecting = state?.ok && !signInFailed;

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
      <FormStatus
        state={signInFailed ? { ok: false, code: "UNAUTHORIZED", message: "Your account was created, but signing in failed. Sign in to continue." } : state}
        clientMessage={clientMessage}
        hideSuccess
      />
      <Button type="submit" className="w-full" pending={pending || redirecting} pendingLabel={redirecting ? "Opening your console…" : "Creating account…"}>
        Create account
      </Button>
    </form>
  );
}
