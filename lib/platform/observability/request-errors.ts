import { randomUUID } from "node:crypto";
import { format } from "node:util";
import type { Logger } from "pino";
import { logger } from "./logger";

// An error no handler caught (a page, a server action, a route outside the Partner API,
// which logs its own) reaches Next's onRequestError hook (instrumentation.ts), which logs
// it here as one JSON line with a request id. Next then prints the same error itself,
// with its stack over many lines, through console.error: in production console.error
// writes one JSON line instead, and nothing for an error already logged here.

const logged = new WeakSet<object>();

type ErrorRequest = { path: string; method: string; headers: Record<string, string | string[] | undefined> };
type ErrorContext = { routePath: string; routeType: string };

export function logRequestError(error: unknown, request: ErrorRequest, context: ErrorContext, log: Logger = logger): void {
  if (error !== null && typeof error === "object") logged.add(error);
  const header = request.headers["x-request-id"];
  const requestId = typeof header === "string" && /^req_[0-9a-f]{32}$/.test(header) ? header : `req_${randomUUID().replaceAll("-", "")}`;
  // The digest is what the error page shows the user, so a report can be matched to this line.
  const digest = error !== null && typeof error === "object" && "digest" in error ? String(error.digest) : undefined;
  log.error({ requestId, method: request.method, route: context.routePath, routeType: context.routeType, digest, err: error }, "unhandled error");
}

/** console.error and console.warn as JSON lines on the logger (production servers). */
export function consoleAsLogLines(log: Logger = logger, target: Pick<Console, "error" | "warn"> = console): void {
  const write = (level: "error" | "warn") => (...args: unknown[]) => {
    if (args.some((arg) => arg !== null && typeof arg === "object" && logged.has(arg))) return;
    const err = args.find((arg) => arg instanceof Error);
    const text = format(...args.filter((arg) => arg !== err)).trim();
    log[level]({ ...(err ? { err } : {}), ...(text ? { detail: text } : {}) }, `console.${level}`);
  };
  target.error = write("error");
  target.warn = write("warn");
}
