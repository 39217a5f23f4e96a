// The scheme and host a reader used to reach the service, for the docs page's base URL
// and curl examples. request.url is not it: `next start` rebuilds it from its own bind
// address (it says localhost when bound to 127.0.0.1), and a proxy in front changes it
// again. So the Host header (or the proxy's X-Forwarded-Host/-Proto) is read, and only
// when it looks like a host: the page shows it back to the same reader, escaped, and
// anything else falls back to request.url.

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}

export function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = firstValue(request.headers.get("x-forwarded-host")) ?? firstValue(request.headers.get("host"));
  const proto = firstValue(request.headers.get("x-forwarded-proto")) ?? url.protocol.slice(0, -1);
  if (!host || !HOST.test(host) || (proto !== "http" && proto !== "https")) return url.origin;
  return `${proto}://${host}`;
}
