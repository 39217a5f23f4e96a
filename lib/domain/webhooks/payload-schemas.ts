import { z } from "zod";
import { AttendeeSchema, EventSchema, FeedbackSchema, SessionAttendanceSchema, SessionSchema } from "@/lib/domain/resources/resources";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";

const WEBHOOK_EVENT_TYPES_WITHOUT_PING = WEBHOOK_EVENT_TYPES.filter((type) => type !== "ping");

// The `data` of each webhook body as zod schemas: ./payloads.ts builds every body through
// them (so a field the schema does not name is never sent), and the OpenAPI document's
// `webhooks` object is generated from them, so the documented body and the sent body are
// the same definition. Derived from the API resources minus the fields the spec's
// "Body" table omits.

const uuid = z.uuid();
const timestamp = z.iso.datetime({ precision: 3 }).describe("ISO-8601 UTC date-time with milliseconds, ending in Z");

export const AttendeeWebhookDataSchema = AttendeeSchema.omit({ createdAt: true, updatedAt: true })
  .describe("The Attendee projection without createdAt and updatedAt")
  .meta({ id: "AttendeeWebhookData" });

export const EventWebhookDataSchema = EventSchema.omit({ createdAt: true, updatedAt: true })
  .describe("The Event projection without createdAt and updatedAt")
  .meta({ id: "EventWebhookData" });

export const SessionWebhookDataSchema = SessionSchema.omit({ speakerIds: true, updatedAt: true })
  .describe("The Session projection without speakerIds and updatedAt")
  .meta({ id: "SessionWebhookData" });

export const SessionAttendanceWebhookDataSchema = SessionAttendanceSchema.extend({})
  .describe("The SessionAttendance projection, every field")
  .meta({ id: "SessionAttendanceWebhookData" });

export const FeedbackWebhookDataSchema = FeedbackSchema.omit({ attendeeId: true })
  .describe("The Feedback projection without attendeeId (feedback is recorded against a user)")
  .meta({ id: "FeedbackWebhookData" });

export const FormSubmissionWebhookDataSchema = z
  .object({
    formId: uuid,
    eventId: uuid,
    attendeeId: uuid,
    revision: z.number().int().min(1).describe("Increases when the attendee corrects answers; a correction arrives as another form.submission.created"),
    answers: z.record(z.string(), z.unknown()).describe("Keyed by field key"),
    submittedAt: timestamp,
  })
  .describe("One attendee's answers to a form; no id and no updatedAt")
  .meta({ id: "FormSubmissionWebhookData" });

export const PingWebhookDataSchema = z
  .object({
    endpointId: uuid.describe("The endpoint the ping was sent to"),
    message: z.string().describe("A human-readable line for the receiver's log"),
  })
  .describe("A test ping sent from the console")
  .meta({ id: "PingWebhookData" });

/** The data schema of each event type (several types share one). */
export const WEBHOOK_DATA_SCHEMAS = {
  ping: PingWebhookDataSchema,
  "event.updated": EventWebhookDataSchema,
  "event.published": EventWebhookDataSchema,
  "attendee.created": AttendeeWebhookDataSchema,
  "attendee.updated": AttendeeWebhookDataSchema,
  "attendee.deleted": AttendeeWebhookDataSchema,
  "attendee.checked_in": AttendeeWebhookDataSchema,
  "session.created": SessionWebhookDataSchema,
  "session.updated": SessionWebhookDataSchema,
  "session.deleted": SessionWebhookDataSchema,
  "session_attendance.created": SessionAttendanceWebhookDataSchema,
  "form.submission.created": FormSubmissionWebhookDataSchema,
  "feedback.created": FeedbackWebhookDataSchema,
} as const satisfies Record<WebhookEventType, z.ZodObject>;

/** When each type is sent, for the reference. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  ping: "A test sent from the console (\"Send test\") to one endpoint. Every endpoint can receive it whatever its subscription.",
  "event.updated": "An event's details were changed in the console.",
  "event.published": "A draft event was published.",
  "attendee.created": "A person was added to an event's guest list (console, import or `POST .../attendees`).",
  "attendee.updated": "An attendee's details or status changed (console, import or `PATCH .../attendees/{attendeeId}`).",
  "attendee.deleted": "An attendee was removed from the guest list. `data` is the attendee as it was.",
  "attendee.checked_in": "An attendee arrived at the venue (front-desk check-in); `data.checkedInAt` is set.",
  "session.created": "A session was added to the programme.",
  "session.updated": "A session changed.",
  "session.deleted": "A session was removed from the programme. `data` is the session as it was.",
  "session_attendance.created": "An attendee's badge was scanned at a session's door.",
  "form.submission.created": "An attendee submitted a form, or corrected their answers (a higher `revision`).",
  "feedback.created": "Feedback, a suggestion, a rating or a review was left about the event or one of its sessions.",
};

/** The types whose body carries `previousAttributes` when a projected field changed. */
export const TYPES_WITH_PREVIOUS_ATTRIBUTES = ["event.updated", "attendee.updated", "session.updated"] as const satisfies readonly WebhookEventType[];

const hasPreviousAttributes = (type: WebhookEventType): type is (typeof TYPES_WITH_PREVIOUS_ATTRIBUTES)[number] =>
  (TYPES_WITH_PREVIOUS_ATTRIBUTES as readonly string[]).includes(type);

/** Every field of `data`, optional, and null when it had no value before. */
function previousAttributesSchema(data: z.ZodObject) {
  const shape = Object.fromEntries(Object.entries(data.shape).map(([name, field]) => [name, (field as z.ZodType).nullable().optional()]));
  return z
    .object(shape)
    .strict()
    .describe(
      "The value before this change of exactly the `data` fields that changed (status changes included), under the same names; null when the field had no value. Absent when no field of `data` changed. Added 2026-11-27",
    );
}

const bodySchemas = new Map<WebhookEventType, z.ZodObject>();

/**
 * The whole body of a delivery of `type`: the same `id` and `createdAt` on every retry. One
 * instance per type, so the feed's item union and the webhooks object share components.
 */
export function webhookBodySchema<T extends WebhookEventType>(type: T): ReturnType<typeof buildBodySchema<T>> {
  let schema = bodySchemas.get(type);
  if (!schema) bodySchemas.set(type, (schema = buildBodySchema(type)));
  return schema as ReturnType<typeof buildBodySchema<T>>;
}

function buildBodySchema<T extends WebhookEventType>(type: T) {
  const body = z.object({
    id: uuid.describe("The event's id: the same on every retry and every endpoint; use it to drop duplicates"),
    type: z.literal(type),
    createdAt: timestamp.describe("When the change happened"),
    data: WEBHOOK_DATA_SCHEMAS[type],
  });
  return hasPreviousAttributes(type) ? body.extend({ previousAttributes: previousAttributesSchema(WEBHOOK_DATA_SCHEMAS[type]).optional() }) : body;
}

/** An item of GET /webhook-events: exactly a webhook body, of any type but `ping`. */
export const WebhookEventItemSchema = z
  .discriminatedUnion(
    "type",
    WEBHOOK_EVENT_TYPES_WITHOUT_PING.map((type) => webhookBodySchema(type)) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .describe("A webhook body, byte for byte as its deliveries carry it; `type` tells which")
  .meta({ id: "WebhookEvent" });
