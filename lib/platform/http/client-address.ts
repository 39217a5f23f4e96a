import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// The client's address. Next route handlers and server actions never see the socket:
// NextRequest lost `ip` in Next 15, and `next start` copies the socket's address into
// `x-forwarded-for` only when the client sent no such header, so from a handler a header
// the client wrote and one the server filled in look the same. Two sources are believed:
// - `x-forwarded-for`'s first hop when a proxy we trust overwrites it: on Vercel
//   (VERCEL=1, whose edge sets it to the connecting address) or when
//   TRUST_PROXY_HEADERS=1 says another such proxy fronts the app;
// - otherwise the connecting socket's address, which the server of `npm start`
//   (scripts/next-server.mjs) writes into SOCKET_ADDRESS_HEADER after deleting any the
//   client sent, and announces by setting SOCKET_ADDRESS_ENV in its process. A server
//   that does not (plain `next start`) leaves the variable unset, and the header is never
//   read there.

export const SOCKET_ADDRESS_HEADER = "x-svc-socket-address";
export const SOCKET_ADDRESS_ENV = "SVC_SOCKET_ADDRESS_HEADER";

type Env = Record<string, string | undefined>;

export function trustsProxyHeaders(env: Env = process.env): boolean {
  return env.VERCEL === "1" || trustedHops(env) > 0;
}

/** TRUST_PROXY_HEADERS: the number of proxies of ours in front of the app (1–9), else 0. */
function trustedHops(env: Env): number {
  return /^[1-9]$/.test(env.TRUST_PROXY_HEADERS ?? "") ? Number(env.TRUST_PROXY_HEADERS) : 0;
}

/**
 * The address the request came from, for the Partner API (a key's IP allowlist, the
 * request log): a trusted proxy's (proxiedClientAddress), else the socket's, else
 * null (unknown, which no allowlist admits). An IPv4 address seen through IPv6
 * (`::ffff:203.0.113.7`) is given as the IPv4 address, and IPv6 in its compressed
 * lower-case spelling, so one client has one spelling.
 */
export function clientAddress(headers: Headers, env: Env = process.env): string | null {
  if (trustsProxyHeaders(env)) return proxiedClientAddress(headers, env);
  return env[SOCKET_ADDRESS_ENV] === "1" ? normalise(headers.get(SOCKET_ADDRESS_HEADER) ?? "") : null;
}

/**
 * Only a trusted proxy's word for the client's address, or null: for the sign-in, sign-up
 * and invite throttles. Behind a reverse proxy nobody declared, the socket's address is
 * the proxy's, shared by every client: a per-IP bucket there would let one client lock
 * everyone out, so without a trusted proxy only the per-account limits apply.
 */
export function proxiedClientAddress(headers: Headers, env: Env = process.env): string | null {
  if (env.VERCEL === "1") {
    for (const name of ["x-real-ip", "x-vercel-forwarded-for", "x-forwarded-for"]) {
      const value = headers.get(name);
      if (value) return normalise(hopFromRight(value, 1) ?? "");
    }
    return null;
  }
  const hops = trustedHops(env);
  if (hops === 0) return null;
  return normalise(hopFromRight(headers.get("x-forwarded-for") ?? "", hops) ?? "");
}

/** The n-th entry from the right of a comma-separated list (Headers joins repeated fields with ", "). */
function hopFromRight(list: string, n: number): string | undefined {
  const hops = list.split(",").map((hop) => hop.trim());
  return hops.length >= n ? hops[hops.length - n] : undefined;
}

function normalise(raw: string): string | null {
  if (!isIP(raw) || raw.includes("%")) return null;
  const address = ipaddr.parse(raw);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address().toString();
  }
  return address.toString();
}
