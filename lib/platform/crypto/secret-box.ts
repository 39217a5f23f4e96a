import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "./server-secret";

// Secrets we must use later (webhook signing secrets, data-source header values) cannot
// be hashed, so they are encrypted at rest with AES-256-GCM under a key derived from
// APP_SECRET. Format: "v1.<iv>.<tag>.<ciphertext>", base64url parts.

export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("secret-encryption"), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

export function decryptSecret(sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("Unrecognised sealed secret.");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey("secret-encryption"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
