import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getAuthOptions } from "./options";
import { liveSessionUser } from "./revocation";

export type SessionUser = { id: string; email: string; name: string };

/**
 * The signed-in user, read from the database (so a deleted user is signed out), or null;
 * also null for a session that was signed out or is past its maximum age (revocation.ts).
 * Cached per request: layout, page and actions share one lookup.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  // Reading the cookies first makes every caller render per request, and a visitor without
  // a session cookie (plain, __Secure- or chunked .0/.1) costs no JWT decryption.
  const hasSessionCookie = (await cookies()).getAll().some((cookie) => cookie.name.includes("next-auth.session-token"));
  if (!hasSessionCookie) return null;
  const session = await getServerSession(getAuthOptions());
  if (!session?.user?.id) return null;
  return liveSessionUser({ userId: session.user.id, sid: session.sid, signedInAt: session.signedInAt });
});

/** The signed-in user; anyone else is sent to sign in and brought back to `returnTo`. */
export async function requireUser(returnTo = "/console"): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
