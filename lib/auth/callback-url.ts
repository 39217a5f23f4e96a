// Where to go after signing in (or out). Only a path on our own origin is accepted; anything
// else falls back to the console home, so a crafted link cannot bounce a user to another site.
//
// The candidate is resolved with the WHATWG URL parser (what browsers use) against our
// origin, and the normalised path is resolved once more: "/.//evil.com", "/..//evil.com"
// and "/%2e%2e//evil.com" all normalise to "//evil.com", which a browser reads as another
// host. Browsers also drop tabs and newlines and read "\" as "/" before parsing, so a raw
// form containing those (or any control character) is refused outright.

export const CONSOLE_HOME = "/console";

// A stand-in for our origin: only the comparison of origins matters, not its name.
const OWN_ORIGIN = "https://own-origin.invalid";

const FORBIDDEN_RAW = /[\u0000-\u001f\u007f\\]/;
// Our own paths never contain empty segments or encoded dots, slashes, backslashes or
// percent signs; those only appear in attempts to smuggle a host past a parser.
const SUSPICIOUS_PATH = /\/\/|%2e|%2f|%5c|%25/i;

function sameOrigin(url: URL, origin: string): boolean {
  return url.origin === origin && url.username === "" && url.password === "";
}

/**
 * `value` as a same-origin path ("/console/…?…#…"), or `fallback`. An absolute URL is
 * accepted when its origin is `ownOrigin` (next-auth passes absolute URLs); the result is
 * always a path, never an absolute URL.
 */
export function safeCallbackPath(value: string | null | undefined, fallback = CONSOLE_HOME, ownOrigin: string = OWN_ORIGIN): string {
  if (!value || value.length > 2048 || FORBIDDEN_RAW.test(value)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, ownOrigin);
  } catch {
    return fallback;
  }
  if (!sameOrigin(parsed, ownOrigin)) return fallback;
  // Only relative references ("/…") or absolute URLs spelled with our origin.
  if (!value.startsWith("/") && !value.toLowerCase().startsWith(`${ownOrigin.toLowerCase()}/`)) return fallback;
  if (SUSPICIOUS_PATH.test(parsed.pathname)) return fallback;
  const path = parsed.pathname + parsed.search + parsed.hash;
  // The path we hand out must itself resolve to our origin.
  const reparsed = new URL(path, ownOrigin);
  return sameOrigin(reparsed, ownOrigin) && path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}
