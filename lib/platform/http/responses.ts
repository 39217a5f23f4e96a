import { randomBytes } from "node:crypto";
import { databaseUnavailable, isDatabaseUnavailable } from "@/lib/platform/db/unavailable";
import { AppError } from "@/lib/platform/errors/app-error";
import { logger } from "@/lib/platform/observability/logger";

// Every Partner API response (success, failure, public routes) goes through here, so
// each one carries x-request-id and Cache-Control, and failures have the spec's envelope.

/**
 * `req_` and 32 hex digits: the time in milliseconds (12), then 80 random bits. Time first,
 * so ids made later sort later and the request log's index on them grows at its end instead
 * of taking each new id at a random page (measured: a quarter of the database's cost of
 * writing a logged request, on a log of 400,000 rows).
 */
export function newRequestId(now: number = Date.now()): string {
  return `req_${now.toString(16).padStart(12, "0")}${randomBytes(10).toString("hex")}`;
}

export function baseHeaders(requestId: string): Record<string, string> {
  return { "x-request-id": requestId, "cache-control": "private, no-store" };
}

/**
 * A body whose items PostgreSQL already serialized (an attendee's stored JSON, to_json of
 * an event row), spliced into the list shape here: a 200-row page is then never parsed
 * into objects and encoded again.
 */
export class SerializedJson {
  constructor(readonly text: string) {}

  /** `{"data":[...items],"meta":...}` from the items' JSON texts, already joined by commas. */
  static list(items: string, meta: unknown): SerializedJson {
    return new SerializedJson(`{"data":[${items}],"meta":${JSON.stringify(meta)}}`);
  }

  /** `{"data":item}` from one JSON object's text. */
  static item(item: string): SerializedJson {
    return new SerializedJson(`{"data":${item}}`);
  }
}

export function jsonResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(body instanceof SerializedJson ? body.text : JSON.stringify(body), {
    status,
    headers: { ...headers, "content-type": "application/json; charset=utf-8" },
  });
}

/**
 * The failure envelope. A database that cannot be reached, wherever in the request it
 * surfaced, is a 503 with Retry-After (the client's retry will work once it is back);
 * anything else that is not an AppError is logged and masked as a 500.
 */
export function errorResponse(error: unknown, requestId: string, extraHeaders: Record<string, string> = {}): Response {
  let appError = error instanceof AppError ? error : null;
  if (!appError && isDatabaseUnavailable(error)) {
    logger.warn({ requestId, err: error instanceof Error ? error.message : String(error) }, "database unavailable");
    appError = databaseUnavailable();
  }
  if (!appError) {
    logger.error({ requestId, err: error }, "unhandled error in partner API");
  }
  const code = appError?.code ?? "INTERNAL";
  const message = appError?.message ?? "Something went wrong on our side. Retry later; quote the request id if it persists.";
  const body = {
    error: {
      code,
      message,
      ...(appError?.details ? { details: appError.details } : {}),
      requestId,
    },
  };
  return jsonResponse(body, appError?.status ?? 500, { ...baseHeaders(requestId), ...extraHeaders, ...appError?.headers });
}
