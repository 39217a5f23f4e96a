// Text that comes from a partner's server (a webhook receiver's response body, an import
// source's error) is stored for the console to show. It is untrusted and unbounded, so
// every such write goes through this one cap: at most PARTNER_TEXT_MAX_BYTES of UTF-8,
// cut on a character boundary, with a visible marker when something was cut. The console
// renders it as plain text (React escapes it); nothing renders it as HTML.

export const PARTNER_TEXT_MAX_BYTES = 2048;
export const TRUNCATION_MARKER = "… [truncated]";

const MARKER_BYTES = Buffer.byteLength(TRUNCATION_MARKER, "utf8");

/**
 * The text as it may be stored, or null for nothing to store. `truncated` says the caller
 * already cut the text while reading it (a capped response body), so the marker is due
 * even if what arrived fits.
 */
export function capPartnerText(text: string | Buffer | null | undefined, options: { truncated?: boolean } = {}): string | null {
  if (text === null || text === undefined || text.length === 0) return null;
  // PostgreSQL text cannot hold NUL; a cut multi-byte character in a Buffer becomes U+FFFD.
  const value = (typeof text === "string" ? text : text.toString("utf8")).replace(/\u0000/g, "");
  if (!options.truncated && Buffer.byteLength(value, "utf8") <= PARTNER_TEXT_MAX_BYTES) return value;
  const room = PARTNER_TEXT_MAX_BYTES - MARKER_BYTES;
  let kept = "";
  let bytes = 0;
  for (const char of value) {
    const size = Buffer.byteLength(char, "utf8");
    if (bytes + size > room) break;
    kept += char;
    bytes += size;
  }
  return kept + TRUNCATION_MARKER;
}
