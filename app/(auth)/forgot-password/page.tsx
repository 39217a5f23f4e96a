import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { inputClasses } from "@/components/ui/field";
import { mailConfigured } from "@/lib/platform/mail/transport";
import { forgotPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Forgot password" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const REFUSALS: Record<string, string> = {
  too_many_attempts: "Too many requests for this address or from this network. Wait a few minutes, then try again.",
  INVALID_INPUT: "Enter the email address you sign in with.",
};

export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const refused = first(params.refused);
  return (
    <AuthCard
      title="Forgot your password?"
      description="We email you a link to choose a new one. It works once, for one hour."
      footer={
        <Link href="/sign-in" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
          Back to sign in
        </Link>
      }
    >
      {mailConfigured() ? null : (
        <Callout tone="warning" title="This deployment does not send email" data-testid="mail-not-configured" className="mb-5">
          No link can be mailed from here. Ask your organization&apos;s admin or the service&apos;s support for a reset link; they can make one for your address and pass it on to you.
        </Callout>
      )}
      {first(params.sent) ? (
        <Callout tone="info" title="Check your email" data-testid="reset-sent" className="mb-5">
          If an account exists for that address, a link to reset its password is on its way. It works once, for one hour.
        </Callout>
      ) : null}
      {refused ? (
        <Callout tone="danger" title="Nothing was sent" data-testid="reset-refused" className="mb-5">
          {REFUSALS[refused] ?? "Something went wrong on our side. Try again in a moment."}
        </Callout>
      ) : null}
      <form action={forgotPasswordAction} aria-label="Ask for a reset link" className="space-y-4">
        <label className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Email
          <input name="email" type="email" autoComplete="email" required className={`${inputClasses} mt-1`} />
        </label>
        <Button type="submit" className="w-full">
          Email me a reset link
        </Button>
      </form>
    </AuthCard>
  );
}
