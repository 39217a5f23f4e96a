import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// The client's address, for every caller (throttles, the Partner API's IP allowlists, the
// request log). Next route handlers and server actions never see the socket: NextRequest
// lost `ip` in Next 15, and `next start` copies the socket's address into
// `x-forwarded-for` only when the client sent no such header, so from a handler a header
// the client wrote and one the server filled in look the same. The header is therefore
// believed only when a proxy we trust overwrites it: on Vercel (VERCEL=1, whose edge sets
// the first hop to the connecting address) or when TRUST_PROXY_HEADERS=1 says another
// such proxy fronts the app. Otherwise the address is unknown: throttles then apply only
// their per-account limits, and a key with an IP allowlist admits no request.

export function trustsProxyHeaders(env: Record<string, string | undefined> = process.env): boolean {
  return env.VERCEL === "1" || env.TRUST_PROXY_HEADERS === "1";
}

/**
 * The client's IP address from a trusted proxy's `x-forwarded-for` first hop, or null.
 * An IPv4 address seen through IPv6 (`::ffff:203.0.113.7`) is given as the IPv4 address,
 * and IPv6 in its compressed lower-case spelling, so one client has one spelling.
 */
export function clientAddress(headers: Headers, env: Record<string, string | undefined> = process.env): string | null {
  if (!trustsProxyHeaders(env)) return null;
  const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  if (!isIP(first) || first.includes("%")) return null;
  const address = ipaddr.parse(first);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address().toString();
  }
  return address.toString();
}
