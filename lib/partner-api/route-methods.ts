import { AppError } from "@/lib/errors/app-error";
import { baseHeaders, errorResponse, newRequestId } from "./responses";

// Every /partner/v1 route file exports all seven methods Next.js routes to a handler, built
// here from the ones it serves, so Next never answers on its own (its fallback is a bare
// 405 with no envelope, request id or Allow header). Decisions (README, "Methods and bodies"):
//   - an unsupported method: 405 METHOD_NOT_ALLOWED in the envelope, with `Allow`, before
//     the key is checked (the answer does not depend on who asks, and costs no rate limit);
//   - OPTIONS: 204 with `Allow` and no CORS headers: the API is server-to-server and a key
//     must never sit in a browser, so preflights are meant to fail;
//   - HEAD: the GET handler runs in full (key, rate limit, ids, query) and its status and
//     headers are returned without the body.
// Next.js 16 answers a method outside these seven (TRACE, PROPFIND...) with a bare 400
// before any route code runs; that stays Next's.

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

  const notAllowed: RouteHandler = async (request) => {
    const requestId = newRequestId();
    const error = new AppError(
      "METHOD_NOT_ALLOWED",
      `${request.method} is not allowed on this path. Allowed: ${allow}.`,
      { reason: "method_not_allowed", allowed },
      { allow },
    );
    return withoutBodyFor(request, errorResponse(error, requestId));
  };

  const options: RouteHandler = async () =>
    new Response(null, { status: 204, headers: { ...baseHeaders(newRequestId()), allow } });

  const head: RouteHandler | undefined = served.GET
    ? async (request, context) => withoutBodyFor(request, await served.GET!(request, context))
    : undefined;

  generated.add(notAllowed).add(options);
  if (head) generated.add(head);
  return {
    GET: served.GET ?? notAllowed,
    HEAD: head ?? notAllowed,
    POST: served.POST ?? notAllowed,
    PUT: served.PUT ?? notAllowed,
    PATCH: served.PATCH ?? notAllowed,
    DELETE: served.DELETE ?? notAllowed,
    OPTIONS: options,
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
