import { ERROR_CATALOGUE, type ErrorCatalogueEntry } from "./error-catalogue";
import type { JsonSchema, ResponseObject } from "./types";

// Response headers and components.responses: one error response per catalogue group, with
// an example per code and details.reason, so the document lists exactly what the
// catalogue (and the HTML errors table built from it) lists.

export const HEADERS: Record<string, { description: string; schema: JsonSchema }> = {
  XRequestId: { description: "Identifies this request; equals `error.requestId` of a failure. Quote it when asking for help.", schema: { type: "string" } },
  CacheControl: { description: "Always `private, no-store`.", schema: { type: "string", const: "private, no-store" } },
  XRateLimitLimit: { description: "Requests allowed per key per minute (600). Present once the request reached the rate-limit check.", schema: { type: "integer" } },
  XRateLimitRemaining: { description: "Requests left in the key's current window.", schema: { type: "integer", minimum: 0 } },
  XRateLimitReset: { description: "Seconds until the key's window rolls over.", schema: { type: "integer", minimum: 1 } },
  RetryAfter: { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } },
  Allow: { description: "The methods the path takes, e.g. `GET, POST`.", schema: { type: "string" } },
  WWWAuthenticate: { description: 'Bearer challenge naming the realm, e.g. `Bearer realm="partner-api", error="invalid_token"`.', schema: { type: "string" } },
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
export const BASE_HEADERS = { "x-request-id": headerRef("XRequestId"), "Cache-Control": headerRef("CacheControl") };
export const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": headerRef("XRateLimitLimit"),
  "X-RateLimit-Remaining": headerRef("XRateLimitRemaining"),
  "X-RateLimit-Reset": headerRef("XRateLimitReset"),
};

/** Failures answered after the rate-limit check also carry its headers. */
const AFTER_RATE_LIMIT = new Set(["InvalidInput", "NotFound", "Conflict", "PayloadTooLarge", "TooManyRequests", "Forbidden"]);

export function errorResponses(): Record<string, ResponseObject> {
  const byResponse = new Map<string, ErrorCatalogueEntry[]>();
  for (const entry of ERROR_CATALOGUE) byResponse.set(entry.response, [...(byResponse.get(entry.response) ?? []), entry]);
  const responses: Record<string, ResponseObject> = {};
  for (const [name, entries] of byResponse) {
    const lines = entries.flatMap((entry) =>
      entry.reasons.map(
        (reason) =>
          `- \`${entry.code}\`${reason.reason ? ` / \`${reason.reason}\`` : ""}: ${reason.condition}.${reason.details ? ` ${reason.details}` : ""}`,
      ),
    );
    const examples: Record<string, { summary: string; value: unknown }> = {};
    for (const entry of entries) {
      for (const reason of entry.reasons) {
        examples[reason.reason ?? entry.code.toLowerCase()] = {
          summary: reason.condition,
          value: { error: { code: entry.code, message: reason.message, ...exampleDetails(reason.reason), requestId: "req_3f2a9c0e8b7d4e6f9a1b2c3d4e5f6a7b" } },
        };
      }
    }
    responses[name] = {
      description: `${entries.map((entry) => entry.summary).join(" ")}\n\n${lines.join("\n")}`,
      headers: {
        ...BASE_HEADERS,
        ...(AFTER_RATE_LIMIT.has(name) ? RATE_LIMIT_HEADERS : {}),
        ...(name === "TooManyRequests" || name === "ServiceUnavailable" ? { "Retry-After": headerRef("RetryAfter") } : {}),
        ...(name === "MethodNotAllowed" ? { Allow: headerRef("Allow") } : {}),
        ...(name === "Unauthorized" ? { "WWW-Authenticate": headerRef("WWWAuthenticate") } : {}),
      },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, examples } },
    };
  }
  return responses;
}

function exampleDetails(reason: string | null): { details?: Record<string, unknown> } {
  switch (reason) {
    case null:
      return {};
    case "invalid_body":
      return {
        details: {
          reason,
          fields: { limit: { code: "too_big", message: "limit must be an integer from 1 to 200." } },
          issues: [{ code: "too_big", path: ["limit"], message: "limit must be an integer from 1 to 200.", maximum: 200, origin: "number", inclusive: true }],
        },
      };
    case "insufficient_scope":
      return { details: { reason, requiredScope: "events:read" } };
    case "attendee_exists":
      return { details: { reason, attendeeId: "0f8e5a4c-2b1d-4c3e-9f7a-6b5c4d3e2f1a" } };
    case "body_too_large":
      return { details: { reason, maxBytes: 65536 } };
    case "rate_limited":
      return { details: { reason, retryAfterSeconds: 42 } };
    case "database_unavailable":
      return { details: { reason, retryAfterSeconds: 5 } };
    case "method_not_allowed":
      return { details: { reason, allowed: ["GET"] } };
    default:
      return { details: { reason } };
  }
}
