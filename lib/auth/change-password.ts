import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { passwordField } from "./form-schemas";
import { hashPassword, verifyPassword } from "./passwords";
import { clearAfterSuccess, recordAttempt } from "./throttle/throttle";

// The account page's password change: the current password is checked under the same
// throttle as sign-in (a stolen session cannot guess it faster than the sign-in form), and
// every session ends afterwards, this one included, and unused reset links are deleted:
// whoever had the old password is out.

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password."),
  newPassword: passwordField,
});

export async function changePassword(userId: string, input: z.input<typeof changePasswordSchema>, context: { ip: string | null }, now = new Date()): Promise<void> {
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new AppError("NOT_FOUND", "No such account.");
  if (!user.passwordHash) {
    throw new AppError("CONFLICT", "This account signs in with GitHub or Google and has no password to change.", { reason: "no_password" });
  }
  const subject = { action: "sign-in" as const, account: user.email, ip: context.ip };
  const attempt = await recordAttempt(subject);
  if (!(await verifyPassword(parsed.data.currentPassword, user.passwordHash))) {
    throw validationError([{ code: "custom", path: ["currentPassword"], message: "That is not your current password.", input: "" }]);
  }
  await clearAfterSuccess(subject, attempt);
  const passwordHash = await hashPassword(parsed.data.newPassword);
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { passwordHash, sessionsValidAfter: now } }),
    // A reset link asked for before the change (perhaps by whoever knew the old password)
    // must not be able to set another password afterwards.
    db.passwordResetToken.deleteMany({ where: { userId, usedAt: null } }),
    // Devices remembered for two-factor sign-in ask for a code again.
    db.trustedDevice.deleteMany({ where: { userId } }),
  ]);
}
