import { createHmac, timingSafeEqual } from "node:crypto";

// The webhook signature of the spec ("Events" > "Delivery"):
//
//   X-Service-Signature: t=<unix_seconds>,v1=<hex hmac-sha256>
//
// The HMAC key is the endpoint's signing secret; the signed message is
// `<t>.<raw body>`. Putting the timestamp inside the signed message is what
// makes the tolerance window meaningful: a captured delivery cannot be replayed
// later with a fresh `t`, because `t` is covered by the HMAC.
//
// During a secret roll the sender signs with every active secret and emits one
// `v1=` per secret, so a receiver holding either secret accepts the delivery.
// Same idea as stripe-node's Webhooks.ts; written from the spec, not from its code.
//
// This file is the reference for receivers too (verifySignature is what we tell
// them to run), so it depends only on node:crypto.

export const SIGNATURE_HEADER = "X-Service-Signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type SignatureFailureReason =
  | "missing_header"
  | "malformed_header"
  | "timestamp_outside_tolerance"
  | "no_matching_signature";

export type VerifySignatureInput = {
  /** The body exactly as received, before any JSON parsing. */
  rawBody: string | Uint8Array;
  /** The X-Service-Signature value (frameworks may hand over string[] for repeated headers). */
  header: string | string[] | null | undefined;
  secret: string;
  /** Maximum distance, in seconds, between `t` and `now`, in either direction. */
  toleranceSeconds?: number;
  /** Current time in unix seconds; defaults to the clock. */
  now?: number;
};

export type VerifySignatureResult = { ok: true; timestamp: number } | { ok: false; reason: SignatureFailureReason };

const FAILURE_MESSAGES: Record<SignatureFailureReason, string> = {
  missing_header: `The ${SIGNATURE_HEADER} header is missing.`,
  malformed_header: `The ${SIGNATURE_HEADER} header is not of the form t=<unix seconds>,v1=<hex signature>.`,
  timestamp_outside_tolerance: "The signature timestamp is outside the accepted tolerance.",
  no_matching_signature: "No signature matches the payload. Check the signing secret and that the raw body is used.",
};

export class WebhookSignatureError extends Error {
  readonly reason: SignatureFailureReason;

  constructor(reason: SignatureFailureReason) {
    super(FAILURE_MESSAGES[reason]);
    this.name = "WebhookSignatureError";
    this.reason = reason;
  }
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;
// Twelve digits is far past any real unix time; the cap keeps Number() exact.
const UNIX_SECONDS = /^\d{1,12}$/;

function computeSignature(secret: string, timestamp: number, rawBody: string | Uint8Array): Buffer {
  // The body is fed as bytes when we have bytes: decoding and re-encoding could
  // alter a body that is not valid UTF-8 and break an otherwise valid signature.
  return createHmac("sha256", secret).update(`${timestamp}.`, "utf8").update(rawBody).digest();
}

/**
 * Builds the X-Service-Signature value for a delivery. Pass every active secret
 * during a roll: one `v1` is emitted per secret, in the order given.
 */
export function signPayload(
  rawBody: string,
  secrets: string[] | string,
  timestamp: number = Math.floor(Date.now() / 1000),
): string {
  const list = typeof secrets === "string" ? [secrets] : secrets;
  // An empty secret would still produce a valid-looking header; that is a bug upstream.
  if (list.length === 0 || list.some((secret) => secret === "")) {
    throw new Error("signPayload needs at least one non-empty signing secret.");
  }
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new Error("signPayload needs a timestamp in whole unix seconds.");
  }
  const signatures = list.map((secret) => `v1=${computeSignature(secret, timestamp, rawBody).toString("hex")}`);
  return [`t=${timestamp}`, ...signatures].join(",");
}

type ParsedHeader = { timestamp: number; signatures: Buffer[] };

/**
 * Parses `t=...,v1=...[,v1=...]`. Exactly one `t` and at least one `v1` are
 * required; keys we don't know (a future v2) are skipped so receivers keep
 * working when the sender adds a scheme.
 */
function parseHeader(header: string): ParsedHeader | null {
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t") {
      if (timestamp !== null || !UNIX_SECONDS.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1") {
      if (!HEX_SHA256.test(value)) return null;
      signatures.push(Buffer.from(value, "hex"));
    }
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/**
 * Verifies a delivery. Receivers must call it with the raw body before trusting
 * anything in it. Accepts if any `v1` matches (secret rolls), refuses timestamps
 * more than `toleranceSeconds` away from now in either direction (replays, and
 * senders with a clock far ahead).
 */
export function verifySignature(input: VerifySignatureInput): VerifySignatureResult {
  const { rawBody, secret, toleranceSeconds = DEFAULT_TOLERANCE_SECONDS } = input;
  const now = input.now ?? Math.floor(Date.now() / 1000);

  let header = input.header;
  if (Array.isArray(header)) {
    // Two signature headers on one request is not something we send.
    if (header.length > 1) return { ok: false, reason: "malformed_header" };
    header = header[0];
  }
  if (header === undefined || header === null || header.trim() === "") {
    return { ok: false, reason: "missing_header" };
  }

  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: "malformed_header" };

  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) {
    return { ok: false, reason: "timestamp_outside_tolerance" };
  }

  const expected = computeSignature(secret, parsed.timestamp, rawBody);
  // Every candidate is compared (no early exit) in constant time per candidate.
  // Lengths are equal by construction: the parser only admits 32-byte values.
  let matched = false;
  for (const candidate of parsed.signatures) {
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  }
  if (!matched) return { ok: false, reason: "no_matching_signature" };
  return { ok: true, timestamp: parsed.timestamp };
}

/** verifySignature for code that prefers exceptions; returns the signed timestamp. */
export function verifySignatureOrThrow(input: VerifySignatureInput): number {
  const result = verifySignature(input);
  if (!result.ok) throw new WebhookSignatureError(result.reason);
  return result.timestamp;
}
