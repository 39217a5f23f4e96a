import { createHmac, randomInt } from "node:crypto";
import { derivedKey } from "@/lib/platform/crypto/server-secret";

// Ten single-use codes for when the authenticator is lost. Each is 16 characters from an
// alphabet without look-alikes (31 letters and digits: 79 bits), shown once in groups of four; only an HMAC under
// a key derived from APP_SECRET is stored, so the table alone does not give them away.

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 16;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return chars.match(/.{4}/g)!.join("-");
  });
}

/** The code as typed, without spaces, dashes or case: what is hashed. */
export function normalizeRecoveryCode(input: string): string | null {
  const plain = input.replace(/[\s-]+/g, "").toLowerCase();
  return plain.length === LENGTH && [...plain].every((char) => ALPHABET.includes(char)) ? plain : null;
}

export function hashRecoveryCode(normalized: string): string {
  return createHmac("sha256", derivedKey("recovery-codes")).update(normalized).digest("hex");
}
