import { getDb } from "@/lib/platform/db/client";
import { signInSchema } from "./form-schemas";
import { hashPassword, imitatePasswordCheck, needsRehash, verifyPassword } from "./passwords";
import { clearAfterSuccess, recordAttempt, releaseAttempt } from "./throttle/throttle";
import { firstStepSuffices, TwoFactorRequired } from "./two-factor/second-step";
import type { SignedInUser } from "./signed-in-user";

/**
 * The user whose email and password match, or null. Never logs or returns the password.
 *
 * The sign-in limit is enforced here, where the password is checked, on the very email
 * next-auth hands over: every attempt is counted against that email and the client's IP
 * before anything is looked up (lib/auth/throttle), so no request shape and no number of
 * parallel requests gets more than the limit's worth of checks; over it, RATE_LIMITED is
 * thrown and nothing is checked. A failure keeps its count; a success clears the
 * account's. An address without a password costs no hash but takes as long as one
 * (imitatePasswordCheck), so response times do not reveal which addresses have accounts.
 * A success re-hashes a password stored at an older cost. With two-factor on, the right
 * password alone is no sign-in: unless the browser is a remembered device, a challenge
 * starts and TwoFactorRequired is thrown (the attempt stays counted until the code step
 * succeeds, so a known password cannot reset the count between guessed codes).
 */
export async function authorizeCredentials(input: unknown, ip: string | null = null): Promise<SignedInUser | null> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return null;
  const subject = { action: "sign-in" as const, account: parsed.data.email, ip };
  const attempt = await recordAttempt(subject);
  let user;
  let ok: boolean;
  try {
    user = await getDb().user.findUnique({ where: { email: parsed.data.email } });
    ok = user?.passwordHash ? await verifyPassword(parsed.data.password, user.passwordHash) : await imitatePasswordCheck();
  } catch (error) {
    // Nothing was checked (a full hash queue, a database error): the attempt does not count.
    await releaseAttempt(attempt).catch(() => {});
    throw error;
  }
  if (!user || !ok) return null;
  if (!(await firstStepSuffices(user.id))) throw new TwoFactorRequired();
  await clearAfterSuccess(subject, attempt);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    const upgraded = await hashPassword(parsed.data.password);
    // Conditional on the old hash, so a password changed meanwhile is not overwritten.
    await getDb().user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash: upgraded } });
  }
  return { id: user.id, email: user.email, name: user.name };
}
