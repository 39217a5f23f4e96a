import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { inputClasses } from "@/components/ui/field";
import { SupportLink } from "@/components/ui/support-link";
import { config } from "@/lib/platform/config/env";
import { mailConfigured } from "@/lib/platform/mail/transport";
import { forgotPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Forgot password" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const REFUSALS: Record<string, string> = {
  too_many_attempts: "Too many requests for this address or from this network. Wait a few minutes, then try again.",
  INVALID_INPUT: "Enter the email address you sign in with.",
  mail_not_configured: "Password reset by email is not available on this service.",
};

export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const refused = first(params.refused);
  const footer = (
    <Link href="/sign-in" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
      Back to sign in
    </Link>
  );
  // Without mail there is nothing to ask for: a request would only replace a link the
  // service's support made for the person with one nobody receives.
  if (!mailConfigured()) {
    return (
      <AuthCard title="Forgot your password?" footer={footer}>
        <Callout tone="info" title="Password reset by email is not available on this service" data-testid="mail-not-configured">
          <SupportLink url={config().supportUrl}>Contact the service&apos;s support</SupportLink> to get back into your account.
        </Callout>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot your password?" description="We email you a link to choose a new one. It works once, for one hour." footer={footer}>
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
