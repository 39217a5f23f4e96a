import { ERROR_STATUS, type ErrorCode } from "@/lib/platform/errors/app-error";

// Every failure the keyed routes can answer with (spec, "Errors" and "Authentication"),
// as data: the OpenAPI document turns it into components.responses and the errors table
// of its description, the HTML reference into its errors table. Clients branch on `code`
// and `details.reason`, so every reason value the service emits is listed here.

export type ErrorReason = {
  /** details.reason, or null when the error carries no details. */
  reason: string | null;
  condition: string;
  /** Other details fields that come with this reason. */
  details?: string;
  message: string;
};

export type ErrorCatalogueEntry = {
  status: number;
  code: ErrorCode;
  /** The key of this error's response in components.responses. */
  response: string;
  summary: string;
  retry: string;
  reasons: ErrorReason[];
};

const entry = (code: ErrorCode, rest: Omit<ErrorCatalogueEntry, "status" | "code">): ErrorCatalogueEntry => ({
  status: ERROR_STATUS[code],
  code,
  ...rest,
});

export const ERROR_CATALOGUE: readonly ErrorCatalogueEntry[] = [
  entry("INVALID_INPUT", {
    response: "InvalidInput",
    summary: "A query parameter or the body failed validation.",
    retry: "No: fix the request.",
    reasons: [
      {
        reason: "invalid_body",
        condition: "A parameter or body value is invalid, or the body is not a JSON object sent as `application/json`",
        details:
          "`fields`: an object keyed by the dotted path of each failing value, each `{ code, message }` (first fault per path); `issues`: the validator's raw issues, each with `code`, `path` (array) and `message`, including whole-body faults (empty path) that have no entry in `fields`. The top-level message is always `Validation failed`.",
        message: "Validation failed",
      },
      {
        reason: "invalid_header",
        condition: "The `Idempotency-Key` header is empty, longer than 255 characters, or holds a character outside printable ASCII",
        details: "`header`: the header's name.",
        message: "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
      },
    ],
  }),
  entry("INVALID_CURSOR", {
    response: "InvalidInput",
    summary: "The cursor was not issued by the service for this list.",
    retry: "No: start again without a cursor.",
    reasons: [
      {
        reason: "invalid_cursor",
        condition: "The cursor was edited, made up, or issued for another list or filter",
        message: "The cursor was not issued for this list. Start again without a cursor.",
      },
    ],
  }),
  entry("UNAUTHORIZED", {
    response: "Unauthorized",
    summary: "No usable API key. Carries a `WWW-Authenticate: Bearer` challenge.",
    retry: "No: send a valid key.",
    reasons: [
      { reason: "missing_key", condition: "Neither `Authorization` nor `X-API-Key` was sent", message: "Send your API key as `Authorization: Bearer <API key>`." },
      { reason: "invalid_key", condition: "No key matches the string (or the Authorization header is not `Bearer <key>`)", message: "The API key is not valid." },
      { reason: "revoked_key", condition: "The key was revoked", message: "This API key was revoked." },
      { reason: "expired_key", condition: "The key's expiry has passed", message: "This API key has expired." },
    ],
  }),
  entry("PAYMENT_REQUIRED", {
    response: "PaymentRequired",
    summary: "The organization is not entitled to integrations.",
    retry: "No: a person must act in the console.",
    reasons: [
      { reason: "payment_required", condition: "No payment card on file and no active annual plan", message: "Integrations need a paid plan: add a payment card or an annual plan." },
      { reason: "billing_suspended", condition: "The billing account is suspended", message: "The billing account of this organization is suspended." },
      { reason: "billing_closed", condition: "The billing account is closed", message: "The billing account of this organization is closed." },
    ],
  }),
  entry("FORBIDDEN", {
    response: "Forbidden",
    summary: "The key may not do this.",
    retry: "No.",
    reasons: [
      {
        reason: "insufficient_scope",
        condition: "The key lacks the scope of the endpoint",
        details: "`requiredScope`: the scope the endpoint needs.",
        message: "This API key lacks the events:read scope.",
      },
      {
        reason: "ip_not_allowed",
        condition: "The key has an IP allowlist and the request came from an address outside it (checked right after the credentials, before anything else)",
        message: "This API key does not accept requests from this IP address.",
      },
      { reason: "org_suspended", condition: "The organization is not active", message: "This organization is suspended." },
    ],
  }),
  entry("NOT_FOUND", {
    response: "NotFound",
    summary: "No such record, or it belongs to another organization (the two are indistinguishable). A malformed id is not found either.",
    retry: "No.",
    reasons: [{ reason: null, condition: "No such record in the key's organization", message: "No such event." }],
  }),
  entry("METHOD_NOT_ALLOWED", {
    response: "MethodNotAllowed",
    summary: "The path exists but does not take this HTTP method. The `Allow` header lists the methods it takes.",
    retry: "No: use one of the methods in `Allow`.",
    reasons: [
      {
        reason: "method_not_allowed",
        condition: "A method other than the ones the path serves (the API uses only GET, POST and PATCH)",
        details: "`allowed`: the methods the path takes, as in the `Allow` header.",
        message: "PUT is not allowed on this path. Allowed: GET, HEAD, OPTIONS.",
      },
    ],
  }),
  entry("CONFLICT", {
    response: "Conflict",
    summary: "The record already exists, the event's state forbids the write, or the Idempotency-Key conflicts with another request.",
    retry: "No: update the existing record instead, leave the archived event alone, or use a new Idempotency-Key. Yes for `idempotency_key_in_use`, after a moment.",
    reasons: [
      {
        reason: "attendee_exists",
        condition: "Creating an attendee whose email is already on the event (compared case-insensitively)",
        details: "`attendeeId`: the existing attendee, to PATCH instead.",
        message: "An attendee with this email already exists on the event.",
      },
      {
        reason: "event_archived",
        condition: "Creating or updating an attendee of an archived event (its guest list is read-only)",
        message: "The event is archived; its guest list is read-only.",
      },
      {
        reason: "idempotency_key_reused",
        condition: "An `Idempotency-Key` already used (within 24 hours, same organization) with a different method, path or body",
        message: "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
      },
      {
        reason: "idempotency_key_in_use",
        condition: "An `Idempotency-Key` whose first request is still being processed; retry after it completes",
        message: "A request with this Idempotency-Key is still being processed. Retry after it completes.",
      },
    ],
  }),
  entry("PAYLOAD_TOO_LARGE", {
    response: "PayloadTooLarge",
    summary: "The request body is larger than 64 KB.",
    retry: "No: send a smaller body.",
    reasons: [
      {
        reason: "body_too_large",
        condition: "The body (declared or read) exceeds 65,536 bytes",
        details: "`maxBytes`: 65536.",
        message: "The body is larger than 64 KB.",
      },
    ],
  }),
  entry("RATE_LIMITED", {
    response: "TooManyRequests",
    summary: "The key used its 600 requests of the current minute.",
    retry: "Yes, after `Retry-After` seconds.",
    reasons: [
      {
        reason: "rate_limited",
        condition: "More than 600 requests within the key's current one-minute window",
        details: "`retryAfterSeconds`: integer, equal to the `Retry-After` header.",
        message: "Too many requests: this key may make 600 requests per minute. Retry after 42 s.",
      },
    ],
  }),
  entry("INTERNAL", {
    response: "InternalError",
    summary: "Something failed on the service's side; the cause is logged under the request id.",
    retry: "Yes, with exponential backoff; quote the request id if it persists.",
    reasons: [
      {
        reason: null,
        condition: "An unexpected failure",
        message: "Something went wrong on our side. Retry later; quote the request id if it persists.",
      },
    ],
  }),
  entry("SERVICE_UNAVAILABLE", {
    response: "ServiceUnavailable",
    summary: "The service cannot reach its database for a moment. Carries `Retry-After`.",
    retry: "Yes, after `Retry-After` seconds, with exponential backoff.",
    reasons: [
      {
        reason: "database_unavailable",
        condition: "The database is unreachable or did not answer in time",
        details: "`retryAfterSeconds`: integer, equal to the `Retry-After` header.",
        message: "The service is briefly unavailable. Retry after 5 s.",
      },
    ],
  }),
  entry("INTEGRATIONS_DISABLED", {
    // Both 503s share one response object: an operation has one entry per status code.
    response: "ServiceUnavailable",
    summary: "Integrations are switched off platform-wide for a while; this affects everyone.",
    retry: "Yes, with exponential backoff.",
    reasons: [
      {
        reason: null,
        condition: "The platform-wide switch is off",
        message: "Integrations are temporarily switched off for every organization. Try again later.",
      },
    ],
  }),
];
