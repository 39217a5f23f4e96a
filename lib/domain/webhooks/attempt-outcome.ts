import type { IntegrationLockReason } from "@/lib/domain/billing/entitlement";

// What one attempt run ended with; the Inngest function sleeps on `failed`/`not_due`,
// the sweep counts them.

export type AttemptOutcome =
  | { kind: "succeeded"; deliveryId: string; attemptNumber: number; statusCode: number }
  | {
      kind: "failed";
      deliveryId: string;
      attemptNumber: number;
      statusCode: number | null;
      error: string | null;
      /** Null when this failure disabled the endpoint, which cancelled the delivery. */
      nextAttemptAt: string | null;
      retryInMs: number | null;
    }
  | { kind: "exhausted"; deliveryId: string; attemptNumber: number; reason: "attempts" | "locked_too_long" }
  | { kind: "postponed"; deliveryId: string; reason: IntegrationLockReason; nextAttemptAt: string; retryInMs: number }
  | { kind: "cancelled"; deliveryId: string; reason: "endpoint_disabled" }
  | {
      kind: "skipped";
      deliveryId: string;
      /** endpoint_backoff: the endpoint's circuit breaker is open; retry at its probe time. */
      reason: "not_found" | "finished" | "not_due" | "leased" | "endpoint_backoff";
      nextAttemptAt?: string;
      retryInMs?: number;
    };
