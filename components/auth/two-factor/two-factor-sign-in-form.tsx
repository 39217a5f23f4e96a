"use client";

import Link from "next/link";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { SIGN_IN_ERROR } from "@/lib/auth/sign-in-error-codes";

const ERRORS: Record<string, string> = {
  [SIGN_IN_ERROR.twoFactorInvalid]: "That code is not valid. Enter the current code from your authenticator app, or an unused recovery code.",
  [SIGN_IN_ERROR.twoFactorExpired]: "This sign-in has expired. Sign in again with your password.",
  [SIGN_IN_ERROR.tooManyAttempts]: "Too many failed sign-in attempts. Sign-in for this account is paused for up to 15 minutes; try again later.",
  [SIGN_IN_ERROR.serverBusy]: "The server is busy, try again in a moment.",
};

/** The second step: a code (or a recovery code) completes the sign-in its first step began. */
export function TwoFactorSignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const code = String(data.get("code") ?? "").trim();
    const codeInput = form.elements.namedItem("code") as HTMLInputElement | null;
    if (!code) {
      setFieldError("Enter the code.");
      setError(null);
      codeInput?.focus();
      return;
    }
    setFieldError(undefined);
    setError(null);
    setPending(true);
    const result = await signIn("two-factor", { code, remember: data.get("remember") ? "on" : "", redirect: false });
    if (!result || result.error || !result.ok) {
      setPending(false);
      setError(result?.error ?? "Sign-in failed. Try again.");
      codeInput?.select();
      return;
    }
    window.location.assign(callbackUrl);
  }

  const expired = error === SIGN_IN_ERROR.twoFactorExpired;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Two-factor code">
      <TextField
        name="code"
        label="Code from your authenticator app, or a recovery code"
        autoComplete="one-time-code"
        autoFocus
        required
        error={fieldError}
        idPrefix="two-factor"
      />
      <label className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <input type="checkbox" name="remember" className="mt-0.5 size-4 rounded border-zinc-300 accent-indigo-600 dark:border-zinc-600" />
        <span>Remember this device for 30 days (only on a device you alone use)</span>
      </label>
      <FormStatus state={null} clientMessage={error ? (ERRORS[error] ?? "Sign-in failed. Try again.") : null} />
      {expired ? (
        <p className="text-sm">
          <Link href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
            Sign in again
          </Link>
        </p>
      ) : null}
      <Button type="submit" className="w-full" pending={pending} pendingLabel="Checking…">
        Verify
      </Button>
    </form>
  );
}
