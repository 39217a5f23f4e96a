import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Callout } from "@/components/ui/callout";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { oauthProviderList } from "@/lib/auth/oauth";
import { getSessionUser } from "@/lib/auth/session";
import { INVITE_SIGN_UP_NOTICE, SIGNED_UP_PARAM, SIGN_UP_NOTICE } from "@/lib/auth/sign-up-notice";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  if (await getSessionUser()) redirect(callbackUrl);
  // Arriving from an invitation, a new account is made on the invitation page (it joins
  // that organization); otherwise sign-up starts a new organization.
  const signedUp = first(params[SIGNED_UP_PARAM]);
  const signUpHref = callbackUrl.startsWith("/invite/") ? callbackUrl : "/sign-up";
  return (
    <AuthCard
      title="Sign in to the console"
      description="Manage API keys, webhooks and data sources for your organization."
      footer={
        <>
          New here?{" "}
          <Link href={signUpHref} className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
            Create an account
          </Link>
          {" · "}
          <Link href="/forgot-password" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
            Forgot password?
          </Link>
        </>
      }
    >
      {signedUp ? (
        <Callout tone="info" title="Now sign in" data-testid="sign-up-notice" className="mb-5">
          {signedUp === "invite" ? INVITE_SIGN_UP_NOTICE : SIGN_UP_NOTICE}
        </Callout>
      ) : null}
      {first(params.reset) || first(params.passwordChanged) ? (
        <Callout tone="info" title="Password changed" data-testid="password-changed-notice" className="mb-5">
          Every session of this account has ended. Sign in with the new password.
        </Callout>
      ) : null}
      <OAuthButtons providers={oauthProviderList()} callbackUrl={callbackUrl} />
      <SignInForm callbackUrl={callbackUrl} initialError={first(params.error)} initialEmail={first(params.email)} />
    </AuthCard>
  );
}
