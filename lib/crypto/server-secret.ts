import { hkdfSync } from "node:crypto";

// Every server-side secret (cursor signing, encryption of stored secrets) is derived
// from one APP_SECRET, with a separate key per purpose, so one variable is enough to
// configure a deployment and no two uses ever share a key.

const DEVELOPMENT_SECRET = "development-only-secret-do-not-use-in-production";

export type SecretPurpose = "cursor-signing" | "secret-encryption" | "session-signing";

function appSecret(): string {
  const secret = process.env.APP_SECRET;
  if (secret && secret.length >= 32) return secret;
  if (secret) throw new Error("APP_SECRET must be at least 32 characters long.");
  if (process.env.NODE_ENV === "production" && process.env.ALLOW_DEVELOPMENT_SECRET !== "1") {
    throw new Error("APP_SECRET is not set. Generate one with: openssl rand -base64 48");
  }
  return DEVELOPMENT_SECRET;
}

const cache = new Map<string, Buffer>();

export function derivedKey(purpose: SecretPurpose): Buffer {
  const secret = appSecret();
  const cacheKey = `${purpose}:${secret}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "svc-integrations", purpose, 32));
    cache.set(cacheKey, key);
  }
  return key;
}
