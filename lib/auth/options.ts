import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { CONSOLE_HOME, safeCallbackPath } from "./callback-url";
import { authorizeCredentials } from "./credentials";
import { oauthProviders, resolveOAuthUser, verifiedOAuthEmail } from "./oauth";
import { newSessionClaims, revokeSession, SESSION_MAX_AGE_SECONDS } from "./revocation";
import { sessionSecret } from "./secret";
import { SIGN_IN_ERROR } from "./sign-in-error-codes";
import { reportSignInRefusal } from "./sign-in-refusal";
import { requestCookie } from "./two-factor/sign-in-cookies";
import { authorizeSecondStep, firstStepSuffices } from "./two-factor/second-step";
import { TWO_FACTOR_SIGN_IN_PATH } from "./sign-in-error-codes";
import { proxiedClientAddress } from "@/lib/platform/http/client-address";

/**
 * next-auth turns an error thrown by authorize into `?error=<its message>` for the form, so
 * the sign-in limit and a full hash queue become codes the form has a message for (anything
 * else stays a generic failure: its message is not meant for users). The refusal itself
 * goes to the route handler, which answers with its status and Retry-After.
 */
const FORM_ERROR_BY_REASON: Record<string, string> = {
  password_hashing_busy: SIGN_IN_ERROR.serverBusy,
  too_many_attempts: SIGN_IN_ERROR.tooManyAttempts,
};

function signInFormError(error: unknown): never {
  const code = error instanceof AppError ? FORM_ERROR_BY_REASON[String(error.details?.reason)] : undefined;
  if (!code) throw error;
  reportSignInRefusal(error as AppError);
  throw new Error(code);
}

/** The second step of an OAuth sign-in, returning afterwards where the sign-in was headed (next-auth's callback cookie). */
function oauthSecondStepPath(): string {
  const target = requestCookie("__Secure-next-auth.callback-url") ?? requestCookie("next-auth.callback-url");
  let decoded: string | undefined;
  try {
    decoded = target ? decodeURIComponent(target) : undefined;
  } catch {
    decoded = undefined;
  }
  const origin = process.env.NEXTAUTH_URL ? new URL(process.env.NEXTAUTH_URL).origin : undefined;
  return `${TWO_FACTOR_SIGN_IN_PATH}?callbackUrl=${encodeURIComponent(safeCallbackPath(decoded, CONSOLE_HOME, origin))}`;
}

// Providers whose authorize decides the user itself (a password, or a password then a code).
const CREDENTIAL_PROVIDERS = new Set(["credentials", "two-factor"]);

// The user an OAuth sign-in was decided for, from the signIn callback to the jwt callback
// of the same request: next-auth passes both the same `account` object.
const verifiedOAuthUsers = new WeakMap<object, string>();

/**
 * next-auth configuration. Built per call (cheap) so the secret is read when a request
 * needs it, not when `next build` imports the route module.
 *
 * Sessions are JWTs in an httpOnly cookie (the Credentials provider requires the JWT
 * strategy). The token carries the user id (`sub`) and its sign-in's id and time
 * (lib/auth/revocation.ts: sign-out revokes it); membership and role are read from the
 * database on every request by lib/console/guard.ts, so removing a member takes effect at once.
 */
export function getAuthOptions(): AuthOptions {
  return {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        // next-auth hands the request's headers over as a plain object.
        authorize: (credentials, request) =>
          authorizeCredentials(credentials, proxiedClientAddress(new Headers(request?.headers as Record<string, string> | undefined))).catch(signInFormError),
      }),
      // The second step of a sign-in of an account with two-factor on (lib/auth/two-factor):
      // the challenge cookie of its first step and a code.
      CredentialsProvider({
        id: "two-factor",
        name: "Two-factor code",
        credentials: { code: { label: "Code", type: "text" }, remember: { label: "Remember this device for 30 days", type: "checkbox" } },
        authorize: (credentials, request) =>
          authorizeSecondStep(credentials, proxiedClientAddress(new Headers(request?.headers as Record<string, string> | undefined))).catch(signInFormError),
      }),
      ...oauthProviders(),
    ],
    callbacks: {
      async signIn({ account, profile }) {
        if (!account || CREDENTIAL_PROVIDERS.has(account.provider)) return true;
        const email = await verifiedOAuthEmail(account, profile);
        if (!email) return `/sign-in?error=${SIGN_IN_ERROR.oauthEmailNotVerified}`;
        const result = await resolveOAuthUser(email, profile?.name);
        if (!result.ok) return `/sign-in?error=${SIGN_IN_ERROR.oauthLinkRefused}`;
        // An account with two-factor on is not signed in by its provider alone.
        if (!(await firstStepSuffices(result.user.id))) return oauthSecondStepPath();
        verifiedOAuthUsers.set(account, result.user.id);
        return true;
      },
      async jwt({ token, user, account }) {
        // Only on sign-in are `user` and `account` present. OAuth `user.id` is the
        // provider's id, and `token.email` the profile's public address, which need not be
        // the verified one signIn decided for: the session gets the user signIn chose.
        if (user && account) {
          Object.assign(token, newSessionClaims());
          if (CREDENTIAL_PROVIDERS.has(account.provider)) {
            token.sub = user.id;
          } else {
            const userId = verifiedOAuthUsers.get(account);
            const dbUser = userId ? await getDb().user.findUnique({ where: { id: userId } }) : null;
            if (!dbUser) throw new Error("OAuth user missing after sign-in");
            token.sub = dbUser.id;
            token.email = dbUser.email;
          }
        }
        return token;
      },
      // Where next-auth sends the browser after OAuth sign-in and sign-out: the same rule
      // as the sign-in page's callbackUrl (lib/auth/callback-url.ts).
      async redirect({ url, baseUrl }) {
        const origin = new URL(baseUrl).origin;
        return origin + safeCallbackPath(url, CONSOLE_HOME, origin);
      },
      async session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        session.sid = token.sid;
        session.signedInAt = token.signedInAt;
        return session;
      },
    },
    events: {
      // A copy of the cookie taken before signing out no longer opens the console.
      signOut: ({ token }) => revokeSession(token),
    },
  };
}
