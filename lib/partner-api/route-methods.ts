import { AppError } from "@/lib/platform/errors/app-error";
import { baseHeaders, errorResponse, newRequestId } from "@/lib/platform/http/responses";

// Every /partner/v1 route file exports all seven methods Next.js routes to a handler, built
// here from the ones it serves, so Next never answers on its own (its fallback is a bare
// 405 with no envelope, request id or Allow header). Decisions (docs/robustness.md, "Methods and bodies"):
//   - an unsupported method: 405 METHOD_NOT_ALLOWED in the envelope, with `Allow`, before
//     the key is checked (the answer does not depend on who asks, and costs no rate limit);
//   - OPTIONS: 204 with `Allow` and no CORS headers: the API is server-to-server and a key
//     must never sit in a browser, so preflights are meant to fail;
//   - HEAD: the GET handler runs in full (key, rate limit, ids, query) and its status and
//     headers are returned without the body.
//   - a path with a trailing slash (/partner/v1/me/) does not exist: 404 NOT_FOUND, never a
//     redirect (next.config.ts turns Next's off; scripts/next-server.mjs does the same for
//     `//` and `\`).
//   - a method outside these seven (TRACE, PROPFIND...), which Next answers with a bare 500
//     before any route runs: scripts/next-server.mjs hands it over as OPTIONS with the real
//     method in `x-partner-api-method`, and it gets the same 405 as any refused method.

export type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

/** The methods a route file may serve itself; HEAD and OPTIONS always derive from them. */
export type ServedMethod = Exclude<RouteMethod, "HEAD" | "OPTIONS">;

export function routeMethods(served: Partial<Record<ServedMethod, RouteHandler>>): Record<RouteMethod, RouteHandler> {
  const allowed = ROUTE_METHODS.filter(
    (method) => method === "OPTIONS" || (method === "HEAD" ? Boolean(served.GET) : Boolean(served[method])),
  );
  const allow = allowed.join(", ");

  const refuse = (request: Request, method: string) => {
    const error = new AppError(
      "METHOD_NOT_ALLOWED",
      `${method} is not allowed on this path. Allowed: ${allow}.`,
      { reason: "method_not_allowed", allowed },
      { allow },
    );
    return withoutBodyFor(request, errorResponse(error, newRequestId()));
  };
  const notAllowed: RouteHandler = async (request) => refuse(request, request.method);

  const options: RouteHandler = async (request) => {
    const unrouted = unroutedMethod(request);
    if (unrouted) return refuse(request, unrouted);
    return new Response(null, { status: 204, headers: { ...baseHeaders(newRequestId()), allow } });
  };

  const head: RouteHandler | undefined = served.GET
    ? async (request, context) => withoutBodyFor(request, await served.GET!(request, context))
    : undefined;

  generated.add(notAllowed).add(options);
  if (head) generated.add(head);
  return {
    GET: exactPath(served.GET ?? notAllowed),
    HEAD: exactPath(head ?? notAllowed),
    POST: exactPath(served.POST ?? notAllowed),
    PUT: exactPath(served.PUT ?? notAllowed),
    PATCH: exactPath(served.PATCH ?? notAllowed),
    DELETE: exactPath(served.DELETE ?? notAllowed),
    OPTIONS: exactPath(options),
  };
}

/**
 * Paths no route serves: every method, HEAD and OPTIONS included, gets `handler`'s answer
 * (a 404), since "not allowed here" would wrongly say that the path exists.
 */
export function everyMethod(handler: RouteHandler): Record<RouteMethod, RouteHandler> {
  const answer: RouteHandler = async (request, context) => withoutBodyFor(request, await handler(request, context));
  generated.add(answer);
  return Object.fromEntries(ROUTE_METHODS.map((method) => [method, answer])) as Record<RouteMethod, RouteHandler>;
}

// The handlers made here rather than written by a route: what tells a served method from a refused one.
const generated = new WeakSet<RouteHandler>();

/** `handler` on its exact path only: the same path with a trailing slash is a 404. */
function exactPath(handler: RouteHandler): RouteHandler {
  const guarded: RouteHandler = (request, context) => (hasTrailingSlash(request.url) ? notFound(request) : handler(request, context));
  if (generated.has(handler)) generated.add(guarded);
  return guarded;
}

/** The method scripts/next-server.mjs handed over as OPTIONS (one Next does not route), if any. */
function unroutedMethod(request: Request): string | null {
  const method = request.headers.get(UNROUTED_METHOD_HEADER);
  return method && /^[A-Z][A-Z-]{0,31}$/.test(method) ? method : null;
}

export const UNROUTED_METHOD_HEADER = "x-partner-api-method";

function hasTrailingSlash(url: string): boolean {
  const queryAt = url.indexOf("?");
  return url.charCodeAt((queryAt === -1 ? url.length : queryAt) - 1) === 47; // "/"
}

/** The answer for a path no route serves. */
export function noSuchEndpoint(): AppError {
  return new AppError("NOT_FOUND", "No such endpoint. See /partner/v1/docs for the reference.");
}

async function notFound(request: Request): Promise<Response> {
  return withoutBodyFor(request, errorResponse(noSuchEndpoint(), newRequestId()));
}

/** The methods a route module serves itself (GET, POST...), as the OpenAPI document must describe them. */
export function servedMethods(routeModule: Record<string, unknown>): ServedMethod[] {
  return ROUTE_METHODS.filter(
    (method): method is ServedMethod =>
      typeof routeModule[method] === "function" && !generated.has(routeModule[method] as RouteHandler),
  );
}

/** HEAD answers carry GET's status and headers but never a body (RFC 9110, section 9.3.2). */
function withoutBodyFor(request: Request, response: Response): Response {
  if (request.method !== "HEAD") return response;
  void response.body?.cancel();
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
