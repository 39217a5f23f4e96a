import { z } from "zod";
import { SIGN_IN_ERROR } from "../sign-in-error-codes";
import type { SignedInUser } from "../signed-in-user";
import { clearAfterSuccess, recordAttempt, releaseAttempt } from "../throttle/throttle";
import { isTwoFactorEnabled, verifySecondFactor } from "./authenticator";
import { CHALLENGE_TTL_SECONDS, consumeChallenge, createChallenge, findChallenge } from "./challenge";
import { clearSignInCookie, setSignInCookie, signInCookie } from "./sign-in-cookies";
import { isTrustedDevice, rememberDevice, TRUSTED_DEVICE_SECONDS } from "./trusted-device";

// Two-factor sign-in is two requests. The first step (password, or an OAuth provider)
// of an account with two-factor on never yields a session: unless the browser holds a
// remembered device of that user, it gets a challenge cookie and is asked for a code.
// The second step (the "two-factor" credentials provider) takes that cookie and a code;
// only then is a session issued. Codes count against the account in the sign-in
// throttle like passwords, and the count is cleared only when both steps succeeded.

/** The error next-auth reports (`?error=`) when a first step needs a code: the form moves on to the code page. */
export class TwoFactorRequired extends Error {
  constructor() {
    super(SIGN_IN_ERROR.twoFactorRequired);
  }
}

/**
 * Called when a first step succeeded for `userId`: true when it may sign in now (two-
 * factor off, or a remembered device); otherwise a challenge is started (its cookie set)
 * and false returned.
 */
export async function firstStepSuffices(userId: string, now = new Date()): Promise<boolean> {
  if (!(await isTwoFactorEnabled(userId))) return true;
  if (await isTrustedDevice(userId, signInCookie("device"), now)) return true;
  setSignInCookie("challenge", await createChallenge(userId, now), CHALLENGE_TTL_SECONDS);
  return false;
}

const secondStepSchema = z.object({
  code: z.string().max(64),
  // A checkbox: present ("on", "true") when ticked.
  remember: z.string().max(8).optional(),
});

/**
 * The second step: the pending sign-in of the challenge cookie, completed by a valid
 * code. Throws next-auth error codes the form shows (expired, invalid) and RATE_LIMITED
 * past the sign-in limit.
 */
export async function authorizeSecondStep(input: unknown, ip: string | null, now = new Date()): Promise<SignedInUser> {
  const token = signInCookie("challenge");
  const challenge = token ? await findChallenge(token, now) : null;
  if (!challenge) throw new Error(SIGN_IN_ERROR.twoFactorExpired);
  const subject = { action: "sign-in" as const, account: challenge.user.email, ip };
  const attempt = await recordAttempt(subject);
  const parsed = secondStepSchema.safeParse(input);
  let factor;
  try {
    factor = parsed.success ? await verifySecondFactor(challenge.userId, parsed.data.code, now) : null;
  } catch (error) {
    await releaseAttempt(attempt).catch(() => {});
    throw error;
  }
  if (!factor) throw new Error(SIGN_IN_ERROR.twoFactorInvalid);
  if (!(await consumeChallenge(challenge.id))) throw new Error(SIGN_IN_ERROR.twoFactorExpired);
  await clearAfterSuccess(subject, attempt);
  clearSignInCookie("challenge");
  const remember = parsed.success && ["on", "true", "1"].includes(parsed.data.remember ?? "");
  if (remember) setSignInCookie("device", await rememberDevice(challenge.userId, now), TRUSTED_DEVICE_SECONDS);
  return challenge.user;
}
