import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { matchRoute, routeTable } from "./route-table";

// A real HTTP server (node:http on 127.0.0.1) that serves the app's route handlers
// in-process, so contract tests speak HTTP to the same handlers `next start` serves,
// without a production build per test run. e2e/ covers the built app.

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type RouteServer = { baseUrl: string; close: () => Promise<void> };

/** Serves the route files under app/<urlPrefix> (the Partner API's by default). */
export async function startRouteServer(urlPrefix = "/partner/v1"): Promise<RouteServer> {
  const routes = routeTable(path.join(process.cwd(), "app", ...urlPrefix.split("/").filter(Boolean)), urlPrefix);
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const match = matchRoute(routes, url.pathname);
      const routeModule = match ? ((await import(/* @vite-ignore */ match.route.file)) as Record<string, Handler>) : null;
      const handler = routeModule?.[req.method ?? "GET"];
      if (!match || !handler) {
        res.writeHead(match ? 405 : 404).end();
        return;
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(url, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([name, value]) =>
          value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => [name, v] as [string, string]),
        ),
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        ...(hasBody ? { duplex: "half" } : {}),
      } as RequestInit);
      const response = await handler(request, { params: Promise.resolve(match.params) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(599).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
