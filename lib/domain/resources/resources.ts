import { z } from "zod";
import { SCOPES } from "@/lib/domain/keys/scopes";

// The response shapes of the spec's "Resources and their fields", defined once: the
// projections in ./projections.ts produce them, tests parse responses with them, and the
// OpenAPI document is generated from them.

const uuid = z.uuid();
const timestamp = z.iso.datetime({ precision: 3 }).describe("ISO-8601 UTC date-time with milliseconds, ending in Z");

export const MeSchema = z
  .object({
    org: z.object({ id: uuid, name: z.string() }),
    key: z.object({
      id: uuid.describe("The key record, not the secret"),
      name: z.string(),
      prefix: z.string().describe("Leading characters of the key; identifies but cannot authenticate"),
      scopes: z.array(z.enum(SCOPES)),
      expiresAt: timestamp.nullable().describe("Null means the key never expires"),
      allowedIps: z
        .array(z.string())
        .describe("The IPv4/IPv6 CIDR ranges this key accepts requests from, fixed at creation; empty means any address. Requests from elsewhere get 403 `ip_not_allowed`."),
    }),
  })
  .meta({ id: "Me" });

export const EventSchema = z
  .object({
    id: uuid,
    slug: z.string().describe("URL-safe; unique within the organization"),
    name: z.string(),
    description: z.string().describe("Empty string when unset"),
    status: z.enum(["draft", "published", "archived"]),
    startAt: timestamp,
    endAt: timestamp,
    timezone: z.string().describe("IANA zone name"),
    location: z.string().describe("Free text; empty string when unset"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Event" });

export const SESSION_TYPES = [
  "keynote", "talk", "panel", "fireside", "lightning", "workshop", "masterclass", "training", "demo",
  "roundtable", "breakout", "qa", "ceremony", "announcement", "exhibition", "networking", "reception",
  "party", "meal", "break", "other",
] as const;

export const SessionSchema = z
  .object({
    id: uuid,
    eventId: uuid,
    title: z.string(),
    description: z.string(),
    type: z.string().describe(`Currently one of ${SESSION_TYPES.join(", ")}. The set grows: treat an unrecognised value as \`other\``),
    startAt: timestamp,
    endAt: timestamp,
    trackId: uuid.nullable(),
    room: z.string().nullable().describe("Free-text room name; not an id into the rooms list"),
    capacity: z.number().int().nullable().describe("Null means uncapped"),
    speakerIds: z.array(uuid).describe("In billing order"),
    updatedAt: timestamp.describe(
      "When the session last changed; the high-water mark of an incremental sync (`updatedSince`). Added 2026-11-25",
    ),
  })
  .meta({ id: "Session" });

export const TrackSchema = z
  .object({
    id: uuid,
    name: z.string(),
    color: z.string().nullable().describe("Hex colour such as #1a2b3c"),
    sortOrder: z.number().int(),
  })
  .meta({ id: "Track" });

export const RoomSchema = z.object({ id: uuid, name: z.string(), sortOrder: z.number().int() }).meta({ id: "Room" });

export const SpeakerSchema = z
  .object({
    id: uuid,
    name: z.string(),
    title: z.string().nullable().describe("Job title"),
    company: z.string().nullable(),
    bio: z.string().nullable(),
    photoUrl: z.string().nullable().describe("Absolute URL; set only when the organiser supplied a link"),
    photoPath: z.string().nullable().describe("Stored-object path when the photo was uploaded"),
  })
  .meta({ id: "Speaker" });

export const SponsorSchema = z
  .object({
    id: uuid,
    name: z.string(),
    tier: z.string().describe("Organiser-defined free text"),
    websiteUrl: z.string().nullable(),
    description: z.string(),
    sortOrder: z.number().int(),
    featuredOnCards: z.boolean().describe("True for the single sponsor whose logo prints on every QR card; at most one per event"),
  })
  .meta({ id: "Sponsor" });

export const InfoSectionSchema = z
  .object({
    id: uuid,
    title: z.string(),
    summary: z.string().nullable(),
    body: z.string(),
    icon: z.string(),
    details: z.array(z.object({ label: z.string(), value: z.string() })),
    sortOrder: z.number().int(),
  })
  .meta({ id: "InfoSection" });

export const AttendeeSchema = z
  .object({
    id: uuid,
    eventId: uuid,
    displayName: z.string(),
    email: z.string().describe("Address invited at; unique within the event (case-insensitive); immutable"),
    company: z.string().nullable(),
    jobTitle: z.string().nullable(),
    status: z.enum(["invited", "active", "revoked"]),
    visibleInList: z.boolean().describe("Consent to appear in the in-app attendee directory"),
    badgeCode: z.string().regex(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/).describe("Six characters; the sixth is a check character"),
    invitedAt: timestamp.nullable(),
    checkedInAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Attendee" });

export const CheckInSchema = z.object({ attendeeId: uuid, checkedInAt: timestamp }).meta({ id: "CheckIn" });

export const ApiRequestSchema = z
  .object({
    requestId: z.string().describe("The `x-request-id` the response carried; quote it to support"),
    at: timestamp.describe("When the request arrived"),
    method: z.string(),
    route: z.string().describe("The route's pattern, e.g. `/events/{eventId}/attendees`: no id or query value of the path"),
    status: z.number().int().describe("The HTTP status answered"),
    errorCode: z.string().nullable().describe("The envelope's `code` for an error answer, else null"),
    durationMs: z.number().int().describe("Time to answer, in milliseconds"),
    clientIp: z.string().nullable().describe("The address the request came from, when known"),
    userAgent: z.string().nullable().describe("The User-Agent header, as sent (capped)"),
  })
  .meta({ id: "ApiRequest" });

export const SessionAttendanceSchema = z
  .object({ id: uuid, sessionId: uuid, attendeeId: uuid, scannedAt: timestamp })
  .meta({ id: "SessionAttendance" });

export const FormFieldSchema = z
  .object({
    key: z.string().describe("Stable, never renamed; answers are stored under it"),
    label: z.string(),
    type: z.string().describe("Currently one of short_text, long_text, email, phone, number, date, single_select, multi_select, checkbox, rating; new types appear without notice"),
    required: z.boolean(),
  })
  .meta({ id: "FormField" });

export const FormSchema = z
  .object({
    id: uuid,
    eventId: uuid,
    name: z.string(),
    description: z.string(),
    status: z.enum(["draft", "open", "closed"]),
    fields: z.array(FormFieldSchema),
  })
  .meta({ id: "Form" });

export const FormSubmissionSchema = z
  .object({
    id: uuid,
    formId: uuid,
    attendeeId: uuid,
    submittedAt: timestamp.describe("First submission"),
    updatedAt: timestamp.describe("Moves when the attendee corrects answers"),
    answers: z.record(z.string(), z.unknown()).describe("Keyed by field key"),
  })
  .meta({ id: "FormSubmission" });

export const FeedbackSchema = z
  .object({
    id: uuid,
    attendeeId: uuid.nullable(),
    sessionId: uuid.nullable(),
    kind: z.enum(["feedback", "suggestion", "rating", "review"]),
    rating: z.number().int().min(1).max(5).nullable(),
    comment: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Feedback" });

export type Me = z.infer<typeof MeSchema>;
export type EventResource = z.infer<typeof EventSchema>;
export type SessionResource = z.infer<typeof SessionSchema>;
export type Track = z.infer<typeof TrackSchema>;
export type Room = z.infer<typeof RoomSchema>;
export type Speaker = z.infer<typeof SpeakerSchema>;
export type Sponsor = z.infer<typeof SponsorSchema>;
export type InfoSection = z.infer<typeof InfoSectionSchema>;
export type AttendeeResource = z.infer<typeof AttendeeSchema>;
export type CheckInResource = z.infer<typeof CheckInSchema>;
export type ApiRequestResource = z.infer<typeof ApiRequestSchema>;
export type SessionAttendanceResource = z.infer<typeof SessionAttendanceSchema>;
export type FormResource = z.infer<typeof FormSchema>;
export type FormSubmissionResource = z.infer<typeof FormSubmissionSchema>;
export type FeedbackResource = z.infer<typeof FeedbackSchema>;

/** Envelopes, for the OpenAPI document and response parsing in tests. */
export const singleEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const pagedEnvelope = <T extends z.ZodType>(schema: T) =>
  z.object({ data: z.array(schema), meta: z.object({ nextCursor: z.string().nullable() }) });
export const listEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema) });

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().describe("Branch on this (and details.reason), never on message"),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
      requestId: z.string().describe("Equals the x-request-id response header"),
    }),
  })
  .meta({ id: "Error" });
