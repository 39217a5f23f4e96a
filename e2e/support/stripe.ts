// The Stripe settings of the e2e server (playwright.config.ts) and of the local Stripe
// stand-in the billing spec starts on the port next to the app's.
export function e2eStripeEnv(appPort: number) {
  return {
    STRIPE_SECRET_KEY: "sk_test_e2e0123456789",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e0123456789abcdef",
    STRIPE_ANNUAL_PRICE_ID: "price_e2e_annual",
    STRIPE_API_BASE: `http://127.0.0.1:${appPort + 1}`,
  };
}
