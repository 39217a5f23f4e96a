import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { AuthCard } from "@/components/auth/auth-card";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { ConfirmTwoFactorForm } from "@/components/auth/two-factor/confirm-two-factor-form";
import { DisableTwoFactorForm } from "@/components/auth/two-factor/disable-two-factor-form";
import { RegenerateRecoveryCodesForm } from "@/components/auth/two-factor/recovery-codes-form";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { requireUser } from "@/lib/auth/session";
import { twoFactorStatus } from "@/lib/auth/two-factor/authenticator";
import { TWO_FACTOR_SETUP_PATH } from "@/lib/auth/two-factor/paths";
import { qrCodeDataUrl } from "@/lib/auth/two-factor/qr";
import { getDb } from "@/lib/platform/db/client";
import { confirmTwoFactorAction, disableTwoFactorAction, regenerateRecoveryCodesAction, startTwoFactorSetupAction } from "./actions";

export const metadata: Metadata = { title: "Two-factor sign-in" };

const linkClasses = "font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400";

/** The organization that sent the user here because it requires two-factor, if they belong to it. */
async function requiringOrganization(userId: string, orgId: unknown) {
  if (typeof orgId !== "string" || !z.uuid().safeParse(orgId).success) return null;
  const membership = await getDb().membership.findUnique({ where: { orgId_userId: { orgId, userId } }, select: { org: { select: { id: true, name: true, requireTwoFactor: true } } } });
  return membership?.org.requireTwoFactor ? membership.org : null;
}

export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser(TWO_FACTOR_SETUP_PATH);
  const params = await searchParams;
  const [status, requiredBy, account] = await Promise.all([
    twoFactorStatus(user.id, user.email),
    requiringOrganization(user.id, params.required),
    getDb().user.findUnique({ where: { id: user.id }, select: { passwordHash: true } }),
  ]);
  const qrCode = !status.enabled && status.pending ? await qrCodeDataUrl(status.pending.uri) : null;
  const continueHref = requiredBy ? `/console/${requiredBy.id}` : TWO_FACTOR_SETUP_PATH;
  return (
    <AuthCard
      title="Two-factor sign-in"
      description={<>Signed in as {user.email}. With two-factor sign-in on, signing in takes your password and a code from an authenticator app on your phone.</>}
      footer={
        <div className="space-y-4">
          <p>
            <Link href="/console/account" className={linkClasses}>
              Your account
            </Link>
            {" · "}
            <Link href="/console" className={linkClasses}>
              Back to the console
            </Link>
          </p>
          <div className="mx-auto max-w-48">
            <SignOutButton variant="ghost" />
          </div>
        </div>
      }
    >
      {requiredBy && !status.enabled ? (
        <Callout tone="warning" title="Required by your organization" data-testid="two-factor-required" className="mb-5">
          {requiredBy.name} requires two-factor sign-in of every member. Set it up to open its console.
        </Callout>
      ) : null}
      {params.turnedOff ? (
        <Callout tone="info" title="Two-factor sign-in is off" className="mb-5">
          Your remembered devices were forgotten too. You can set it up again at any time.
        </Callout>
      ) : null}
      {status.enabled ? (
        <div className="space-y-6">
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="two-factor-on">
            Two-factor sign-in is <strong>on</strong>. {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <section aria-labelledby="regenerate-title" className="space-y-3">
            <h2 id="regenerate-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              Recovery codes
            </h2>
            <RegenerateRecoveryCodesForm action={regenerateRecoveryCodesAction} />
          </section>
          <section aria-labelledby="disable-title" className="space-y-3 border-t border-zinc-200 pt-5 dark:border-zinc-800">
            <h2 id="disable-title" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              Turn off
            </h2>
            <DisableTwoFactorForm action={disableTwoFactorAction} hasPassword={Boolean(account?.passwordHash)} />
          </section>
        </div>
      ) : status.pending && qrCode ? (
        <div className="space-y-5">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
            <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…), or type the key into it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          {/* A data URL made on the server; next/image adds nothing for it. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={qrCode} alt="QR code to add this account to an authenticator app" width={192} height={192} className="mx-auto rounded-md bg-white" />
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Setup key:{" "}
            <code data-testid="two-factor-secret" className="font-mono break-all text-zinc-900 select-all dark:text-zinc-100">
              {status.pending.secret}
            </code>
          </p>
          <ConfirmTwoFactorForm action={confirmTwoFactorAction} continueHref={continueHref} />
        </div>
      ) : (
        <form action={startTwoFactorSetupAction} aria-label="Set up two-factor sign-in" className="space-y-4">
          {requiredBy ? <input type="hidden" name="required" value={requiredBy.id} /> : null}
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Two-factor sign-in is off.</p>
          <Button type="submit" className="w-full">
            Set up two-factor sign-in
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
