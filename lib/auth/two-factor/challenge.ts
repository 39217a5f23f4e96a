import { createHash, randomBytes } from "node:crypto";
import { getDb, sqlRows } from "@/lib/platform/db/client";

// A sign-in that passed its first step (password, or an OAuth provider) and waits for a
// code. The browser holds the token in an httpOnly cookie; only its sha256 is stored. It
// lives ten minutes and is used once: the session is issued only when it is consumed
// with a valid code (lib/auth/two-factor/second-step.ts).

export const CHALLENGE_TTL_SECONDS = 10 * 60;

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createChallenge(userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Expired challenges are swept on the way, a few at a time.
  await sqlRows`DELETE FROM "TwoFactorChallenge" WHERE id IN (SELECT id FROM "TwoFactorChallenge" WHERE "expiresAt" < ${now}::timestamptz ORDER BY "expiresAt" LIMIT 100)`;
  await getDb().twoFactorChallenge.create({
    data: { userId, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000) },
  });
  return token;
}

/** The pending sign-in a token stands for, with its user, while it is unexpired. */
export async function findChallenge(token: string, now = new Date()) {
  const challenge = await getDb().twoFactorChallenge.findUnique({
    where: { tokenHash: tokenHash(token) },
    include: { user: { select: { id: true, email: true, name: true } } },
  });
  return challenge && challenge.expiresAt > now ? challenge : null;
}

/** Uses the challenge up; false when another request already did. */
export async function consumeChallenge(id: string): Promise<boolean> {
  const { count } = await getDb().twoFactorChallenge.deleteMany({ where: { id } });
  return count === 1;
}
