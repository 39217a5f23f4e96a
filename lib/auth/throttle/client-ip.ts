import { isIP } from "node:net";

// Next route handlers and server actions do not see the socket's address, only headers,
// and any client can send `x-forwarded-for`. The header is believed only when a proxy we
// trust overwrites it: on Vercel (VERCEL=1, whose edge sets the first hop to the client's
// address) or when TRUST_PROXY_HEADERS=1 says another such proxy fronts the app. Otherwise
// the IP is unknown and only the per-account limits apply (a shared "unknown" bucket would
// let one client lock every other out).

export function trustsProxyHeaders(env: Record<string, string | undefined> = process.env): boolean {
  return env.VERCEL === "1" || env.TRUST_PROXY_HEADERS === "1";
}

/** The client's IP address from a trusted proxy's `x-forwarded-for` first hop, or null. */
export function clientIp(headers: Headers, env: Record<string, string | undefined> = process.env): string | null {
  if (!trustsProxyHeaders(env)) return null;
  const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  return isIP(first) ? first : null;
}
