import Stripe from "stripe";
import { config, type StripeConfig } from "@/lib/platform/config/env";
import { AppError } from "@/lib/platform/errors/app-error";

// One Stripe client per configuration. The API version is the one the pinned `stripe`
// package was built for, so the shapes the code reads never change under it.

let cached: { key: string; client: Stripe } | undefined;

export function stripeConfig(): StripeConfig | undefined {
  return config().stripe;
}

export function stripeClientFor(settings: StripeConfig): Stripe {
  const key = `${settings.secretKey}\u0000${settings.api?.host ?? ""}:${settings.api?.port ?? ""}`;
  if (cached?.key === key) return cached.client;
  const client = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: "svc-integrations" },
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
  cached = { key, client };
  return client;
}

/** The configured client, or a refusal that says self-serve billing is not set up here. */
export function requireStripe(): { stripe: Stripe; settings: StripeConfig } {
  const settings = stripeConfig();
  if (!settings) {
    throw new AppError("SERVICE_UNAVAILABLE", "Self-serve billing is not set up on this deployment. An operator sets the plan with billing:set.", {
      reason: "billing_not_configured",
    });
  }
  return { stripe: stripeClientFor(settings), settings };
}

/** A Stripe API failure as our error: the organizer sees that the payment provider did not answer, never Stripe's raw text. */
export function stripeUnavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const type = error instanceof Stripe.errors.StripeError ? error.type : "unknown";
  return new AppError("SERVICE_UNAVAILABLE", "The payment provider did not answer as expected. Try again in a moment.", { reason: "stripe_unavailable", stripeErrorType: type }, { "retry-after": "30" });
}
