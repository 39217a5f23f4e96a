import { handleStripeWebhook, STRIPE_WEBHOOK_MAX_BYTES } from "@/lib/domain/billing/stripe-webhook";
import { readBoundedBody } from "@/lib/platform/http/bounded-body";
import { errorResponse, jsonResponse, newRequestId } from "@/lib/platform/http/responses";

// Stripe's webhook endpoint (register <app URL>/api/stripe/webhook in Stripe). The raw body
// is what the signature covers, so it is read as text and handed over untouched.
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const requestId = newRequestId();
  try {
    // Stripe's events are well under the cap; reading stops at it while the body streams.
    const body = (await readBoundedBody(request, STRIPE_WEBHOOK_MAX_BYTES)).toString("utf8");
    const outcome = await handleStripeWebhook(body, request.headers.get("stripe-signature"));
    return jsonResponse({ received: true, ...outcome }, 200, { "x-request-id": requestId, "cache-control": "no-store" });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
