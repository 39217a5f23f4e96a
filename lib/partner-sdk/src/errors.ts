// A failure answered by the Partner API, with the envelope's fields: branch on `code` and
// `details.reason`, never on `message`.

export type ErrorDetails = { reason?: string; [key: string]: unknown };

export class PartnerApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails | undefined;
  readonly requestId: string | undefined;
  /** Seconds from the Retry-After header, when the answer carried one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(input: { status: number; code: string; message: string; details?: ErrorDetails; requestId?: string; retryAfterSeconds?: number }) {
    super(input.message);
    this.name = "PartnerApiError";
    this.status = input.status;
    this.code = input.code;
    this.details = input.details;
    this.requestId = input.requestId;
    this.retryAfterSeconds = input.retryAfterSeconds;
  }

  get reason(): string | undefined {
    return this.details?.reason;
  }
}

/** Turns a non-2xx response into a PartnerApiError, whatever its body looks like. */
export async function errorFromResponse(response: Response): Promise<PartnerApiError> {
  const requestId = response.headers.get("x-request-id") ?? undefined;
  const retryAfter = Number(response.headers.get("retry-after"));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has("retry-after") ? retryAfter : undefined;
  const text = await response.text();
  let envelope: { error?: { code?: unknown; message?: unknown; details?: unknown; requestId?: unknown } } | undefined;
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  const error = envelope?.error;
  if (error && typeof error.code === "string") {
    return new PartnerApiError({
      status: response.status,
      code: error.code,
      message: typeof error.message === "string" ? error.message : `HTTP ${response.status}`,
      details: error.details && typeof error.details === "object" ? (error.details as ErrorDetails) : undefined,
      requestId: typeof error.requestId === "string" ? error.requestId : requestId,
      retryAfterSeconds,
    });
  }
  // Not the API's envelope (a proxy in between, or an empty 405): still a typed error.
  return new PartnerApiError({ status: response.status, code: `HTTP_${response.status}`, message: text.slice(0, 200) || `HTTP ${response.status}`, requestId, retryAfterSeconds });
}
