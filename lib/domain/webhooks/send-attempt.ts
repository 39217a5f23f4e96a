import { OutboundError, safeFetch } from "@/lib/platform/outbound/safe-fetch";
import { outboundAllowLoopback } from "@/lib/platform/outbound/url-guard";
import { capPartnerText } from "@/lib/platform/text/cap-partner-text";
import { RESPONSE_SNIPPET_BYTES } from "./schedule";
import { SIGNATURE_HEADER, signPayload } from "./signature";
import { standardWebhookHeaders } from "./standard-webhooks";

// The HTTP side of an attempt: the exact bytes and headers, one POST under the SSRF
// guard, and what came back. Nothing here touches the database.

export const USER_AGENT = "ServiceWebhooks/1.0";

/**
 * The exact bytes sent: same `id` and `createdAt` on every retry and every endpoint, and the
 * same bytes in the webhook-events feed. `previousAttributes` only when the event has them.
 */
export function webhookBody(event: { id: string; type: string; createdAt: Date; data: unknown; previousAttributes?: unknown }): string {
  const body: Record<string, unknown> = { id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data };
  if (event.previousAttributes !== null && event.previousAttributes !== undefined) body.previousAttributes = event.previousAttributes;
  return JSON.stringify(body);
}

export function webhookHeaders(input: {
  body: string;
  secrets: string[];
  eventId: string;
  eventType: string;
  deliveryId: string;
  attemptNumber: number;
  timestamp?: number;
}): Record<string, string> {
  // One timestamp for both schemes, so a receiver checking either sees the same moment.
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    [SIGNATURE_HEADER]: signPayload(input.body, input.secrets, timestamp),
    ...standardWebhookHeaders({ id: input.eventId, timestamp, body: input.body, secrets: input.secrets }),
    "X-Service-Event-Id": input.eventId,
    "X-Service-Event-Type": input.eventType,
    "X-Service-Delivery-Id": input.deliveryId,
    "X-Service-Delivery-Attempt": String(input.attemptNumber),
  };
}

export type SendResult = {
  succeeded: boolean;
  statusCode: number | null;
  error: string | null;
  snippet: string | null;
  /** The response's headers as "Name: value" lines, capped like the body. */
  responseHeaders: string | null;
  durationMs: number;
};

/** Response headers as the log shows them, one "Name: value" line each, capped at 2 KB. */
export function responseHeaderLines(headers: { forEach(callback: (value: string, name: string) => void): void }): string | null {
  const lines: string[] = [];
  headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  return capPartnerText(lines.join("\n"));
}

export async function send(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    // safeFetch re-runs the SSRF guard on the stored URL and again at connect time,
    // and never follows redirects.
    const response = await safeFetch(url, {
      method: "POST",
      headers,
      body,
      timeoutMs,
      maxBytes: RESPONSE_SNIPPET_BYTES,
      allowLoopback: outboundAllowLoopback(),
    });
    const succeeded = response.status >= 200 && response.status < 300;
    let error: string | null = null;
    if (response.status >= 300 && response.status < 400) error = "Redirects are not followed: answer with a 2xx.";
    return {
      succeeded,
      statusCode: response.status,
      error,
      snippet: capPartnerText(response.body, { truncated: response.truncated }),
      responseHeaders: responseHeaderLines(response.headers),
      durationMs: elapsed(),
    };
  } catch (err) {
    // Stored and shown as written: OutboundError messages are sentences for people.
    const error = err instanceof OutboundError ? err.message : `The request failed: ${err instanceof Error ? err.message : String(err)}`;
    return { succeeded: false, statusCode: null, error: error.slice(0, 1000), snippet: null, responseHeaders: null, durationMs: elapsed() };
  }
}
