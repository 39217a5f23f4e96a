import { createHmac, timingSafeEqual } from "node:crypto";
import type { components } from "./schema";

// Verifies a webhook delivery's X-Service-Signature (`t=<unix seconds>,v1=<hex>`[,v1=…])
// against one or more signing secrets, so a receiver keeps accepting deliveries while a
// secret is rolled (the service signs with both during the overlap).

export type WebhookEvent = components["schemas"][
  | "PingWebhook"
  | "EventUpdatedWebhook"
  | "EventPublishedWebhook"
  | "AttendeeCreatedWebhook"
  | "AttendeeUpdatedWebhook"
  | "AttendeeDeletedWebhook"
  | "AttendeeCheckedInWebhook"
  | "SessionCreatedWebhook"
  | "SessionUpdatedWebhook"
  | "SessionDeletedWebhook"
  | "SessionAttendanceCreatedWebhook"
  | "FormSubmissionCreatedWebhook"
  | "FeedbackCreatedWebhook"];

export type WebhookVerificationReason = "missing_header" | "malformed_header" | "timestamp_outside_tolerance" | "no_matching_signature" | "invalid_body";

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = "WebhookVerificationError";
    this.reason = reason;
  }
}

export type VerifyWebhookOptions = {
  /** Largest accepted distance between the signed timestamp and now, either way. Default 300. */
  toleranceSeconds?: number;
  /** Current unix time in seconds; defaults to the clock. */
  now?: number;
};

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function parseHeader(header: string): { timestamp: string; signatures: Buffer[] } | null {
  let timestamp: string | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = value;
    } else if (key === "v1") {
      if (!HEX_SHA256.test(value)) return null;
      signatures.push(Buffer.from(value, "hex"));
    }
  }
  return timestamp !== null && signatures.length > 0 ? { timestamp, signatures } : null;
}

/**
 * Checks the signature over the raw body (bytes exactly as received, before JSON parsing)
 * and returns the parsed event. Throws WebhookVerificationError otherwise. Every secret is
 * compared with every signature in constant time, with no early exit.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secrets: string | readonly string[],
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const keys = (typeof secrets === "string" ? [secrets] : [...secrets]).filter((secret) => secret !== "");
  if (keys.length === 0) throw new Error("verifyWebhook needs at least one non-empty signing secret.");
  if (!signatureHeader?.trim()) throw new WebhookVerificationError("missing_header", "The X-Service-Signature header is missing.");
  const parsed = parseHeader(signatureHeader);
  if (!parsed) throw new WebhookVerificationError("malformed_header", "The X-Service-Signature header is not t=<unix seconds>,v1=<hex>.");
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(parsed.timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("timestamp_outside_tolerance", "The signature timestamp is outside the tolerance.");
  }
  let matched = false;
  for (const secret of keys) {
    const expected = createHmac("sha256", secret).update(`${parsed.timestamp}.`, "utf8").update(rawBody).digest();
    for (const candidate of parsed.signatures) {
      if (timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError("no_matching_signature", "No signature matches the body under the given secrets.");
  const text = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  try {
    return JSON.parse(text) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("invalid_body", "The signed body is not JSON.");
  }
}
