"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { fieldErrorsFromIssues } from "@/components/forms/use-form-action";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { signInSchema } from "@/lib/auth/form-schemas";
import { SIGN_IN_ERROR, TWO_FACTOR_SIGN_IN_PATH } from "@/lib/auth/sign-in-error-codes";
import type { FieldErrors } from "@/lib/console/action-result";

const ERRORS: Record<string, string> = {
  CredentialsSignin: "Email or password is incorrect.",
  [SIGN_IN_ERROR.oauthEmailNotVerified]: "That account has no verified email address. Verify it with the provider, or sign in with a password.",
  OAuthAccountNotLinked: "Sign in with the method you used before.",
  [SIGN_IN_ERROR.oauthLinkRefused]:
    "An account with this email already exists and its address has not been verified, so it cannot be joined to this provider. Sign in with your email and password.",
  [SIGN_IN_ERROR.tooManyAttempts]: "Too many failed sign-in attempts. Sign-in for this account is paused for up to 15 minutes; try again later.",
  [SIGN_IN_ERROR.serverBusy]: "The server is busy, try again in a moment.",
  SessionRequired: "Sign in to continue.",
};

function messageFor(code: string | null | undefined): string | null {
  if (!code) return null;
  return ERRORS[code] ?? "Sign-in failed. Try again.";
}

/** Email and password sign-in through next-auth's credentials provider, without a page reload on failure. */
export function SignInForm({ callbackUrl, initialError, initialEmail }: { callbackUrl: string; initialError?: string | null; initialEmail?: string }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(messageFor(initialError));
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form));
    const parsed = signInSchema.safeParse(data);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromIssues(parsed.error.issues);
      setErrors(fieldErrors);
      setMessage(null);
      (form.elements.namedItem(Object.keys(fieldErrors)[0]) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    setMessage(null);
    setPending(true);
    const result = await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirect: false });
    if (result?.error === SIGN_IN_ERROR.twoFactorRequired) {
      // The password was right; the code is asked for on its own page.
      const codePage = new URL(TWO_FACTOR_SIGN_IN_PATH, window.location.origin);
      codePage.searchParams.set("callbackUrl", callbackUrl);
      window.location.assign(codePage);
      return;
    }
    if (!result || result.error || !result.ok) {
      setPending(false);
      setMessage(messageFor(result?.error ?? "CredentialsSignin"));
      (form.elements.namedItem("password") as HTMLInputElement | null)?.select();
      return;
    }
    // A full navigation, so every server component renders with the new session.
    window.location.assign(callbackUrl);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
      <TextField
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        defaultValue={initialEmail}
        required
        error={errors.email}
        idPrefix="sign-in"
      />
      <TextField
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password}
        idPrefix="sign-in"
      />
      <FormStatus state={null} clientMessage={message} />
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Signing in…">
        Sign in
      </Button>
    </form>
  );
}
