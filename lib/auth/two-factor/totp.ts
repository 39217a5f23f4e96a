import { Secret, TOTP } from "otpauth";

// TOTP as RFC 6238 defines it and every authenticator app implements it: HMAC-SHA1,
// six digits, 30-second steps, a 160-bit secret (RFC 4226's recommended length).

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Integrations console";
// One step either side: a phone clock a little off, or a code typed as it changed.
const WINDOW = 1;

function totpFor(secretBase32: string, label = "") {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A fresh random secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI a QR code carries to the authenticator app. */
export function totpUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The 30-second step a code was made for, when it is valid at `now` (or null). */
export function matchingTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code for `now` (tests and the e2e spec compute codes the way an app does). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totpFor(secretBase32).generate({ timestamp: now });
}
