import { createHmac } from "node:crypto";
import { SIGNING_SECRET_PREFIX } from "./signing-secret";

// Standard Webhooks headers (standardwebhooks.com), sent beside X-Service-Signature:
//
//   webhook-id: <event id>            (the same on every retry and every endpoint)
//   webhook-timestamp: <unix seconds> (the same `t` as X-Service-Signature)
//   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>"> [v1,<...> during a roll]
//
// One secret, two keys. A signing secret is "whsec_" + 32 characters from [A-Za-z0-9]:
// that is also a valid Standard Webhooks secret, whose key is the base64 decoding of what
// follows "whsec_" (32 base64 characters = 24 bytes, no padding). X-Service-Signature keeps
// using the whole secret string's UTF-8 bytes as its HMAC key, as the spec and every
// existing receiver expect; the Standard Webhooks libraries decode the same string their
// way. So the secret the console shows works unchanged in both, and nothing is migrated.

export const STANDARD_WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})+$/;

/** The HMAC key Standard Webhooks libraries derive from a `whsec_` secret. */
export function standardWebhookKey(secret: string): Buffer {
  const encoded = secret.startsWith(SIGNING_SECRET_PREFIX) ? secret.slice(SIGNING_SECRET_PREFIX.length) : secret;
  // Every secret we generate passes; anything else is a bug upstream, not a receiver's problem.
  if (!BASE64.test(encoded)) throw new Error("The signing secret is not a Standard Webhooks secret (whsec_ + base64).");
  return Buffer.from(encoded, "base64");
}

export function standardWebhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", standardWebhookKey(secret)).update(`${id}.${timestamp}.`, "utf8").update(body, "utf8");
  return `v1,${mac.digest("base64")}`;
}

/** The three headers; one space-separated `v1,` signature per active secret, in order. */
export function standardWebhookHeaders(input: { id: string; timestamp: number; body: string; secrets: string[] }): Record<string, string> {
  if (input.secrets.length === 0) throw new Error("standardWebhookHeaders needs at least one signing secret.");
  return {
    [STANDARD_WEBHOOK_HEADERS.id]: input.id,
    [STANDARD_WEBHOOK_HEADERS.timestamp]: String(input.timestamp),
    [STANDARD_WEBHOOK_HEADERS.signature]: input.secrets
      .map((secret) => standardWebhookSignature(secret, input.id, input.timestamp, input.body))
      .join(" "),
  };
}
