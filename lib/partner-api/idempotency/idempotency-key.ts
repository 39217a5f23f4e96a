import { createHash } from "node:crypto";
import { AppError } from "@/lib/platform/errors/app-error";

// The Idempotency-Key request header (POST /events/{eventId}/attendees): a client-chosen
// string, 1 to 255 printable ASCII characters (space to tilde), so any UUID, ULID or
// "order-1234/attempt" style value fits and nothing ambiguous (control characters,
// non-ASCII that proxies may re-encode) does.

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The header's value, null when absent; 400 INVALID_INPUT naming the header when malformed. */
export function readIdempotencyKey(headers: Headers): string | null {
  const value = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null) return null;
  if (!KEY_PATTERN.test(value)) {
    throw new AppError(
      "INVALID_INPUT",
      `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 255 printable ASCII characters.`,
      { reason: "invalid_header", header: IDEMPOTENCY_KEY_HEADER },
    );
  }
  return value;
}

/**
 * What "the same request" means for a key: method, path and the validated body as JSON
 * with object keys sorted, so key order and whitespace do not make two requests differ.
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method}\n${path}\n${canonicalJson(body)}`).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
