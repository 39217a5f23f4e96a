import { isLocalUrl } from "@/lib/platform/outbound/local-url-hint";

// Organisers often try an API running on their own machine first. Such an address means
// our server, not theirs, so the refusal (or the failed connection) says what to do.

export const LOCAL_ADDRESS_HINT =
  "Addresses on your own computer or private network (localhost, 127.0.0.1, 192.168.x.x…) cannot be reached from our servers: expose the API through a tunnel such as ngrok or cloudflared and use the public https:// address it gives you.";

/** The message, with the tunnel hint when the URL is a local address. */
export function withLocalAddressHint(message: string, url: string): string {
  return isLocalUrl(url) ? `${message} ${LOCAL_ADDRESS_HINT}` : message;
}
