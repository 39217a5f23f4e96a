import { z } from "zod";
import { dateTimeInputSchema } from "@/lib/domain/events/event-input";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";

// Session input, defined once: createSession/updateSession, the console form, the CLI and
// data-source imports (which map a partner's records onto these fields) all use it.

/** The session types of the spec. The set grows; readers treat unknown values as `other`. */
export const SESSION_TYPES = [
  "keynote",
  "talk",
  "panel",
  "fireside",
  "lightning",
  "workshop",
  "masterclass",
  "training",
  "demo",
  "roundtable",
  "breakout",
  "qa",
  "ceremony",
  "announcement",
  "exhibition",
  "networking",
  "reception",
  "party",
  "meal",
  "break",
  "other",
] as const;

export type SessionType = (typeof SESSION_TYPES)[number];

export const MAX_SESSION_CAPACITY = 1_000_000;
export const MAX_SESSION_SPEAKERS = 50;

/** Each field on its own, for partial updates and import mappings. */
export const sessionFields = {
  title: z.string().trim().min(1, "Give the session a title.").max(300).refine(...refuseControlCharacters("title")),
  description: z.string().max(20_000).refine(...refuseControlCharacters("description", { multiline: true })),
  type: z.enum(SESSION_TYPES),
  startAt: dateTimeInputSchema,
  endAt: dateTimeInputSchema,
  trackId: z.uuid().nullable(),
  room: z
    .string()
    .trim()
    .max(200)
    .refine(...refuseControlCharacters("room"))
    .nullable()
    .transform((value) => (value === "" ? null : value)),
  capacity: z
    .number({ error: "Capacity is a whole number of seats; leave it empty for no limit." })
    .int("Capacity is a whole number of seats.")
    .min(1, "Capacity is at least 1; leave it empty for no limit.")
    .max(MAX_SESSION_CAPACITY)
    .nullable(),
  /** Billing order: the first is billed first, as the Partner API's speakerIds. */
  speakerIds: z
    .array(z.uuid("Choose speakers of this event."))
    .max(MAX_SESSION_SPEAKERS, `At most ${MAX_SESSION_SPEAKERS} speakers per session.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each speaker can be billed once."),
};

const endsAfterStart = (value: { startAt?: Date; endAt?: Date }) =>
  !value.startAt || !value.endAt || value.endAt.getTime() > value.startAt.getTime();
const END_AFTER_START = { message: "The session must end after it starts.", path: ["endAt"] };

export const createSessionSchema = z
  .strictObject({
    title: sessionFields.title,
    description: sessionFields.description.optional(),
    type: sessionFields.type,
    startAt: sessionFields.startAt,
    endAt: sessionFields.endAt,
    trackId: sessionFields.trackId.optional(),
    room: sessionFields.room.optional(),
    capacity: sessionFields.capacity.optional(),
    speakerIds: sessionFields.speakerIds.optional(),
  })
  .refine(endsAfterStart, END_AFTER_START);

/** All optional; endAt > startAt is checked here when both are given, else against the stored session. */
export const updateSessionSchema = z
  .strictObject({
    title: sessionFields.title.optional(),
    description: sessionFields.description.optional(),
    type: sessionFields.type.optional(),
    startAt: sessionFields.startAt.optional(),
    endAt: sessionFields.endAt.optional(),
    trackId: sessionFields.trackId.optional(),
    room: sessionFields.room.optional(),
    capacity: sessionFields.capacity.optional(),
    speakerIds: sessionFields.speakerIds.optional(),
  })
  .refine(endsAfterStart, END_AFTER_START);

export type CreateSessionInput = z.input<typeof createSessionSchema>;
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;
