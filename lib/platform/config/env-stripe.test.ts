import { describe, expect, it } from "vitest";
import { configProblems, parseConfig } from "./env";

const VALID = {
  NODE_ENV: "production",
  APP_SECRET: "s".repeat(32),
  DATABASE_URL: "postgresql://app@db.example.com/app",
  NEXTAUTH_URL: "https://integrations.example.com",
};
const STRIPE = { STRIPE_SECRET_KEY: "sk_live_51AbCdEf", STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef", STRIPE_ANNUAL_PRICE_ID: "price_1Annual" };

describe("Stripe configuration", () => {
  it("is off when unset, and whole when set", () => {
    expect(parseConfig(VALID).stripe).toBeUndefined();
    expect(parseConfig({ ...VALID, ...STRIPE }).stripe).toEqual({
      secretKey: STRIPE.STRIPE_SECRET_KEY,
      webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
      annualPriceId: STRIPE.STRIPE_ANNUAL_PRICE_ID,
      api: undefined,
    });
  });

  it.each([
    ["a key without its webhook secret", { STRIPE_SECRET_KEY: "sk_test_abc" }, /^STRIPE_WEBHOOK_SECRET is not set although STRIPE_SECRET_KEY is/],
    ["a webhook secret without a key", { STRIPE_WEBHOOK_SECRET: "whsec_abc" }, /^STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not/],
    ["a price without a key", { STRIPE_ANNUAL_PRICE_ID: "price_abc" }, /^STRIPE_ANNUAL_PRICE_ID is set but STRIPE_SECRET_KEY is not/],
    ["a publishable key as the secret key", { ...STRIPE, STRIPE_SECRET_KEY: "pk_live_abc" }, /^STRIPE_SECRET_KEY is invalid: expected a Stripe secret key/],
    ["a webhook secret of another kind", { ...STRIPE, STRIPE_WEBHOOK_SECRET: "abc" }, /^STRIPE_WEBHOOK_SECRET is invalid: expected the signing secret/],
    ["a product id as the price", { ...STRIPE, STRIPE_ANNUAL_PRICE_ID: "prod_abc" }, /^STRIPE_ANNUAL_PRICE_ID is invalid: expected the id of the annual plan's Stripe price/],
    ["an API base that is not this machine", { ...STRIPE, STRIPE_API_BASE: "https://evil.example.com" }, /^STRIPE_API_BASE is invalid: expected http:\/\/127\.0\.0\.1/],
  ])("refuses %s with one line, in production and development alike", (_name, change, line) => {
    for (const production of [true, false]) {
      const problems = configProblems({ ...VALID, ...change }, { production });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(line);
    }
  });

  it("points the client at a local stand-in only on loopback", () => {
    const config = parseConfig({ ...VALID, ...STRIPE, STRIPE_API_BASE: "http://127.0.0.1:4242" });
    expect(config.stripe?.api).toEqual({ host: "127.0.0.1", port: 4242, protocol: "http" });
  });
});
