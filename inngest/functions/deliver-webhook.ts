import { inngest } from "@/lib/platform/jobs/client";
import { webhookDeliveryCreated } from "@/lib/platform/jobs/events";
import type { AttemptOutcome } from "@/lib/domain/webhooks/attempt-outcome";
import { attemptDelivery } from "@/lib/domain/webhooks/deliver";
import { PER_ENDPOINT_CONCURRENCY, PER_ORG_CONCURRENCY } from "@/lib/domain/webhooks/run-due";
import { MAX_ATTEMPTS } from "@/lib/domain/webhooks/schedule";

// `webhooks/deliver`: one run per delivery, started after fan-out. Each attempt is a
// durable step calling the same attemptDelivery as the sweep; between attempts the run
// sleeps until the retry is due (1 min, 5 min, 30 min, 2 h, 5 h, 16 h). It stops when
// the delivery succeeded, was exhausted or cancelled, or is being handled elsewhere (a
// sweep holding the lease, or integrations locked: the sweep resumes it when unlocked).

// Seven attempts, plus room for a few early wake-ups (`not_due`, or waiting behind the
// endpoint's circuit breaker), which sleep again; past them the sweep carries on.
const MAX_ROUNDS = MAX_ATTEMPTS + 3;
// Never a zero-length sleep: a wake-up a moment early would spin.
const MIN_SLEEP_MS = 1_000;

/** How long to sleep before the next round, or null to end the run. */
export function sleepBeforeNextRound(outcome: AttemptOutcome): number | null {
  if (outcome.kind === "failed" && outcome.retryInMs !== null) return Math.max(outcome.retryInMs, MIN_SLEEP_MS);
  if (outcome.kind === "skipped" && (outcome.reason === "not_due" || outcome.reason === "endpoint_backoff") && outcome.retryInMs !== undefined) {
    return Math.max(outcome.retryInMs, MIN_SLEEP_MS);
  }
  return null;
}

export const deliverWebhook = inngest.createFunction(
  {
    id: "webhooks-deliver",
    name: "webhooks/deliver",
    triggers: [webhookDeliveryCreated],
    // The sweep's limits, as Inngest virtual queues: a receiver that hangs until the
    // deadline holds a few attempt steps of its endpoint and organization, and other
    // organizations' runs are not queued behind them. Sleeping runs hold no slot.
    concurrency: [
      { key: "event.data.endpointId", limit: PER_ENDPOINT_CONCURRENCY },
      { key: "event.data.orgId", limit: PER_ORG_CONCURRENCY },
    ],
    // Inngest's own retries cover a failing step (database unreachable); delivery
    // retries are the explicit schedule below.
    retries: 3,
  },
  async ({ event, step }) => {
    const { deliveryId } = event.data;
    const outcomes: AttemptOutcome["kind"][] = [];
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const outcome = await step.run(`attempt-${round}`, () => attemptDelivery(deliveryId));
      outcomes.push(outcome.kind);
      const sleepMs = sleepBeforeNextRound(outcome);
      if (sleepMs === null) return { deliveryId, outcomes, final: outcome };
      await step.sleep(`wait-${round}`, sleepMs);
    }
    return { deliveryId, outcomes, final: null };
  },
);
