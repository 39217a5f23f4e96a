import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { startWebhookReceiver, type Reply, type WebhookReceiver } from "../lib/testing/webhook-receiver";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { ops, sql } from "./support/server";
import { addReceiverEndpoint, runDueWebhooks } from "./support/webhooks";

// Recovery and failure notices through the browser: a receiver on 127.0.0.1 that is down,
// deliveries that fail for real, the notice banner on every console page until an admin
// acknowledges it, then "Recover failed deliveries" with its count before confirming, and
// the recovered attempts arriving, verified.

let receiver: WebhookReceiver;
let down = true;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver({ reply: (): Reply => (down ? { status: 503, body: "down" } : { status: 200, body: "ok" }) });
});
test.afterAll(async () => receiver?.close());
// One long walk with several operator-CLI runs (each a tsx process) and axe passes: more
// than the default minute on a loaded machine.
test.setTimeout(240_000);

async function expectNoSeriousAxeViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).include("#main-content").analyze();
  const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), what).toEqual([]);
}

/** A real outbox row for the organization (what any write records). */
async function recordEvent(orgId: string, id: string): Promise<string> {
  const [row] = await sql<{ id: string }>(`INSERT INTO "WebhookEvent" ("orgId", type, data) VALUES ($1, 'event.updated', $2::jsonb) RETURNING id`, [
    orgId,
    JSON.stringify({ id }),
  ]);
  return row.id;
}

test("a failure opens a banner on every page until acknowledged; recovery shows its count, then resends exactly the failed deliveries", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("recovery"), orgName: "Recovery Events" });
  await unlockBilling(orgId);
  await addReceiverEndpoint(page, orgId, receiver);
  const [{ id: endpointId }] = await sql<{ id: string }>(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1`, [orgId]);

  // Two events fail while the receiver is down; one of them reaches its last attempt.
  const first = await recordEvent(orgId, "first");
  await recordEvent(orgId, "second");
  await runDueWebhooks(orgId);
  await sql(`UPDATE "WebhookDelivery" SET "attemptCount" = 6, "nextAttemptAt" = now() WHERE "eventId" = $1`, [first]);
  await runDueWebhooks(orgId);
  const states = await sql<{ state: string }>(`SELECT state::text AS state FROM "WebhookDelivery" WHERE "endpointId" = $1`, [endpointId]);
  expect(states.map((row) => row.state).sort()).toEqual(["exhausted", "pending"]);

  // The notice is on every console page, with links to the endpoint and its recovery.
  for (const path of [`/console/${orgId}/events`, `/console/${orgId}/webhooks`]) {
    await page.goto(path);
    const banner = page.getByRole("region", { name: "Webhook failures" });
    await expect(banner).toContainText(receiver.url);
    await expect(banner).toContainText("the delivery is exhausted");
    await expect(banner.getByRole("link", { name: "Recover failed deliveries" })).toHaveAttribute("href", `/console/${orgId}/webhooks/${endpointId}#recover`);
    await expectNoSeriousAxeViolations(page, `notice banner on ${path}`);
  }
  await page.getByRole("region", { name: "Webhook failures" }).getByRole("button", { name: "Acknowledge" }).click();
  await expect(page.getByRole("region", { name: "Webhook failures" })).toHaveCount(0);
  await page.goto(`/console/${orgId}/events`);
  await expect(page.getByRole("region", { name: "Webhook failures" })).toHaveCount(0);

  // The receiver is fixed: recover. The count comes first, and nothing is sent before confirming.
  down = false;
  const before = receiver.received.length;
  await page.goto(`/console/${orgId}/webhooks/${endpointId}#recover`);
  const panel = page.getByTestId("recover-deliveries");
  await panel.getByRole("button", { name: "Recover failed deliveries" }).click();
  await expect(panel.getByTestId("recover-count")).toHaveText("2 failed deliveries in this window will get one new attempt now.");
  await expectNoSeriousAxeViolations(page, "recovery with its count");
  expect(await sql(`SELECT 1 FROM "WebhookRecoveredAttempt" r JOIN "WebhookDelivery" d ON d.id = r."deliveryId" WHERE d."endpointId" = $1`, [endpointId])).toHaveLength(0);

  // Changing the window drops the count: what is confirmed is what was counted.
  await panel.getByLabel("To").fill("2020-01-01T00:00");
  await expect(panel.getByTestId("recover-count")).toHaveCount(0);
  await panel.getByLabel("To").fill("");
  await panel.getByRole("button", { name: "Recover failed deliveries" }).click();
  await panel.getByRole("button", { name: "Recover 2 deliveries" }).click();
  await expect(panel.getByTestId("recover-status")).toContainText("2 deliveries get one new attempt now");

  await runDueWebhooks(orgId);
  await expect.poll(() => receiver.received.length - before).toBe(2);
  expect(receiver.received.slice(before).every((request) => request.verifiedWith[0])).toBe(true);
  expect(receiver.received.slice(before).map((request) => request.body.data.id).sort()).toEqual(["first", "second"]);
  const attempts = await sql<{ attemptNumber: number }>(
    `SELECT r."attemptNumber" FROM "WebhookRecoveredAttempt" r JOIN "WebhookDelivery" d ON d.id = r."deliveryId" WHERE d."endpointId" = $1 ORDER BY 1`,
    [endpointId],
  );
  expect(attempts.map((row) => row.attemptNumber)).toEqual([2, 8]);

  // The delivery log labels the recovered attempts.
  await page.reload();
  await expect(page.getByTestId("recovery-badge").first()).toBeAttached();

  // Nothing is left to recover; the operator command says so.
  expect(await ops("webhook:recover", { endpoint: endpointId, since: new Date(Date.now() - 86_400_000).toISOString() })).toEqual({ recovered: 0 });

  // A disabled endpoint cannot be recovered: the console says why.
  await sql(`UPDATE "WebhookEndpoint" SET enabled = false, "disabledReason" = 'manual', "disabledAt" = now() WHERE id = $1`, [endpointId]);
  await page.reload();
  await expect(page.getByTestId("recover-deliveries")).toContainText("Enable the endpoint to recover its deliveries.");
  await expect(page.getByTestId("recover-deliveries").getByRole("button", { name: "Recover failed deliveries" })).toBeDisabled();
});
