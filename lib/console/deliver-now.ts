import { inngestCanSend } from "@/lib/platform/jobs/client";
import type { AttemptOutcome } from "@/lib/domain/webhooks/attempt-outcome";
import { attemptDelivery } from "@/lib/domain/webhooks/deliver";

/**
 * The console's test ping and resend, where Inngest is not configured (a local install,
 * the e2e run): nothing would start the delivery until someone runs the sweep
 * (`npm run ops -- webhooks:run-due`), so the attempt is made here, in the request, with
 * the same attemptDelivery the Inngest run and the sweep use (lease, signing, logging,
 * failure counting). With Inngest configured this returns null: the run started by
 * sendTestPing / resendDelivery makes the attempt and the console polls for its result.
 */
export async function attemptNowWithoutInngest(deliveryId: string): Promise<AttemptOutcome | null> {
  if (inngestCanSend()) return null;
  return attemptDelivery(deliveryId);
}
