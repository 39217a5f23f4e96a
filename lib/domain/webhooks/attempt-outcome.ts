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
  // Ended without an attempt: the endpoint was disabled, its filter left the event out, or
  // its filter or transform could not be evaluated (recorded on the delivery row).
  | { kind: "cancelled"; deliveryId: string; reason: "endpoint_disabled" | "filtered_out" | "shape_failed" }
  | {
      kind: "skipped";
      deliveryId: string;
      /** endpoint_backoff: the endpoint's circuit breaker is open; retry at its probe time. */
      reason: "not_found" | "finished" | "not_due" | "leased" | "endpoint_backoff";
      nextAttemptAt?: string;
      retryInMs?: number;
    };
