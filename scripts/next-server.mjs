// The production HTTP server of `npm start` (lib/runtime/launch.ts), the e2e run and the
// benchmarks: Next.js's own request handler behind one check of ours, in plain JavaScript
// so that nothing compiles or loads in front of Next.
//
// Why it exists: `next start` answers a path holding `//` or `\` with a bare 308 redirect,
// and one with a broken percent-escape (`%`, `%zz`) with a bare 500, before any route or
// proxy of the app runs. Under /partner/ those would be the only answers of the Partner
// API without the error envelope, `x-request-id` and `Cache-Control: private, no-store`
// (and a client would follow the redirect to another URL). Such a path is handed to the
// API's catch-all route instead (app/partner/v1/[[...path]]), which answers 404 NOT_FOUND
// like any unknown path.
//
// Next answers a method outside the seven it routes (TRACE, PROPFIND, ...) with a bare 500.
// Under /partner/ such a request reaches the route as OPTIONS with the real method in
// METHOD_HEADER, and the route answers 405 METHOD_NOT_ALLOWED with its `Allow`
// (lib/partner-api/route-methods.ts); elsewhere it is answered 405 here. Everything else
// is Next's, unchanged.
//
// Request targets Next mishandles are settled here first (requestTarget): the absolute
// form (`GET http://host/path`, which proxies send) is reduced to its path and query, so
// Next does not redirect to the host it names; a target that is not a path (`*`, the
// asterisk form, or garbage) is a 400, not Next's 500 with a stack trace; and outside
// /partner/ a path holding `//` or `\` is redirected to the path with single slashes,
// never to a Location that starts with `//` (another host).
//
// Route handlers never see the socket, so the connecting address is handed to them in
// SOCKET_ADDRESS_HEADER (any the client sent is deleted first), and SOCKET_ADDRESS_ENV
// tells lib/platform/http/client-address.ts that this server wrote it.
//
// Usage: node scripts/next-server.mjs [-p PORT] [-H HOST]
import http from "node:http";
import next from "next";

const NOT_FOUND_PATH = "/partner/v1/-";
const METHOD_HEADER = "x-partner-api-method";
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// The same names as lib/platform/http/client-address.ts (this file loads nothing compiled).
const SOCKET_ADDRESS_HEADER = "x-svc-socket-address";
process.env.SVC_SOCKET_ADDRESS_HEADER = "1";
const PLAIN_HEADERS = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" };

function isPartnerApiPath(path) {
  return path.replace(/^[/\\]+/, "/").startsWith("/partner/");
}

/** The URL Next should see: a Partner API path Next would not route becomes an unknown one. */
export function partnerApiUrl(url) {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!isPartnerApiPath(path)) return url;
  if (!/\/\/|\\/.test(path) && decodes(path)) return url;
  return queryAt === -1 ? NOT_FOUND_PATH : NOT_FOUND_PATH + url.slice(queryAt);
}

/**
 * What to do with a request target: `{ url }` to serve (origin form), `{ redirect }` for a
 * same-origin 308, `{ status }` to refuse.
 */
export function requestTarget(target) {
  let url = target;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { status: 400 };
      // The raw path and query, byte for byte (URL would normalise `\` and dot segments).
      const rest = url.slice(url.indexOf("//") + 2);
      const pathAt = rest.search(/[/?#]/);
      url = pathAt === -1 ? "/" : rest[pathAt] === "/" ? rest.slice(pathAt) : `/${rest.slice(pathAt)}`;
    } catch {
      return { status: 400 };
    }
  }
  if (!url.startsWith("/")) return { status: 400 };
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!isPartnerApiPath(path) && /\/\/|\\/.test(path)) {
    return { redirect: path.replace(/[/\\]+/g, "/") + (queryAt === -1 ? "" : url.slice(queryAt)) };
  }
  return { url: partnerApiUrl(url) };
}

function decodes(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function flag(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

const port = Number(flag("-p", process.env.PORT || "3000"));
const hostname = flag("-H", undefined);

const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

let closing = false;

const server = http.createServer((request, response) => {
  // Stopping: answer, then close the connection, so a keep-alive client reconnects elsewhere.
  if (closing) response.setHeader("connection", "close");
  const target = requestTarget(request.url ?? "/");
  if (target.status) {
    response.writeHead(target.status, { ...PLAIN_HEADERS, connection: "close" });
    response.end("Bad Request: the request target must be a path.\n");
    return;
  }
  if (target.redirect) {
    response.writeHead(308, { ...PLAIN_HEADERS, location: target.redirect });
    response.end();
    return;
  }
  request.url = target.url;
  delete request.headers[METHOD_HEADER];
  request.headers[SOCKET_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  if (!ROUTED_METHODS.has(request.method)) {
    if (!isPartnerApiPath(request.url)) {
      response.writeHead(405, { ...PLAIN_HEADERS, allow: "GET, HEAD, POST, OPTIONS" });
      response.end("Method Not Allowed\n");
      return;
    }
    request.headers[METHOD_HEADER] = request.method;
    request.method = "OPTIONS";
  }
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});

server.on("error", (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});

// Idle keep-alive connections stay open longer than the clients and proxies in front of us
// keep theirs (Node's default is 5 s): a server that closes first races a client sending
// on the same socket, and that request fails with ECONNRESET. The graceful stop closes
// idle connections itself.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(port, hostname, () => {
  process.stdout.write(`Ready on http://${hostname ?? "localhost"}:${port}\n`);
});

// With NEXT_MANUAL_SIG_HANDLE (npm start) the app's instrumentation drains and exits
// (lib/runtime/boot-server.ts): it first calls this, which takes no new connection, closes
// idle ones and resolves once the requests in flight are answered, so the request-log rows
// they buffer are written before the process ends. Otherwise stop at once, as
// `next start` does.
globalThis[Symbol.for("svc.http.close")] = () =>
  new Promise((resolve) => {
    closing = true;
    server.close(() => resolve());
    server.closeIdleConnections();
  });
if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(0));
}
