import { getDb } from "@/lib/db/client";
import { signInSchema } from "./form-schemas";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";
import { clearAccountThrottle, recordThrottleEvent } from "./throttle/throttle";

export type SignedInUser = { id: string; email: string; name: string };

// Verified against when no user matches, so an unknown email costs the same scrypt time as
// a wrong password and response times do not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword("timing-equaliser-not-a-real-password");
  return dummyHash;
}

/**
 * The user whose email and password match, or null. Never logs or returns the password.
 * Every failure counts against the email and the client's IP (lib/auth/throttle); the
 * credentials route refuses attempts over the limit before they reach here. A success
 * re-hashes a password stored at an older cost.
 */
export async function authorizeCredentials(input: unknown, ip: string | null = null): Promise<SignedInUser | null> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return null;
  const subject = { action: "sign-in" as const, account: parsed.data.email, ip };
  const user = await getDb().user.findUnique({ where: { email: parsed.data.email } });
  const ok = user?.passwordHash
    ? await verifyPassword(parsed.data.password, user.passwordHash)
    : await verifyPassword(parsed.data.password, await timingDummy()).then(() => false);
  if (!user || !ok) {
    await recordThrottleEvent(subject);
    return null;
  }
  await clearAccountThrottle(subject);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    const upgraded = await hashPassword(parsed.data.password);
    // Conditional on the old hash, so a password changed meanwhile is not overwritten.
    await getDb().user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash: upgraded } });
  }
  return { id: user.id, email: user.email, name: user.name };
}
