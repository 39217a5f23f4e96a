import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { getAuthOptions } from "./options";

export type SessionUser = { id: string; email: string; name: string };

/**
 * The signed-in user, read from the database (so a deleted user is signed out), or null.
 * Cached per request: layout, page and actions share one lookup.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  // Reading the cookies first makes every caller render per request, and a visitor without
  // a session cookie (plain, __Secure- or chunked .0/.1) costs no JWT decryption.
  const hasSessionCookie = (await cookies()).getAll().some((cookie) => cookie.name.includes("next-auth.session-token"));
  if (!hasSessionCookie) return null;
  const session = await getServerSession(getAuthOptions());
  const id = session?.user?.id;
  if (!id) return null;
  const user = await getDb().user.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
  return user ?? null;
});

/** The signed-in user; anyone else is sent to sign in and brought back to `returnTo`. */
export async function requireUser(returnTo = "/console"): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}
