import { randomUUID } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import { z } from "zod";
import { getDb, sqlRows } from "@/lib/platform/db/client";

// A console session is a JWT in a cookie: nothing on the server holds it, so ending one
// needs a record. Each sign-in gets its own id (`sid`) and time (`signedInAt`) in the token;
// signing out records that id as revoked (RevokedSession), "Sign out everywhere" moves the
// user's sessionsValidAfter past every session signed in so far, and a session lives at
// most SESSION_MAX_AGE_SECONDS from its sign-in however often its cookie is refreshed.
// The check runs with the user lookup every console request already makes (session.ts).

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export type SessionClaims = { sid: string; signedInAt: number };

/** The claims a new session's token carries from its sign-in on. */
export function newSessionClaims(now = Date.now()): SessionClaims {
  return { sid: randomUUID(), signedInAt: now };
}

const claimsSchema = z.object({ userId: z.uuid(), sid: z.uuid(), signedInAt: z.number().int().positive() });

/**
 * The user of a session that is still valid: not signed out, not before the user's
 * sessionsValidAfter, not older than the maximum age. Null otherwise, and for a token
 * without these claims (issued before they existed: one more sign-in).
 */
export async function liveSessionUser(claims: { userId?: unknown; sid?: unknown; signedInAt?: unknown }, now = Date.now()) {
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) return null;
  const { userId, sid, signedInAt } = parsed.data;
  if (signedInAt > now || now - signedInAt > SESSION_MAX_AGE_SECONDS * 1000) return null;
  return getDb().user.findFirst({
    where: {
      id: userId,
      revokedSessions: { none: { id: sid } },
      OR: [{ sessionsValidAfter: null }, { sessionsValidAfter: { lt: new Date(signedInAt) } }],
    },
    select: { id: true, email: true, name: true },
  });
}

/** Signing out: the session's token is no longer accepted, even a copy of it. */
export async function revokeSession(token: JWT | null): Promise<void> {
  const parsed = claimsSchema.safeParse({ userId: token?.sub, sid: token?.sid, signedInAt: token?.signedInAt });
  if (!parsed.success) return;
  const { userId, sid, signedInAt } = parsed.data;
  // Kept as long as the session could have lived; expired records are swept on the way.
  await sqlRows`
    WITH swept AS (
      DELETE FROM "RevokedSession" WHERE id IN (SELECT id FROM "RevokedSession" WHERE "expiresAt" < now() ORDER BY "expiresAt" LIMIT 100)
    )
    INSERT INTO "RevokedSession" (id, "userId", "expiresAt")
    SELECT ${sid}::uuid, ${userId}::uuid, ${new Date(signedInAt + SESSION_MAX_AGE_SECONDS * 1000)}::timestamptz
    WHERE EXISTS (SELECT 1 FROM "User" WHERE id = ${userId}::uuid)
    ON CONFLICT (id) DO NOTHING`;
}

/** "Sign out everywhere": every session of the user signed in until now is over. */
export async function revokeAllSessions(userId: string, now = new Date()): Promise<void> {
  await getDb().user.update({ where: { id: userId }, data: { sessionsValidAfter: now } });
}
