import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { verifyPassword } from "../passwords";
import { clearAfterSuccess, recordAttempt } from "../throttle/throttle";
import { codeField, verifySecondFactor } from "./authenticator";

// Turning two-factor off takes the password and a code (a recovery code works too), both
// under the sign-in throttle, so a stolen session cannot switch it off or guess either
// faster than the sign-in form allows. An account without a password (GitHub or Google
// only) gives the code alone. Off means: the secret, the recovery codes, pending sign-ins
// and every remembered device are gone.

export const disableTwoFactorSchema = z.object({ password: z.string().max(1024), code: codeField });

function fieldError(field: "password" | "code", message: string): AppError {
  return validationError([{ code: "custom", path: [field], message, input: "" }]);
}

export async function disableTwoFactor(userId: string, input: z.input<typeof disableTwoFactorSchema>, context: { ip: string | null }, now = new Date()): Promise<void> {
  const parsed = disableTwoFactorSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true, twoFactor: { select: { enabledAt: true } } } });
  if (!user) throw new AppError("NOT_FOUND", "No such account.");
  if (!user.twoFactor?.enabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is not on.", { reason: "two_factor_not_on" });
  const requiring = await db.membership.findMany({ where: { userId, org: { requireTwoFactor: true } }, select: { org: { select: { name: true } } }, take: 3 });
  if (requiring.length > 0) {
    throw new AppError(
      "CONFLICT",
      `${requiring.map((membership) => `“${membership.org.name}”`).join(", ")} requires two-factor sign-in of its members, so it stays on while you belong to it.`,
      { reason: "two_factor_required_by_org" },
    );
  }
  const subject = { action: "sign-in" as const, account: user.email, ip: context.ip };
  const attempt = await recordAttempt(subject);
  if (user.passwordHash) {
    if (!parsed.data.password) throw fieldError("password", "Enter your password.");
    if (!(await verifyPassword(parsed.data.password, user.passwordHash))) throw fieldError("password", "That is not your password.");
  }
  if ((await verifySecondFactor(userId, parsed.data.code, now)) === null) {
    throw fieldError("code", "That code is not valid. Enter the current code from your authenticator app, or a recovery code.");
  }
  await clearAfterSuccess(subject, attempt);
  await db.$transaction([
    db.twoFactor.deleteMany({ where: { userId } }),
    db.twoFactorRecoveryCode.deleteMany({ where: { userId } }),
    db.twoFactorChallenge.deleteMany({ where: { userId } }),
    db.trustedDevice.deleteMany({ where: { userId } }),
  ]);
}
