// The sign-in page after a sign-up. The notice is worded for both cases because the
// server does not say which one happened (docs/security.md, "Enumeration"). This module
// imports nothing so the client sign-in form can use it.

export const SIGNED_UP_PARAM = "signedUp";

// A new account is signed in by the sign-up itself and never sees this page; the same
// redirect brings a taken address here, whose owner was sent an email.
export const SIGN_UP_NOTICE =
  "If this address already has an account, nothing was changed and we sent it an email: sign in with that account's password.";

export const INVITE_SIGN_UP_NOTICE =
  "If this address had no account, it is ready and you have joined: sign in with the password you just chose. If it already had an account, nothing was changed: sign in with your existing password to accept the invitation.";

export function signUpNoticePath(email: string): string {
  return `/sign-in?${new URLSearchParams({ [SIGNED_UP_PARAM]: "1", email })}`;
}

/** After "create account and join": back to the invitation once signed in. */
export function inviteSignUpNoticePath(email: string, invitePath: string): string {
  return `/sign-in?${new URLSearchParams({ [SIGNED_UP_PARAM]: "invite", email, callbackUrl: invitePath })}`;
}
