/**
 * Where to go after signing in. Only same-site paths are accepted ("/console/..."), never
 * "//host" or "https://host", so a crafted link cannot bounce a user to another site.
 */
export function safeCallbackPath(value: string | null | undefined, fallback = "/console"): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Reject control characters and anything the URL parser would move to another origin.
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  try {
    const parsed = new URL(value, "http://localhost");
    if (parsed.origin !== "http://localhost") return fallback;
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return fallback;
  }
}
