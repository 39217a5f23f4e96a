import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-codes";
import { matchingTotpStep, newTotpSecret, totpUri } from "./totp";

// A user's authenticator: set up (a pending secret), confirmed by a first valid code (two-
// factor is on from then, with ten fresh recovery codes), and checked at sign-in. The
// secret is stored encrypted (AES-256-GCM, lib/platform/crypto/secret-box).

export const codeField = z.string().trim().min(1, "Enter the code.").max(64, "That is not a code.");

export async function isTwoFactorEnabled(userId: string): Promise<boolean> {
  const row = await getDb().twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } });
  return Boolean(row?.enabledAt);
}

export type TwoFactorStatus = { enabled: false; pending: { secret: string; uri: string } | null } | { enabled: true; enabledAt: Date; recoveryCodesLeft: number };

/** What the account page shows: off (with the secret being set up, if any) or on. */
export async function twoFactorStatus(userId: string, email: string): Promise<TwoFactorStatus> {
  const db = getDb();
  const row = await db.twoFactor.findUnique({ where: { userId } });
  if (row?.enabledAt) {
    const recoveryCodesLeft = await db.twoFactorRecoveryCode.count({ where: { userId, usedAt: null } });
    return { enabled: true, enabledAt: row.enabledAt, recoveryCodesLeft };
  }
  if (!row) return { enabled: false, pending: null };
  const secret = decryptSecret(row.secretSealed);
  return { enabled: false, pending: { secret, uri: totpUri(secret, email) } };
}

/** Starts (or restarts) setting up: a new secret, not yet in force. */
export async function startTwoFactorSetup(userId: string): Promise<void> {
  const db = getDb();
  const secretSealed = encryptSecret(newTotpSecret());
  // Only a row that is not enabled may be replaced: an enabled authenticator stays.
  const { count } = await db.twoFactor.updateMany({ where: { userId, enabledAt: null }, data: { secretSealed, createdAt: new Date() } });
  if (count === 1) return;
  const created = await db.twoFactor.createMany({ data: [{ userId, secretSealed }], skipDuplicates: true });
  if (created.count === 0) throw new AppError("CONFLICT", "Two-factor sign-in is already on.", { reason: "two_factor_already_on" });
}

function codeError(message: string): AppError {
  return validationError([{ code: "custom", path: ["code"], message, input: "" }]);
}

/**
 * Turns two-factor on when `code` is valid for the pending secret, and returns the ten
 * recovery codes: the only time they exist in plain text.
 */
export async function confirmTwoFactorSetup(userId: string, code: string, now = new Date()): Promise<string[]> {
  const parsed = codeField.safeParse(code);
  if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ ...issue, path: ["code"] })));
  const db = getDb();
  const row = await db.twoFactor.findUnique({ where: { userId } });
  if (!row) throw new AppError("CONFLICT", "Start setting up two-factor sign-in first.", { reason: "two_factor_not_started" });
  if (row.enabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is already on.", { reason: "two_factor_already_on" });
  const step = matchingTotpStep(decryptSecret(row.secretSealed), parsed.data, now.getTime());
  if (step === null) throw codeError("That code is not valid. Enter the current 6-digit code from your authenticator app.");
  const codes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    const { count } = await tx.twoFactor.updateMany({
      where: { userId, enabledAt: null, secretSealed: row.secretSealed },
      data: { enabledAt: now, lastUsedStep: BigInt(step) },
    });
    if (count !== 1) throw new AppError("CONFLICT", "Two-factor setup changed meanwhile. Reload the page and try again.", { reason: "two_factor_setup_changed" });
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
    await tx.twoFactorRecoveryCode.createMany({ data: codes.map((plain) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(plain)!) })) });
  });
  return codes;
}

export type SecondFactor = "totp" | "recovery";

/**
 * Checks a sign-in code: a current TOTP code not used before, or an unused recovery code,
 * which this uses up. A TOTP code is accepted only for a later 30-second step than the
 * last accepted one, in one conditional update, so a code seen by someone else (or sent
 * twice at once) cannot open a second session.
 */
export async function verifySecondFactor(userId: string, input: string, now = new Date()): Promise<SecondFactor | null> {
  const db = getDb();
  const row = await db.twoFactor.findUnique({ where: { userId } });
  if (!row?.enabledAt) return null;
  const code = input.trim();
  // Six digits (spaces allowed) are a TOTP code; a recovery code is 16 characters.
  if (/^\d{6}$/.test(code.replace(/\s+/g, ""))) {
    const step = matchingTotpStep(decryptSecret(row.secretSealed), code, now.getTime());
    if (step === null) return null;
    const { count } = await db.twoFactor.updateMany({
      where: { userId, enabledAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
      data: { lastUsedStep: BigInt(step) },
    });
    return count === 1 ? "totp" : null;
  }
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return null;
  const { count } = await db.twoFactorRecoveryCode.updateMany({ where: { userId, codeHash: hashRecoveryCode(normalized), usedAt: null }, data: { usedAt: now } });
  return count === 1 ? "recovery" : null;
}

/** Ten new recovery codes in place of the old ones (used or not), after a valid code. */
export async function regenerateRecoveryCodes(userId: string, code: string, now = new Date()): Promise<string[]> {
  if ((await verifySecondFactor(userId, code, now)) === null) throw codeError("That code is not valid. Enter the current code from your authenticator app.");
  const codes = newRecoveryCodes();
  const db = getDb();
  await db.$transaction([
    db.twoFactorRecoveryCode.deleteMany({ where: { userId } }),
    db.twoFactorRecoveryCode.createMany({ data: codes.map((plain) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(plain)!) })) }),
  ]);
  return codes;
}

export { RECOVERY_CODE_COUNT };
