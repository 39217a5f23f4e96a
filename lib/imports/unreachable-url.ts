import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { normalizeHost } from "@/lib/outbound/url-guard";

// Organisers often try an API running on their own machine first. Such an address means
// our server, not theirs, so the refusal (or the failed connection) says what to do.

export const LOCAL_ADDRESS_HINT =
  "Addresses on your own computer or private network (localhost, 127.0.0.1, 192.168.x.x…) cannot be reached from our servers: expose the API through a tunnel such as ngrok or cloudflared and use the public https:// address it gives you.";

/** Whether the URL names this machine or a private network by name or literal address (not other reserved ranges such as link-local). */
export function isLocalAddress(url: string): boolean {
  let host: string;
  try {
    host = normalizeHost(new URL(url).hostname);
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 0) return false;
  const address = ipaddr.process(host);
  return ["loopback", "private", "uniqueLocal"].includes(address.range());
}

/** The message, with the tunnel hint when the URL is a local address. */
export function withLocalAddressHint(message: string, url: string): string {
  return isLocalAddress(url) ? `${message} ${LOCAL_ADDRESS_HINT}` : message;
}
