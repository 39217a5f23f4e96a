"use server";

import { revokeAllSessions } from "@/lib/auth/revocation";
import { requireUser } from "@/lib/auth/session";

/** "Sign out everywhere": ends every session of the signed-in user, this one included. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await requireUser();
  await revokeAllSessions(user.id);
}
