import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { inputClasses } from "@/components/ui/field";
import { PASSWORD_MIN } from "@/lib/auth/form-schemas";
import { requireUser } from "@/lib/auth/session";
import { changePasswordAction } from "./actions";

export const metadata: Metadata = { title: "Your account" };

const REFUSALS: Record<string, string> = {
  currentPassword: "That is not your current password.",
  newPassword: `The new password needs at least ${PASSWORD_MIN} characters.`,
  too_many_attempts: "Too many wrong passwords. Wait a few minutes, then try again.",
  no_password: "This account signs in with GitHub or Google and has no password to change.",
};

export default async function AccountPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser("/console/account");
  const refused = (await searchParams).refused;
  return (
    <AuthCard
      title="Your account"
      description={<>Signed in as {user.email}.</>}
      footer={
        <Link href="/console" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
          Back to the console
        </Link>
      }
    >
      {typeof refused === "string" ? (
        <Callout tone="danger" title="The password was not changed" data-testid="password-refused" className="mb-5">
          {REFUSALS[refused] ?? "Something went wrong on our side. Try again in a moment."}
        </Callout>
      ) : null}
      <p className="mb-6 text-sm text-zinc-700 dark:text-zinc-300">
        <Link href="/console/account/two-factor" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
          Two-factor sign-in
        </Link>
        : a code from your phone as well as your password.
      </p>
      <form action={changePasswordAction} aria-label="Change your password" className="space-y-4">
        <label className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Current password
          <input name="currentPassword" type="password" autoComplete="current-password" required className={`${inputClasses} mt-1`} />
        </label>
        <label className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
          New password
          <input name="newPassword" type="password" autoComplete="new-password" minLength={PASSWORD_MIN} required className={`${inputClasses} mt-1`} />
        </label>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">Every session of this account ends when you change it, this one included: sign in again with the new password.</p>
        <Button type="submit" className="w-full">
          Change password
        </Button>
      </form>
    </AuthCard>
  );
}
