import { createHash, randomInt } from "node:crypto";

// Key format fixed by the spec: "svc_live_" + 32 random characters. "svc_test_" is
// reserved and never minted, so no string with that prefix can ever authenticate.
export const LIVE_KEY_PREFIX = "svc_live_";
export const TEST_KEY_PREFIX = "svc_test_";
const RANDOM_LENGTH = 32;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// What the console and /me show: the literal prefix plus four random characters.
const DISPLAY_PREFIX_LENGTH = LIVE_KEY_PREFIX.length + 4;

export function generateKeySecret(): string {
  let random = "";
  // randomInt is uniform (rejection sampling), so every character carries log2(62) bits.
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return LIVE_KEY_PREFIX + random;
}

/** Keys are 190 bits of randomness: a fast hash is enough and keeps lookup one indexed query. */
export function hashKeySecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function looksLikeLiveKey(candidate: string): boolean {
  return (
    candidate.length === LIVE_KEY_PREFIX.length + RANDOM_LENGTH &&
    candidate.startsWith(LIVE_KEY_PREFIX) &&
    /^[A-Za-z0-9]+$/.test(candidate.slice(LIVE_KEY_PREFIX.length))
  );
}
