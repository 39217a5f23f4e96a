import { config } from "@/lib/platform/config/env";
import { derivedKey } from "@/lib/platform/crypto/server-secret";

/**
 * The key that signs and encrypts session cookies. NEXTAUTH_SECRET wins when set; otherwise
 * it is derived from APP_SECRET (its own purpose, so it never equals another derived key).
 * lib/platform/config falls back to a development secret outside production and refuses to start in
 * production without APP_SECRET, so `npm run dev` needs no configuration and a production
 * server never signs sessions with a guessable key.
 */
export function sessionSecret(): string {
  const configured = config().nextAuthSecret;
  if (configured) return configured;
  return derivedKey("session-signing").toString("base64url");
}
