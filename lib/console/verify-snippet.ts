// The signature check the console shows receivers: a self-contained Node function doing
// what lib/domain/webhooks/signature.ts verifySignature does (t=,v1= header, HMAC-SHA256 over
// "<t>.<raw body>", any v1 matches, 300 s tolerance). verify-snippet.test.ts runs this
// very text against signPayload, so the published snippet cannot drift from the sender.

export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (string or Buffer), before JSON.parse.
export function verifyWebhook(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = String(header ?? "").split(",").map((part) => part.trim().split("="));
  const t = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\`).update(rawBody).digest();
  // One v1 per active secret: two for 24 hours after a secret roll.
  return parts.some(([key, value]) => key === "v1" && /^[0-9a-f]{64}$/i.test(value ?? "")
    && timingSafeEqual(Buffer.from(value, "hex"), expected));
}`;

