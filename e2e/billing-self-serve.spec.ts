import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startStripeStandIn, type StripeStandIn } from "@/lib/testing/stripe-server";
import { AXE_TAGS } from "./support/axe";
import { signUp, uniqueEmail } from "./support/console";
import { sql } from "./support/server";
import { e2eStripeEnv } from "./support/stripe";

// A new organization unlocks integrations alone: Checkout (setup mode) on a local server
// speaking Stripe's API, the signed webhook Stripe would send, and the Customer Portal.

const PORT = Number(process.env.E2E_PORT ?? 3107);
const APP = `http://127.0.0.1:${PORT}`;
const env = e2eStripeEnv(PORT);
let stripe: StripeStandIn;

test.beforeAll(async () => {
  stripe = await startStripeStandIn({
    port: PORT + 1,
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    // What Stripe does once the card is saved: a signed checkout.session.completed to the app.
    onCheckoutPage: async (session) => {
      const event = stripe.signedEvent("checkout.session.completed", session);
      const response = await fetch(`${APP}/api/stripe/webhook`, { method: "POST", headers: { "stripe-signature": event.signature, "content-type": "application/json" }, body: event.body });
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
    },
  });
});
test.afterAll(async () => stripe?.close());

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => [v.id, v.nodes.map((n) => n.html)])).toEqual([]);
}

test("add a card through Stripe Checkout: integrations unlock, the portal manages it", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("stripe"), orgName: "Self Serve Org" });
  await page.goto(`/console/${orgId}/billing`);
  await expect(page.getByTestId("lock-banner")).toBeVisible();
  await expect(page.getByTestId("billing-operator")).toHaveCount(0);
  await expect(page.getByTestId("billing-portal")).toHaveCount(0);

  for (const [width, colorScheme] of [[1280, "light"], [1280, "dark"], [375, "light"], [375, "dark"]] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme });
    await expectAxeClean(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId("billing-card").click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PORT + 1}/c/pay/cs_test_`));
  await page.getByRole("button", { name: "Save card" }).click();

  await expect(page).toHaveURL(new RegExp(`/console/${orgId}/billing\\?checkout=done$`));
  await expect(page.getByTestId("checkout-done")).toBeVisible();
  await expect(page.getByTestId("billing-summary")).toContainText("Card on file");
  await expect(page.getByTestId("lock-banner")).toHaveCount(0);
  await expectAxeClean(page);
  const [org] = await sql<{ billingPlan: string; stripeCustomerId: string }>(`SELECT "billingPlan", "stripeCustomerId" FROM "Organization" WHERE id = $1`, [orgId]);
  expect(org.billingPlan).toBe("card");
  expect(stripe.customers.get(org.stripeCustomerId)?.metadata).toEqual({ orgId });

  await page.getByTestId("billing-portal").click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${PORT + 1}/p/session/bps_test_`));
  await expect(page.getByRole("heading", { name: "Customer portal (local)" })).toBeVisible();
});

test("a cancelled Checkout changes nothing and says so", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("stripe-cancel"), orgName: "Cancel Org" });
  await page.goto(`/console/${orgId}/billing?checkout=cancelled`);
  await expect(page.getByTestId("checkout-cancelled")).toContainText("Nothing was changed");
  await expect(page.getByTestId("billing-summary")).toContainText("Free");
});
