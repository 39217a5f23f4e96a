import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";

// The input of webhook endpoint management, defined once: the console forms, the operator
// CLI and lib/domain/webhooks/endpoints.ts all validate with these schemas. The URL's SSRF check
// needs DNS, so it runs in endpoints.ts after this shape check (and again at send time).

/** Types an endpoint can subscribe to. `ping` is not one: a test ping always goes to the endpoint it was sent to. */
export const SUBSCRIBABLE_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (type): type is Exclude<WebhookEventType, "ping"> => type !== "ping",
);

export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "Enter the URL that should receive the webhooks.")
  .max(MAX_WEBHOOK_URL_LENGTH, `The URL can be at most ${MAX_WEBHOOK_URL_LENGTH} characters long.`)
  // Stored as the URL parser writes it (tab and line breaks dropped, quotes and U+2028
  // percent-encoded): the text shown, exported and requested is the URL that is used.
  // Text that is no URL stays as typed, for the server's URL check to name.
  .transform((value) => normalisedUrl(value) ?? value);

export function normalisedUrl(value: string): string | null {
  try {
    return new URL(value).href;
  } catch {
    return null;
  }
}

export const PING_NOT_SUBSCRIBABLE =
  "ping is not a subscription type: every endpoint always receives the test pings sent to it from the console (or the ops CLI), whatever it subscribes to.";

export const webhookEventTypesSchema = z
  .array(
    z.enum(SUBSCRIBABLE_EVENT_TYPES as unknown as [SubscribableEventType, ...SubscribableEventType[]], {
      // Say why instead of a bare "invalid option": ping is always on, never subscribed to.
      error: (issue) => (issue.input === "ping" ? PING_NOT_SUBSCRIBABLE : undefined),
    }),
  )
  .min(1, "Choose at least one event type.")
  .refine((types) => new Set(types).size === types.length, "Each event type can be chosen once.");

export const webhookDescriptionSchema = z.string().trim().max(500, "The description can be at most 500 characters long.");

export const createEndpointSchema = z.strictObject({
  url: webhookUrlSchema,
  eventTypes: webhookEventTypesSchema,
  description: webhookDescriptionSchema.optional(),
});

export const updateEndpointSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  eventTypes: webhookEventTypesSchema.optional(),
  description: webhookDescriptionSchema.optional(),
  enabled: z.boolean().optional(),
});

export type CreateEndpointInput = z.input<typeof createEndpointSchema>;
export type UpdateEndpointInput = z.input<typeof updateEndpointSchema>;
