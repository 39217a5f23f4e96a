import { hkdfSync } from "node:crypto";
import { config } from "@/lib/platform/config/env";

// Every server-side secret (cursor signing, encryption of stored secrets) is derived
// from one APP_SECRET, with a separate key per purpose, so one variable is enough to
// configure a deployment and no two uses ever share a key. lib/platform/config refuses a missing
// or short APP_SECRET in production; development gets a fixed development value.

export type SecretPurpose = "cursor-signing" | "secret-encryption" | "session-signing" | "recovery-codes";

const cache = new Map<string, Buffer>();

export function derivedKey(purpose: SecretPurpose): Buffer {
  const secret = config().appSecret;
  const cacheKey = `${purpose}:${secret}`;
  let key = cache.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "svc-integrations", purpose, 32));
    cache.set(cacheKey, key);
  }
  return key;
}
