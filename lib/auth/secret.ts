import { derivedKey } from "@/lib/crypto/server-secret";

/**
 * The key that signs and encrypts session cookies. NEXTAUTH_SECRET wins when set; otherwise
 * it is derived from APP_SECRET (its own purpose, so it never equals another derived key).
 * derivedKey falls back to a development secret outside production and throws in production
 * when APP_SECRET is missing, so `npm run dev` needs no configuration and a production
 * server cannot start signing sessions with a guessable key.
 */
export function sessionSecret(): string {
  const configured = process.env.NEXTAUTH_SECRET;
  if (configured) return configured;
  return derivedKey("session-signing").toString("base64url");
}
