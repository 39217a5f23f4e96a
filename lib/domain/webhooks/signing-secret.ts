import { randomInt } from "node:crypto";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";

// Endpoint signing secrets: "whsec_" + 32 random characters, shown once when created or
// rolled. We need the secret itself to sign, so it is stored encrypted (never hashed),
// with a short display prefix the console can show.

export const SIGNING_SECRET_PREFIX = "whsec_";
const RANDOM_LENGTH = 32;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const DISPLAY_PREFIX_LENGTH = SIGNING_SECRET_PREFIX.length + 4;

/** After a roll the previous secret keeps signing alongside the new one this long. */
export const SECRET_ROLL_OVERLAP_MS = 24 * 60 * 60 * 1000;

export function generateSigningSecret(): string {
  let random = "";
  // randomInt is uniform, so each character carries log2(62) bits (190 bits in all).
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return SIGNING_SECRET_PREFIX + random;
}

export function sealSigningSecret(secret: string): { secretCiphertext: string; secretPrefix: string } {
  return { secretCiphertext: encryptSecret(secret), secretPrefix: secret.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/**
 * The secrets a delivery is signed with at `now`: the current one, then the previous one
 * while its overlap lasts. signPayload emits one v1 per secret in this order.
 */
export function activeSigningSecrets(
  endpoint: { secretCiphertext: string; previousSecretCiphertext: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const secrets = [decryptSecret(endpoint.secretCiphertext)];
  if (
    endpoint.previousSecretCiphertext &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt.getTime() > now.getTime()
  ) {
    secrets.push(decryptSecret(endpoint.previousSecretCiphertext));
  }
  return secrets;
}
