import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { inputClasses } from "@/components/ui/field";
import { PASSWORD_MIN } from "@/lib/auth/form-schemas";
import { findResetToken } from "@/lib/auth/password-reset";
import { resetPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { token } = await params;
  const refused = (await searchParams).refused;
  const live = await findResetToken(token);
  return (
    <AuthCard
      title="Choose a new password"
      description={live ? <>For {live.user.email}. Every session of this account ends when you save it.</> : undefined}
      footer={
        <Link href="/forgot-password" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">
          Ask for a new link
        </Link>
      }
    >
      {!live ? (
        <Callout tone="danger" title="This link is not valid any more" data-testid="reset-invalid">
          It was used, replaced by a newer one, or it expired. Ask for a new one.
        </Callout>
      ) : (
        <>
          {refused ? (
            <Callout tone="danger" title="The password was not changed" data-testid="reset-refused" className="mb-5">
              {`Use at least ${PASSWORD_MIN} characters.`}
            </Callout>
          ) : null}
          <form action={resetPasswordAction} aria-label="Choose a new password" className="space-y-4">
            <input type="hidden" name="token" value={token} />
            <label className="block text-sm font-medium text-zinc-900 dark:text-zinc-100">
              New password
              <input name="password" type="password" autoComplete="new-password" minLength={PASSWORD_MIN} required className={`${inputClasses} mt-1`} />
            </label>
            <Button type="submit" className="w-full">
              Save the new password
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
