import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { TwoFactorSignInForm } from "@/components/auth/two-factor/two-factor-sign-in-form";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { getSessionUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Two-factor sign-in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The second step of signing in to an account with two-factor on (lib/auth/two-factor/second-step.ts). */
export default async function TwoFactorSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const callbackUrl = safeCallbackPath(first((await searchParams).callbackUrl));
  if (await getSessionUser()) redirect(callbackUrl);
  return (
    <AuthCard
      title="Enter your code"
      description="Two-factor sign-in is on for this account. Open your authenticator app and enter the code it shows, or use one of your recovery codes."
      footer={
        <Link href={`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
          Start again
        </Link>
      }
    >
      <TwoFactorSignInForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
