import { isIP } from "node:net";
import { nonPublicAddressLabel, normalizeHost } from "./url-guard";

// A URL on the person's own computer or home network is refused by the guard; the reason
// says what the address is, and this hint says what to do instead.

export const TUNNEL_HINT =
  "To receive webhooks on your own computer, use a tunnel such as ngrok or cloudflared and enter its https:// address: this server cannot reach your machine.";

const LOCAL_LABELS = new Set(["a loopback address", "a private network address", "a link-local address", "an unspecified address"]);

/** The tunnel hint when `raw` names this machine or a private network, else null. */
export function localUrlHint(raw: string): string | null {
  let host: string;
  try {
    host = normalizeHost(new URL(raw.trim()).hostname);
  } catch {
    return null;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return TUNNEL_HINT;
  if (isIP(host) !== 0 && LOCAL_LABELS.has(nonPublicAddressLabel(host) ?? "")) return TUNNEL_HINT;
  return null;
}
