import { after } from "next/server";
import { printableText } from "@/lib/platform/text/control-characters";
import { config } from "@/lib/platform/config/env";
import { clientAddress } from "@/lib/platform/http/client-address";
import { recordApiRequest, requestLogEnabled } from "@/lib/domain/request-log/record";
import { databaseUnavailable, isDatabaseUnavailable } from "@/lib/platform/db/unavailable";
import { AppError } from "@/lib/platform/errors/app-error";
import { logger } from "@/lib/platform/observability/logger";

// One JSON line per Partner API request, written when the response is ready. The route is
// the pattern (`/events/{eventId}/attendees`), never the raw path: ids stay out of log
// aggregation keys, and nothing a caller typed in the path or query is written.
//
// A request whose key was identified is also recorded for the key's page in the console
// (lib/domain/request-log): the row is only buffered here, and written in a batch after
// the response. A serverless function may be frozen once it has answered, so there
// `after()` keeps it alive until its row is written; a long-lived server (npm start) needs
// no such wait per request: the buffer's timer writes the batch, and a graceful stop
// writes what is left.
// Recorded: time, method, route pattern, status, error code, duration, request id, the
// client's IP (clientAddress(): a trusted proxy's first hop, else the socket's) and user
// agent. Never the key, another header's value, the query or a body.

/** A user agent is free text of any length: the log keeps this much of it. */
const USER_AGENT_MAX = 256;

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
  /** Kept out of the key's request log (a refusal past the per-minute few, refusals.ts); still a log line. */
  keyLogOmitted?: boolean;
  /** Logs the line and hands the response back. */
  finish: (response: Response, error?: unknown) => Promise<Response>;
};

export function startRequestLog(request: Request, context: RouteContext, requestId: string): RequestLog {
  const started = performance.now();
  const at = new Date();
  const log: RequestLog = {
    requestId,
    finish: async (response, error) => {
      const params = await context?.params?.catch(() => undefined);
      const code = error === undefined ? undefined : errorCodeOf(error);
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const route = routePattern(new URL(request.url).pathname, params);
      const line = {
        requestId,
        method: request.method,
        route,
        status: response.status,
        durationMs,
        orgId: log.orgId ?? null,
        keyId: log.keyId ?? null,
        errorCode: code ?? null,
        ...(log.keyLogOmitted ? { keyLogOmitted: true } : {}),
      };
      if (response.status >= 500) logger.error(line, "partner api request");
      else logger.info(line, "partner api request");
      if (log.orgId && log.keyId && !log.keyLogOmitted && requestLogEnabled()) {
        const written = recordApiRequest({
          orgId: log.orgId,
          keyId: log.keyId,
          at,
          method: request.method,
          route,
          status: response.status,
          errorCode: code ?? null,
          durationMs: Math.round(durationMs),
          requestId,
          clientIp: clientAddress(request.headers),
          userAgent: printableText(request.headers.get("user-agent") ?? "").trim().slice(0, USER_AGENT_MAX) || null,
        });
        if (config().serverless) afterResponse(written);
      }
      return response;
    },
  };
  return log;
}

/** The code of the error envelope the response carries (responses.ts decides it the same way). */
function errorCodeOf(error: unknown): string {
  if (error instanceof AppError) return error.code;
  return isDatabaseUnavailable(error) ? databaseUnavailable().code : "INTERNAL";
}

/** Inside a Next request, the response waits for nothing and the function stays alive for the write. */
function afterResponse(written: Promise<void>): void {
  try {
    after(() => written);
  } catch {
    // Outside a request scope (tests' in-process server): the buffer's timer writes it.
  }
}
