import { AppError } from "@/lib/platform/errors/app-error";
import { logger } from "@/lib/platform/observability/logger";

// One JSON line per Partner API request, written when the response is ready. The route is
// the pattern (`/events/{eventId}/attendees`), never the raw path: ids stay out of log
// aggregation keys, and nothing a caller typed in the path or query is written.

type Params = Record<string, string | string[]> | undefined;
type RouteContext = { params?: Promise<Record<string, string | string[]>> } | undefined;

const PREFIX = "/partner/v1";

export function routePattern(pathname: string, params: Params): string {
  let segments = (pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : pathname).split("/").filter(Boolean);
  for (const [name, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) {
      // A catch-all matched: everything from its first segment on is the caller's input.
      const start = segments.length - value.length;
      if (start >= 0) segments = [...segments.slice(0, start), `{${name}*}`];
    } else {
      segments = segments.map((segment) => (safeDecode(segment) === value ? `{${name}}` : segment));
    }
  }
  return `/${segments.join("/")}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export type RequestLog = {
  requestId: string;
  orgId?: string;
  keyId?: string;
  /** Logs the line and hands the response back. */
  finish: (response: Response, error?: unknown) => Promise<Response>;
};

export function startRequestLog(request: Request, context: RouteContext, requestId: string): RequestLog {
  const started = performance.now();
  const log: RequestLog = {
    requestId,
    finish: async (response, error) => {
      const params = await context?.params?.catch(() => undefined);
      const code = error === undefined ? undefined : error instanceof AppError ? error.code : "INTERNAL";
      const line = {
        requestId,
        method: request.method,
        route: routePattern(new URL(request.url).pathname, params),
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        orgId: log.orgId ?? null,
        keyId: log.keyId ?? null,
        errorCode: code ?? null,
      };
      if (response.status >= 500) logger.error(line, "partner api request");
      else logger.info(line, "partner api request");
      return response;
    },
  };
  return log;
}
