import type { z } from "zod";

// One error type for every surface (Partner API, console, operator CLI, imports).
// Domain code throws it; lib/platform/http/responses.ts (errorResponse) turns it into the spec's envelope.

export const ERROR_STATUS = {
  INVALID_INPUT: 400,
  INVALID_CURSOR: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  INTEGRATIONS_DISABLED: 503,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type ErrorDetails = { reason?: string; [key: string]: unknown };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails, headers: Record<string, string> = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function notFound(what = "resource"): AppError {
  return new AppError("NOT_FOUND", `No such ${what}.`);
}

type ZodIssue = z.core.$ZodIssue;

/**
 * The spec's INVALID_INPUT shape: `fields` keyed by dotted path (first fault per path),
 * `issues` the validator's raw issues, which also hold whole-body faults (empty path).
 */
export function validationError(issues: readonly ZodIssue[]): AppError {
  const fields: Record<string, { code: string; message: string }> = {};
  const rawIssues = issues.map((issue) => ({ ...issue, path: issue.path.map(pathSegment) }));
  for (const issue of rawIssues) {
    if (issue.path.length === 0) continue;
    const key = issue.path.join(".");
    fields[key] ??= { code: issue.code, message: issue.message };
  }
  return new AppError("INVALID_INPUT", "Validation failed", { reason: "invalid_body", fields, issues: rawIssues });
}

function pathSegment(segment: PropertyKey): string | number {
  return typeof segment === "symbol" ? String(segment) : segment;
}
