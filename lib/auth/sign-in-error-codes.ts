// Error codes put in /sign-in?error=… (or in the `url` next-auth answers a credentials
// sign-in with) by the server and turned into messages by the sign-in
// form (a client component, so this module imports nothing).
export const SIGN_IN_ERROR = {
  tooManyAttempts: "TooManyAttempts",
  oauthLinkRefused: "OAuthLinkRefused",
  oauthEmailNotVerified: "OAuthEmailNotVerified",
  serverBusy: "ServerBusy",
  // Two-factor sign-in (lib/auth/two-factor/second-step.ts): the password was right and a
  // code is needed; the code was wrong; the pending sign-in is gone (expired or used).
  twoFactorRequired: "TwoFactorRequired",
  twoFactorInvalid: "TwoFactorInvalid",
  twoFactorExpired: "TwoFactorExpired",
} as const;

/** The page of the second step. */
export const TWO_FACTOR_SIGN_IN_PATH = "/sign-in/two-factor";
