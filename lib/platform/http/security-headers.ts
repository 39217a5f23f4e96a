import { createHash } from "node:crypto";

// The response headers that harden every HTML page: the console, sign-in/up, invites,
// the home page (through proxy.ts), the Partner API's HTML reference (its route) and
// next-auth's own pages (lib/auth/route-handler.ts). The
// Partner API's JSON keeps its own headers (Cache-Control: private, no-store).

/** Browser features the console never uses: denied to it and to anything it could embed. */
const PERMISSIONS_POLICY = [
  "accelerometer=()", "autoplay=()", "camera=()", "display-capture=()", "geolocation=()", "gyroscope=()",
  "magnetometer=()", "microphone=()", "midi=()", "payment=()", "usb=()", "browsing-topics=()",
].join(", ");

/** Two years, the preload list's minimum; sent only by production servers (behind TLS). */
const HSTS = "max-age=63072000; includeSubDomains";

type Mode = { production: boolean };

export function currentMode(): Mode & { development: boolean } {
  return { production: process.env.NODE_ENV === "production", development: process.env.NODE_ENV === "development" };
}

/** The headers every HTML page carries, whatever its Content-Security-Policy. */
export function baseSecurityHeaders(mode: Mode): Record<string, string> {
  return {
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "permissions-policy": PERMISSIONS_POLICY,
    // For browsers that predate frame-ancestors.
    "x-frame-options": "DENY",
    ...(mode.production ? { "strict-transport-security": HSTS } : {}),
  };
}

/** A fresh, unguessable nonce per request (128 bits, base64). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The app pages' policy. Scripts: only those carrying this request's nonce (Next puts it
 * on its own scripts) and what they load ('strict-dynamic'); React's development tooling
 * needs eval, so 'unsafe-eval' only in development. Styles may be inline (Tailwind and
 * Next inject style elements without a nonce); a style cannot run code.
 * No form-action: signing in with GitHub or Google posts a form that redirects off-site.
 */
export function appContentSecurityPolicy(nonce: string, mode: { development: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${mode.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function inlineHashes(html: string, element: "style" | "script"): string[] {
  return [...html.matchAll(new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, "g"))].map(
    (match) => `'sha256-${createHash("sha256").update(match[1], "utf8").digest("base64")}'`,
  );
}

/**
 * For pages that inline everything they use and load nothing (no image, no request): the
 * HTML reference (its stylesheet and one script) and next-auth's own pages (sign-out
 * confirmation, verify request: a stylesheet only). Allows exactly the style and script
 * elements the page contains, by hash, and forms only where `formAction` says (next-auth's
 * sign-out form posts to our origin). Scripts only when the caller says the page's own
 * inline scripts are meant to run (`scripts: true`); otherwise none runs at all.
 */
export function inlineHtmlContentSecurityPolicy(
  html: string,
  { formAction = "'none'", scripts: allowScripts = false }: { formAction?: "'none'" | "'self'"; scripts?: boolean } = {},
): string {
  const styles = inlineHashes(html, "style");
  const scripts = allowScripts ? inlineHashes(html, "script") : [];
  return [
    "default-src 'none'",
    `style-src ${styles.length > 0 ? styles.join(" ") : "'none'"}`,
    ...(scripts.length > 0 ? [`script-src ${scripts.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join("; ");
}
