import ipaddr from "ipaddr.js";
import { z } from "zod";

// A key's IP allowlist: the ranges its requests may come from, fixed at creation. An empty
// list admits any address. Pure (zod and ipaddr.js only): the console form validates with
// it in the browser, createApiKey and the CLI on the server.

export const MAX_ALLOWED_IPS = 20;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Only the plain notations: dotted quads of decimals for IPv4 (ipaddr.js would also take
 * `10.1`, `0x0a.0.0.1` or octal parts, which people read differently) and IPv6 without a
 * zone (`%eth0` names an interface, not an address the internet delivers from).
 */
function parseAddress(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes(":") || text.includes("%") || !ipaddr.IPv6.isValid(text)) return null;
  return ipaddr.IPv6.parse(text);
}

/** An IPv4 address seen through IPv6 (`::ffff:1.2.3.4`) is that IPv4 address. */
export function unmapAddress(address: Address): Address {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/**
 * One range in its one spelling: `10.1.2.3/8` is `10.0.0.0/8` (the bits past the prefix
 * never decide a match), a bare address is /32 or /128, an IPv4-mapped IPv6 range is its
 * IPv4 range, and IPv6 is compressed lower case. Null for anything else.
 */
export function normalizeRange(text: string): string | null {
  const [addressText, prefixText, extra] = text.trim().split("/");
  if (extra !== undefined) return null;
  const parsed = parseAddress(addressText);
  if (!parsed) return null;
  let prefix = parsed.kind() === "ipv4" ? 32 : 128;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > prefix) return null;
    prefix = Number(prefixText);
  }
  let address: Address = parsed;
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() && prefix >= 96) {
    address = (parsed as ipaddr.IPv6).toIPv4Address();
    prefix -= 96;
  }
  const network = address.kind() === "ipv4"
    ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
    : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  return `${network.toString()}/${prefix}`;
}

/** The ranges as typed: one a line or comma separated (a form's textarea, a CLI flag). */
export function splitRanges(value: string | readonly string[]): string[] {
  const parts = typeof value === "string" ? value.split(/[\s,]+/) : value.flatMap((item) => item.split(/[\s,]+/));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/**
 * The allowlist input, defined once: a list or a separated string of IPv4/IPv6 addresses
 * and CIDR ranges, normalised and deduplicated, at most 20. Every error is one message on
 * the field itself, naming what was refused, so a form shows it beside its textarea.
 */
export const allowedIpsSchema = z
  .union([z.string(), z.array(z.string())], { error: "Give the allowed IP ranges as a list of CIDR ranges." })
  .nullish()
  .transform((value, ctx) => {
    const typed = value == null ? [] : splitRanges(value);
    const invalid = typed.filter((range) => normalizeRange(range) === null);
    if (invalid.length > 0) {
      const shown = invalid.slice(0, 3).map((range) => `“${range.length > 60 ? `${range.slice(0, 60)}…` : range}”`).join(", ");
      const more = invalid.length > 3 ? ` and ${invalid.length - 3} more` : "";
      ctx.addIssue({
        code: "custom",
        message: `Not an IPv4 or IPv6 address or CIDR range: ${shown}${more}. Write one range per line, such as 203.0.113.0/24 or 2001:db8::/32.`,
      });
      return z.NEVER;
    }
    const ranges = [...new Set(typed.map((range) => normalizeRange(range)!))];
    if (ranges.length > MAX_ALLOWED_IPS) {
      ctx.addIssue({ code: "custom", message: `A key allows at most ${MAX_ALLOWED_IPS} IP ranges (${ranges.length} given).` });
      return z.NEVER;
    }
    return ranges;
  });

/**
 * A client address in the spelling the allowlist is matched in (IPv4-mapped IPv6 as its
 * IPv4 address, IPv6 compressed), or null when it is not a plain IP address.
 */
export function canonicalAddress(text: string | null): string | null {
  const parsed = text ? parseAddress(text.trim()) : null;
  return parsed ? unmapAddress(parsed).toString() : null;
}
