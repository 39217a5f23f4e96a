import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";
import { AuthCard } from "@/components/auth/auth-card";
import { InviteSignUpForm } from "@/components/auth/invite-sign-up-form";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { ButtonLink } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { getSessionUser } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/console/format-time";
import { findMembership } from "@/lib/console/guard";
import { findInviteByToken, inviteState } from "@/lib/domain/orgs/invites";
import { acceptInviteAction, inviteSignUpAction } from "./actions";

// The token is in the path: no referrer may carry it to another page or site.
export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer", robots: { index: false } };

const linkClass = "font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400";

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invite, user] = await Promise.all([findInviteByToken(token), getSessionUser()]);
  const here = `/invite/${token}`;

  if (!invite) {
    return (
      <AuthCard title="This invitation link is not valid" description="Check that you copied the whole link, or ask an admin of the organization for a new one.">
        <ButtonLink href="/console" variant="secondary" className="w-full">
          Go to the console
        </ButtonLink>
      </AuthCard>
    );
  }

  const state = inviteState(invite);
  const role = invite.role === "admin" ? "an admin" : "a member";
  if (state !== "pending") {
    const member = user ? await findMembership(invite.orgId, user.id) : null;
    // Someone who joined through this link and then signed in (the sign-up path comes back
    // here) goes straight to the organization.
    if (member && state === "accepted") redirect(`/console/${invite.orgId}`);
    return (
      <AuthCard
        title={state === "accepted" ? "This invitation has been used" : "This invitation has expired"}
        description={
          state === "accepted"
            ? "Each invitation link works once."
            : `Invitations are valid for 7 days. Ask an admin of ${invite.org.name} to invite you again.`
        }
      >
        {member ? (
          <ButtonLink href={`/console/${invite.orgId}`} className="w-full">
            Open {invite.org.name}
          </ButtonLink>
        ) : (
          <ButtonLink href="/console" variant="secondary" className="w-full">
            Go to the console
          </ButtonLink>
        )}
      </AuthCard>
    );
  }

  const description = (
    <>
      You have been invited to join <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{invite.org.name}</strong> as {role}.
      The invitation is for <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{invite.email}</strong> and expires{" "}
      {formatDateTime(invite.expiresAt)}.
    </>
  );

  if (user) {
    const matches = user.email.toLowerCase() === invite.email.toLowerCase();
    return (
      <AuthCard title={`Join ${invite.org.name}`} description={description}>
        {matches ? (
          <AcceptInviteForm action={acceptInviteAction} token={token} orgName={invite.org.name} />
        ) : (
          <div className="space-y-4">
            <Callout tone="warning" title="Signed in with another address" data-testid="invite-mismatch">
              You are signed in as {user.email}. Sign out, then sign in or create an account with {invite.email} to accept.
            </Callout>
            <SignOutButton then={here} label="Sign out and continue" />
          </div>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={`Join ${invite.org.name}`}
      description={description}
      footer={
        <>
          Already have an account with {invite.email}?{" "}
          <Link className={linkClass} href={`/sign-in?callbackUrl=${encodeURIComponent(here)}&email=${encodeURIComponent(invite.email)}`}>
            Sign in to accept
          </Link>
        </>
      }
    >
      <InviteSignUpForm action={inviteSignUpAction} token={token} email={invite.email} />
    </AuthCard>
  );
}
