import { createHmac, randomInt } from "node:crypto";

// Signs a webhook body the way the service signs a delivery, so a receiver's verification
// code runs unchanged against `svc-partner listen`:
//
//   X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">, keyed by
//     the whole secret string's UTF-8 bytes;
//   webhook-id / webhook-timestamp / webhook-signature (Standard Webhooks): "v1,<base64
//     HMAC-SHA256 of "<id>.<t>.<body>">", keyed by the base64 decoding of what follows whsec_.
//
// A secret is "whsec_" + 32 characters of [A-Za-z0-9], the service's own format: valid as
// both keys at once.

const SECRET_PREFIX = "whsec_";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const SECRET_PATTERN = /^whsec_[A-Za-z0-9]{32}$/;

export function generateWebhookSecret(): string {
  let random = "";
  for (let i = 0; i < 32; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return SECRET_PREFIX + random;
}

export function isWebhookSecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}

export type SignedHeadersInput = {
  /** The body exactly as sent. */
  body: string;
  /** The event's id (webhook-id). */
  eventId: string;
  secret: string;
  /** Unix seconds; defaults to the clock. */
  timestamp?: number;
};

/** The signature headers of a delivery: X-Service-Signature and the Standard Webhooks trio. */
export function signWebhook(input: SignedHeadersInput): Record<string, string> {
  if (!isWebhookSecret(input.secret)) throw new Error("The signing secret must be whsec_ followed by 32 letters or digits.");
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const hex = createHmac("sha256", input.secret).update(`${timestamp}.`, "utf8").update(input.body, "utf8").digest("hex");
  const key = Buffer.from(input.secret.slice(SECRET_PREFIX.length), "base64");
  const base64 = createHmac("sha256", key).update(`${input.eventId}.${timestamp}.`, "utf8").update(input.body, "utf8").digest("base64");
  return {
    "X-Service-Signature": `t=${timestamp},v1=${hex}`,
    "webhook-id": input.eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${base64}`,
  };
}
