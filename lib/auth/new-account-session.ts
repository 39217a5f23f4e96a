import { encode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { config } from "@/lib/platform/config/env";
import { getAuthOptions } from "./options";
import { SESSION_MAX_AGE_SECONDS } from "./revocation";

// A person who just created their account with a password of their choosing is signed in
// at once, with the session a credentials sign-in would give (the same jwt callback, the
// same cookie), instead of typing the password again. Only for an account this request
// created: the public sign-up gives the owner of an existing address an email, never a
// session (docs/security.md "Enumeration").

/** next-auth's session cookie name: `__Secure-` on an https deployment, as next-auth chooses it. */
function sessionCookieName(): { name: string; secure: boolean } {
  const secure = (config().nextAuthUrl ?? "").startsWith("https://");
  return { name: `${secure ? "__Secure-" : ""}next-auth.session-token`, secure };
}

/** The session token a credentials sign-in of `user` gets. */
export async function newAccountSessionToken(user: { id: string; email: string; name: string }): Promise<string> {
  const options = getAuthOptions();
  const defaultToken = { name: user.name, email: user.email, picture: null, sub: user.id };
  const token = await options.callbacks!.jwt!({
    token: defaultToken,
    user: { id: user.id, email: user.email, name: user.name },
    account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
    trigger: "signIn",
    isNewUser: false,
  });
  return encode({ token, secret: options.secret!, maxAge: SESSION_MAX_AGE_SECONDS });
}

/** Signs the new account in on this response (a server action's or route handler's). */
export async function signInNewAccount(user: { id: string; email: string; name: string }): Promise<void> {
  const { name, secure } = sessionCookieName();
  (await cookies()).set(name, await newAccountSessionToken(user), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}
