import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

// SSRF guard for every request the product sends on a customer's behalf
// (webhook deliveries, data-source imports). A customer controls the URL, so
// without this check they could make our servers talk to our own network,
// the cloud metadata service (169.254.169.254) or anything else only we reach.
//
// The check here is only half of the defence: a name can resolve to a public
// address now and to a private one a second later (DNS rebinding). safe-fetch.ts
// therefore re-checks the addresses at connect time with `checkResolvedAddresses`.
// Never fetch a customer URL with anything but safeFetch.

export type ResolvedAddress = { address: string; family: number };

/** Resolves a host name to every address it has. Injectable so tests never touch real DNS. */
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

export type OutboundCheckOptions = {
  /** Loosens the rules for http(s)://127.0.0.1 and http(s)://localhost only. Tests and local e2e runs. */
  allowLoopback?: boolean;
  lookup?: HostLookup;
};

export type OutboundCheckResult = { ok: true; url: URL } | { ok: false; reason: string };

export const defaultLookup: HostLookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * Whether the loopback exception is switched on for this process. Callers pass
 * the result as `allowLoopback`; it is read at call time so tests can toggle it.
 * Only the e2e/test harness sets OUTBOUND_ALLOW_LOOPBACK=1.
 */
export function outboundAllowLoopback(): boolean {
  return process.env.OUTBOUND_ALLOW_LOOPBACK === "1";
}

// The only IPv4 address the loopback exception opens. 127.0.0.2 etc. stay closed:
// the exception exists so a test can reach the mock server it started, nothing more.
const LOOPBACK_EXCEPTION_IPV4 = "127.0.0.1";

// Words used in the customer-facing reason for each ipaddr.js range.
const RANGE_LABELS: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private network address",
  uniqueLocal: "a private network address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a carrier-grade NAT address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  broadcast: "a broadcast address",
  reserved: "a reserved address",
  benchmarking: "a reserved address",
  "6to4": "a 6to4 tunnel address",
  teredo: "a Teredo tunnel address",
  rfc6052: "a NAT64 address",
  rfc6145: "an IPv4-translated address",
};

// Global unicast IPv6 lives in 2000::/3. ipaddr.js calls some addresses outside it
// "unicast" (for example the deprecated IPv4-compatible ::7f00:1), so IPv6 must
// also be inside this block.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

/**
 * Classifies one IP address. Returns null when it is public unicast, else a short
 * noun phrase ("a private network address") for the refusal message.
 * IPv4-mapped IPv6 (::ffff:10.0.0.1) is unwrapped first, so it is judged as the
 * IPv4 address it really reaches.
 */
export function nonPublicAddressLabel(ip: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip);
  } catch {
    return "not a valid IP address";
  }
  const range = parsed.range();
  if (range !== "unicast") return RANGE_LABELS[range] ?? "a non-public address";
  if (parsed.kind() === "ipv6" && !parsed.match(IPV6_GLOBAL_UNICAST)) return "a reserved address";
  return null;
}

function isLoopbackExceptionHost(host: string): boolean {
  return host === "localhost" || host === LOOPBACK_EXCEPTION_IPV4;
}

/**
 * The connect-time half of the guard: given the host being connected to and the
 * addresses just resolved for it, returns a refusal reason or null. Shared by
 * the pre-check and safe-fetch's connect hook so both apply the same rules.
 */
export function checkResolvedAddresses(
  host: string,
  addresses: ResolvedAddress[],
  opts: { allowLoopback?: boolean } = {},
): string | null {
  if (addresses.length === 0) return `The host name ${host} could not be resolved.`;
  const loopbackOk = opts.allowLoopback === true && isLoopbackExceptionHost(host);
  for (const { address } of addresses) {
    if (loopbackOk && address === LOOPBACK_EXCEPTION_IPV4) continue;
    const label = nonPublicAddressLabel(address);
    if (label) return `The host name ${host} resolves to ${label} (${address}).`;
  }
  return null;
}

/** Lower-cases and drops the brackets of IPv6 literals and a trailing root dot. */
export function normalizeHost(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  if (host.endsWith(".")) host = host.slice(0, -1);
  return host;
}

/**
 * Decides whether a customer-supplied URL may be requested. Async because host
 * names are resolved: every address must be public, not just the first one,
 * since the connecting side may pick any of them.
 */
export async function checkOutboundUrl(raw: string, opts: OutboundCheckOptions = {}): Promise<OutboundCheckResult> {
  const allowLoopback = opts.allowLoopback === true;

  let url: URL;
  try {
    // WHATWG parsing also normalises odd IPv4 spellings (2130706433, 0x7f.1,
    // 017700000001) to dotted decimal, so they are caught as literals below.
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "This is not a valid URL." };
  }

  const host = normalizeHost(url.hostname);
  const loopbackException = allowLoopback && isLoopbackExceptionHost(host);

  if (url.protocol !== "https:" && !(loopbackException && url.protocol === "http:")) {
    return { ok: false, reason: "The URL must start with https://." };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, reason: "The URL must not contain a user name or password." };
  }
  if (host === "") {
    return { ok: false, reason: "The URL has no host name." };
  }
  if (loopbackException) return { ok: true, url };

  if (host === "localhost" || host.endsWith(".localhost")) {
    // RFC 6761: these names always mean this machine, whatever DNS says.
    return { ok: false, reason: `The host name ${host} points to this machine.` };
  }

  if (isIP(host) !== 0) {
    // A literal address never goes through DNS (nor through the connect-time
    // lookup hook), so it is judged here and only here.
    const label = nonPublicAddressLabel(host);
    if (label) return { ok: false, reason: `The address ${host} is ${label}.` };
    return { ok: true, url };
  }

  let addresses: ResolvedAddress[];
  try {
    addresses = await (opts.lookup ?? defaultLookup)(host);
  } catch {
    return { ok: false, reason: `The host name ${host} could not be resolved.` };
  }
  const reason = checkResolvedAddresses(host, addresses, { allowLoopback });
  if (reason) return { ok: false, reason };
  return { ok: true, url };
}
