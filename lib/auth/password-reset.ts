import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { config } from "@/lib/platform/config/env";
import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { sendMail, type SendMailResult } from "@/lib/platform/mail/send-mail";
import { mailConfigured } from "@/lib/platform/mail/transport";
import { hashPassword } from "./passwords";
import { emailField, passwordField } from "./form-schemas";
import { recordAttempt } from "./throttle/throttle";

// "Forgot password?": a single-use link that expires, mailed to the address. The answer is
// the same whether or not an account exists (no enumeration), and requests are throttled
// per address and per IP like sign-in. Only sha256 of the token is stored.

export const RESET_TTL_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;

export const hashResetToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

function appOrigin(): string {
  return new URL(config().nextAuthUrl ?? `http://localhost:${process.env.PORT ?? 3000}`).origin;
}

export function resetPath(token: string): string {
  return `/reset-password/${token}`;
}

export const forgotPasswordSchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({ password: passwordField });

/**
 * Records a reset request and returns the work to do after the answer: for an existing
 * account, making the link (which replaces any live one) and mailing it. Before the answer
 * a known and an unknown address do the same work (the throttle and one lookup), so the
 * answer's timing does not tell them apart. An unknown address returns a send that does nothing.
 * Without mail it is refused before anything is written: a link nobody receives would
 * replace the one an operator made (user:reset-link) and passed on.
 */
export async function requestPasswordReset(input: { email: string }, context: { ip: string | null }, now = new Date()): Promise<{ send: () => Promise<SendMailResult | null> }> {
  if (!mailConfigured()) {
    throw new AppError("SERVICE_UNAVAILABLE", "Password reset by email is not available on this service.", { reason: "mail_not_configured" });
  }
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const email = parsed.data.email;
  await recordAttempt({ action: "password-reset", account: email.toLowerCase(), ip: context.ip });
  const db = getDb();
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) return { send: async () => null };
  return {
    send: async () => {
      const link = await issueResetLink(user.id, now);
      return sendMail({
        to: user.email,
        subject: "Reset your password",
        text: `Someone (hopefully you) asked to reset the password of ${user.email}.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
      });
    },
  };
}

async function issueResetLink(userId: string, now: Date): Promise<string> {
  const db = getDb();
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  await db.$transaction([
    // One live link per account: asking again replaces the previous one.
    db.passwordResetToken.deleteMany({ where: { userId, usedAt: null } }),
    db.passwordResetToken.create({ data: { userId, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + RESET_TTL_MS) } }),
  ]);
  return `${appOrigin()}${resetPath(token)}`;
}

/** For the operator of a deployment without mail (npm run ops -- user:reset-link): the link to pass on. */
export async function createResetLinkForOperator(email: string, now = new Date()): Promise<{ email: string; link: string; expiresAt: string }> {
  const parsed = forgotPasswordSchema.safeParse({ email });
  if (!parsed.success) throw validationError(parsed.error.issues);
  const user = await getDb().user.findUnique({ where: { email: parsed.data.email }, select: { id: true, email: true } });
  if (!user) throw new AppError("NOT_FOUND", "No account has this email address.");
  return { email: user.email, link: await issueResetLink(user.id, now), expiresAt: new Date(now.getTime() + RESET_TTL_MS).toISOString() };
}

/** A live (unused, unexpired) reset token's user, or null. */
export async function findResetToken(token: string, now = new Date()) {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const row = await getDb().passwordResetToken.findUnique({ where: { tokenHash: hashResetToken(token) }, include: { user: { select: { id: true, email: true } } } });
  return row && !row.usedAt && row.expiresAt > now ? row : null;
}

/**
 * Sets the new password with a live link, once: the link is spent in the same statement
 * that checks it, so two submissions cannot both succeed. Every session of the account
 * ends (whoever had the old password is signed out), and the address counts as verified.
 */
export async function resetPassword(token: string, input: { password: string }, now = new Date()): Promise<{ email: string }> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const live = await findResetToken(token, now);
  if (!live) throw new AppError("NOT_FOUND", "This link is not valid any more: it was used, replaced by a newer one, or it expired. Ask for a new one.", { reason: "reset_link_invalid" });
  const passwordHash = await hashPassword(parsed.data.password);
  const db = getDb();
  const spent = await db.$transaction(async (tx) => {
    const { count } = await tx.passwordResetToken.updateMany({ where: { id: live.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (count !== 1) return false;
    await tx.user.update({ where: { id: live.userId }, data: { passwordHash, sessionsValidAfter: now, emailVerifiedAt: now } });
    // Remembered devices skipped the code with the old password: they ask for it again.
    await tx.trustedDevice.deleteMany({ where: { userId: live.userId } });
    return true;
  });
  if (!spent) throw new AppError("NOT_FOUND", "This link is not valid any more. Ask for a new one.", { reason: "reset_link_invalid" });
  return { email: live.user.email };
}
