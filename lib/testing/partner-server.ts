import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A partner's JSON API for import tests: a real HTTP server on 127.0.0.1 (reachable only
// through the OUTBOUND_ALLOW_LOOPBACK=1 exception that vitest.config.ts sets). Tests set
// a handler per path and read back what was requested.

export type PartnerHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export type PartnerServer = {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** The same server under another origin (http://localhost:<port>): for cross-origin cases. */
  otherOriginUrl: string;
  route: (path: string, handler: PartnerHandler) => void;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  close: () => Promise<void>;
};

export function sendJson(
  res: ServerResponse,
  body: unknown,
  options: { status?: number; contentType?: string; headers?: Record<string, string> } = {},
): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(options.status ?? 200, { "content-type": options.contentType ?? "application/json", ...options.headers });
  res.end(text);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function startPartnerServer(): Promise<PartnerServer> {
  const routes = new Map<string, PartnerHandler>();
  const requests: PartnerServer["requests"] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({ path, headers: req.headers });
    const handler = routes.get(path) ?? routes.get(path.split("?")[0]);
    if (!handler) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    Promise.resolve(handler(req, res)).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    otherOriginUrl: `http://localhost:${port}`,
    route: (path, handler) => routes.set(path, handler),
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
