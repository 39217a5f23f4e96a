import { isIP } from "node:net";
import { nonPublicAddressLabel, normalizeHost } from "./url-guard";

// A URL on the person's own computer or home network is refused by the guard (or, for an
// import, cannot be reached): the reason says what the address is, and a hint says what
// to do instead. Webhooks and data sources word the hint for their direction.

export const TUNNEL_HINT =
  "To receive webhooks on your own computer, use a tunnel such as ngrok or cloudflared and enter its https:// address: this server cannot reach your machine.";

// Link-local (169.254.x.x, the cloud metadata service among them) is not "your machine":
// refused by the guard, but without a hint.
const LOCAL_LABELS = new Set(["a loopback address", "a private network address", "an unspecified address"]);

/** Whether the URL names this machine or a private network, by name or literal address. */
export function isLocalUrl(raw: string): boolean {
  let host: string;
  try {
    host = normalizeHost(new URL(raw.trim()).hostname);
  } catch {
    return false;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  return isIP(host) !== 0 && LOCAL_LABELS.has(nonPublicAddressLabel(host) ?? "");
}

/** The webhook tunnel hint when `raw` names this machine or a private network, else null. */
export function localUrlHint(raw: string): string | null {
  return isLocalUrl(raw) ? TUNNEL_HINT : null;
}
