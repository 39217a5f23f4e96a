import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import type { ReceivedWebhook, WebhookReceiver } from "../../lib/testing/webhook-receiver";
import { databaseUrl } from "./server";

// The console specs' webhook side: an endpoint for the local signing-verifying receiver,
// added through the console form, and delivery on demand.

/** Adds `receiver` as an endpoint for all event types and gives it the signing secret shown once. */
export async function addReceiverEndpoint(page: Page, orgId: string, receiver: WebhookReceiver): Promise<void> {
  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill(receiver.url);
  await form.getByRole("checkbox", { name: "All event types" }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const reveal = page.getByTestId("new-endpoint-secret");
  receiver.secrets = [await reveal.getByLabel("Signing secret").inputValue()];
  await reveal.getByRole("button", { name: "Done" }).click();
}

/**
 * Delivers what the outbox holds for the org (the operator's `webhooks:run-due`, rather
 * than waiting for the server's 15 s sweep). Its stdout also carries the delivery log
 * lines, so only the exit status is read.
 */
export async function runDueWebhooks(orgId: string): Promise<void> {
  await promisify(execFile)(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/ops.ts", "webhooks:run-due", "--org", orgId], {
    // The server's settings that delivery needs: its APP_SECRET (signing secrets are stored
    // encrypted under it; default as in playwright.config.ts) and loopback receivers allowed.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(),
      DATABASE_POOL_MAX: "1",
      APP_SECRET: process.env.E2E_APP_SECRET ?? "e2e-app-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      OUTBOUND_ALLOW_LOOPBACK: "1",
    },
  });
}

/** Delivers due webhooks and returns the first verified one of `type` about `id` received after index `from`. */
export async function deliveredWebhook(receiver: WebhookReceiver, orgId: string, from: number, type: string, id: string): Promise<ReceivedWebhook["body"]> {
  await runDueWebhooks(orgId);
  let found: ReceivedWebhook | undefined;
  await expect
    .poll(() => (found = receiver.received.slice(from).find((hook) => hook.body.type === type && hook.body.data.id === id)), { message: `${type} for ${id}` })
    .toBeDefined();
  expect(found!.verifiedWith).toEqual([true]);
  return found!.body;
}
