import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";
import { expressionProblem } from "./jsonata-expression";

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

/** Body shapes an endpoint can receive: ours, or a message for a chat tool (chat-formats.ts). */
export const WEBHOOK_FORMATS = ["json", "slack", "teams", "discord", "google-chat"] as const;
export type WebhookFormatName = (typeof WEBHOOK_FORMATS)[number];

export const MAX_ENDPOINT_EVENT_IDS = 50;

export const FORMAT_WITH_TRANSFORM =
  "A chat format and a transform do not combine: the format already decides the body. Choose the JSON format to use a transform, or clear the transform.";

/** An empty value clears a setting (the CLI's `--filter ""`, an emptied form field). */
const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

const expressionSchema = z.preprocess(
  emptyToNull,
  z
    .string()
    .superRefine((text, ctx) => {
      const problem = expressionProblem(text);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .nullable(),
);

/** JSONata over the webhook body; the delivery happens only when the result is truthy. */
export const webhookFilterSchema = expressionSchema;
/** JSONata whose result is the body sent. */
export const webhookTransformSchema = expressionSchema;

export const webhookFormatSchema = z.preprocess(
  (value) => (value === "" || value === null ? "json" : value),
  z.enum(WEBHOOK_FORMATS, { error: `Choose one of the formats: ${WEBHOOK_FORMATS.join(", ")}.` }),
);

/** Events of the organization the endpoint is limited to (that they are the org's is checked in endpoints.ts). */
export const webhookEventIdsSchema = z
  .array(z.string())
  .superRefine((ids, ctx) => {
    // One issue on the field itself (not on an index): the console and CLI name "eventIds".
    const malformed = ids.filter((id) => !z.uuid().safeParse(id).success);
    if (malformed.length > 0) ctx.addIssue({ code: "custom", message: `${malformed.map((id) => `"${id}"`).join(", ")} is not an event id.` });
  })
  .max(MAX_ENDPOINT_EVENT_IDS, `An endpoint can be limited to at most ${MAX_ENDPOINT_EVENT_IDS} events.`)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

const shapeFields = {
  eventIds: webhookEventIdsSchema.optional(),
  filter: webhookFilterSchema.optional(),
  transform: webhookTransformSchema.optional(),
  format: webhookFormatSchema.optional(),
};

function formatWithTransform(value: { format?: WebhookFormatName; transform?: string | null }, ctx: z.RefinementCtx) {
  if (value.transform && value.format && value.format !== "json") {
    ctx.addIssue({ code: "custom", path: ["transform"], message: FORMAT_WITH_TRANSFORM });
  }
}

export const createEndpointSchema = z
  .strictObject({
    url: webhookUrlSchema,
    eventTypes: webhookEventTypesSchema,
    description: webhookDescriptionSchema.optional(),
    ...shapeFields,
  })
  .superRefine(formatWithTransform);

export const updateEndpointSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    eventTypes: webhookEventTypesSchema.optional(),
    description: webhookDescriptionSchema.optional(),
    enabled: z.boolean().optional(),
    ...shapeFields,
  })
  .superRefine(formatWithTransform);

export type CreateEndpointInput = z.input<typeof createEndpointSchema>;
export type UpdateEndpointInput = z.input<typeof updateEndpointSchema>;
