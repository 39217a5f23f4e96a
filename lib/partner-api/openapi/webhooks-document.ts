import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";
import { sampleWebhookBody } from "@/lib/domain/webhooks/payload-examples";
import { WEBHOOK_DATA_SCHEMAS, WEBHOOK_EVENT_DESCRIPTIONS } from "@/lib/domain/webhooks/payload-schemas";
import type { ParameterObject, WebhookObject } from "./types";

// The document's `webhooks` object: what the service POSTs to a partner's endpoint, one
// entry per event type, with the body schema the payload builders parse through
// (components named by webhookComponentName, registered by ./document.ts).

/** Component name of a webhook body, e.g. AttendeeCheckedInWebhook for attendee.checked_in. */
export function webhookComponentName(type: string): string {
  return `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}Webhook`;
}

export const WEBHOOKS_TAG = {
  name: "Webhooks",
  description: "Events the service POSTs to the endpoints an organization registers in the console. See the Webhooks section of the guide for the signature, retries and auto-disable.",
};

const DELIVERY_HEADERS: ParameterObject[] = [
  {
    name: "X-Service-Signature",
    in: "header",
    required: true,
    description:
      "`t=<unix seconds>,v1=<hex HMAC-SHA256>`: the HMAC of `<t>.<raw body>` keyed with the endpoint's signing secret. During a secret roll one `v1` per active secret. Verify before trusting the body.",
    schema: { type: "string", pattern: "^t=\\d+(,v1=[0-9a-f]{64})+$" },
  },
  { name: "webhook-id", in: "header", required: true, description: "Standard Webhooks: the event id (equals the body's `id`), the same on every retry.", schema: { type: "string", format: "uuid" } },
  { name: "webhook-timestamp", in: "header", required: true, description: "Standard Webhooks: unix seconds, the same value as `t` in `X-Service-Signature`.", schema: { type: "string", pattern: "^\\d+$" } },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      "Standard Webhooks: `v1,<base64 HMAC-SHA256 of \"<webhook-id>.<webhook-timestamp>.<raw body>\">`, keyed with the base64 decoding of the signing secret after `whsec_` (what every Standard Webhooks library does with the secret as shown). During a secret roll one space-separated value per active secret.",
    schema: { type: "string", pattern: "^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)*$" },
  },
  { name: "X-Service-Event-Id", in: "header", required: true, description: "Equals the body's `id`; the same on every retry.", schema: { type: "string", format: "uuid" } },
  { name: "X-Service-Event-Type", in: "header", required: true, description: "Equals the body's `type`.", schema: { type: "string" } },
  { name: "X-Service-Delivery-Id", in: "header", required: true, description: "This event's delivery to this endpoint; the same across its retries.", schema: { type: "string", format: "uuid" } },
  { name: "X-Service-Delivery-Attempt", in: "header", required: true, description: "1 for the first attempt, up to 7 on the schedule; a resend from the console continues the count.", schema: { type: "string", pattern: "^[1-9][0-9]*$" } },
];

export function webhooks(): Record<string, { post: WebhookObject }> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: webhookComponentName(type).replace(/^./, (first) => first.toLowerCase()),
          summary: `\`${type}\``,
          description: `${WEBHOOK_EVENT_DESCRIPTIONS[type]}\n\n\`data\` is \`${String(WEBHOOK_DATA_SCHEMAS[type].meta()?.id)}\`.`,
          tags: [WEBHOOKS_TAG.name],
          security: [],
          parameters: DELIVERY_HEADERS,
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: `#/components/schemas/${webhookComponentName(type)}` }, example: sampleWebhookBody(type) } },
          },
          responses: {
            "2XX": { description: "Any 2xx within 10 seconds counts as delivered; the response body is ignored (the first 2 KB are kept in the delivery log)." },
            default: { description: "Any other answer, a redirect, or no answer within 10 seconds is a failed attempt and is retried on the schedule in the guide." },
          },
        },
      },
    ]),
  );
}
