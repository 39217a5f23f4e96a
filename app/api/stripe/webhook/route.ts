import { AppError } from "@/lib/platform/errors/app-error";
import { handleStripeWebhook, STRIPE_WEBHOOK_MAX_BYTES } from "@/lib/domain/billing/stripe-webhook";
import { errorResponse, jsonResponse, newRequestId } from "@/lib/platform/http/responses";

// Stripe's webhook endpoint (register <app URL>/api/stripe/webhook in Stripe). The raw body
// is what the signature covers, so it is read as text and handed over untouched.
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const requestId = newRequestId();
  try {
    const length = Number(request.headers.get("content-length") ?? 0);
    const body = length > STRIPE_WEBHOOK_MAX_BYTES ? null : await request.text();
    if (body === null || Buffer.byteLength(body) > STRIPE_WEBHOOK_MAX_BYTES) {
      throw new AppError("PAYLOAD_TOO_LARGE", "The body is larger than a Stripe event can be.");
    }
    const outcome = await handleStripeWebhook(body, request.headers.get("stripe-signature"));
    return jsonResponse({ received: true, ...outcome }, 200, { "x-request-id": requestId, "cache-control": "no-store" });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
