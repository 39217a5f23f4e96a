import { describe, expect, it } from "vitest";
import { describeDeliveryResult, readableAttemptError, type DeliveryResult } from "./delivery-result";

const base: DeliveryResult = { deliveryId: "d", eventId: "e", state: "exhausted", shapeError: null, attemptCount: 1, nextAttemptAt: null, lastAttempt: null };
const when = () => "Jun 30, 2027, 09:00 UTC";

describe("readableAttemptError", () => {
  it("drops the internal kind older attempts were logged with and ends with one full stop", () => {
    expect(readableAttemptError("network: Could not connect to hooks.example.com (CERT_ALTNAME_INVALID)")).toBe(
      "Could not connect to hooks.example.com (CERT_ALTNAME_INVALID).",
    );
    expect(readableAttemptError("timeout: The request timed out after 10000 ms.")).toBe("The request timed out after 10000 ms.");
    expect(readableAttemptError("Redirects are not followed: answer with a 2xx.")).toBe("Redirects are not followed: answer with a 2xx.");
  });
});

describe("describeDeliveryResult", () => {
  it("a failure without a response: the duration, then the reason as its own sentence, no stray punctuation", () => {
    const result = { ...base, lastAttempt: { attemptNumber: 1, statusCode: null, durationMs: 25, error: "network: TLS failed (ERR_TLS_CERT_ALTNAME_INVALID).", succeeded: false } };
    const text = describeDeliveryResult(result, "Test ping", when);
    expect(text).toBe("Test ping failed: no response after 25 ms. TLS failed (ERR_TLS_CERT_ALTNAME_INVALID). No further attempts will be made.");
    expect(text).not.toMatch(/\)\. in|\.\.|network:/);
  });

  it("a failed status with a retry names the next attempt", () => {
    const result = { ...base, state: "pending" as const, nextAttemptAt: new Date(), lastAttempt: { attemptNumber: 1, statusCode: 500, durationMs: 12, error: null, succeeded: false } };
    expect(describeDeliveryResult(result, "Resend", when)).toBe("Resend failed: HTTP 500 in 12 ms. Next attempt Jun 30, 2027, 09:00 UTC.");
  });

  it("a success", () => {
    const result = { ...base, state: "succeeded" as const, lastAttempt: { attemptNumber: 2, statusCode: 204, durationMs: 40, error: null, succeeded: true } };
    expect(describeDeliveryResult(result, "Resend", when)).toBe("Resend delivered: HTTP 204 in 40 ms (attempt 2).");
  });
});
