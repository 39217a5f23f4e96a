// Error codes put in /sign-in?error=… (or in the `url` next-auth answers a credentials
// sign-in with) by the server and turned into messages by the sign-in
// form (a client component, so this module imports nothing).
export const SIGN_IN_ERROR = {
  tooManyAttempts: "TooManyAttempts",
  oauthLinkRefused: "OAuthLinkRefused",
  oauthEmailNotVerified: "OAuthEmailNotVerified",
  serverBusy: "ServerBusy",
} as const;
