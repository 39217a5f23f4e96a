import { AppError } from "@/lib/platform/errors/app-error";
import { withBoundedBody } from "@/lib/platform/http/bounded-body";
import { errorResponse, newRequestId } from "@/lib/platform/http/responses";
import { inngestLogger } from "@/lib/platform/observability/inngest-logger";

// Refusals go through the SDK's own throttled log: one warning a minute with a count, as
// when the SDK refused them itself, so a scanner is seen but cannot flood the logs.
const sdkLog = inngestLogger();

/**
 * Inngest sends a function run's whole state (events, step results) in one request, and
 * that state is at most 32 MB (Inngest's usage limits); beyond it the SDK fetches state
 * from Inngest's API instead.
 */
export const INNGEST_BODY_MAX_BYTES = 33 * 1024 * 1024;

type Handler = (request: Request, context: unknown) => Promise<Response>;

function devMode(): boolean {
  const flag = process.env.INNGEST_DEV;
  return Boolean(flag) && !["0", "false"].includes(flag!);
}

/**
 * In front of Inngest's POST handler: a call without Inngest's signature header is refused
 * with 401 before its body is read (the handler answers 500 to it), and a signed one is read
 * up to INNGEST_BODY_MAX_BYTES while it streams (413 beyond) before the handler checks the
 * signature over it. The dev server signs nothing, so INNGEST_DEV (refused in production)
 * skips the header check.
 */
export function guardInngestPost(handler: Handler): Handler {
  return async (request, context) => {
    const requestId = newRequestId();
    try {
      if (!devMode() && !request.headers.get("x-inngest-signature")) {
        sdkLog.warn({ method: request.method, err: new Error("no X-Inngest-Signature header") }, "Signature validation failed");
        throw new AppError("UNAUTHORIZED", "Only Inngest calls this route: the request is not signed.", { reason: "missing_signature" });
      }
      return await handler(await withBoundedBody(request, INNGEST_BODY_MAX_BYTES), context);
    } catch (error) {
      return errorResponse(error, requestId, { "cache-control": "no-store" });
    }
  };
}
