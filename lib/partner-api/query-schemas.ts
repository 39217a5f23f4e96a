import { z } from "zod";
import { attendeeEmailSchema } from "@/lib/domain/attendees/attendee-input";
import { normalizeBadgeCode } from "@/lib/domain/badges/badge-code";
import { statusClassSchema } from "@/lib/domain/request-log/list";
import { FEED_EVENT_TYPES, type FeedEventType } from "@/lib/domain/webhooks/feed-types";

// Shared query parameters (spec, "Shared parameters and rules").
export const limitParam = z.coerce
  .number({ error: "limit must be an integer from 1 to 200." })
  .int("limit must be an integer from 1 to 200.")
  .min(1, "limit must be an integer from 1 to 200.")
  .max(200, "limit must be an integer from 1 to 200.")
  .default(50)
  .describe("Page size, 1 to 200 (default 50)");

export const cursorParam = z
  .string()
  .min(1)
  .max(512)
  .optional()
  .describe("The opaque meta.nextCursor of the previous page; omit for the first page");

export const pageQuery = z.object({ limit: limitParam, cursor: cursorParam });

const UPDATED_SINCE_MESSAGE = "updatedSince must be an ISO-8601 date-time with a time zone, e.g. 2026-11-25T09:30:00Z.";

// Incremental sync: rows changed at or after this instant, oldest change first. The value
// is part of the cursor's scope, so a cursor only continues the list it came from.
export const updatedSinceParam = z
  .iso.datetime({ offset: true, error: UPDATED_SINCE_MESSAGE })
  .transform((value) => new Date(value))
  .refine((value) => !Number.isNaN(value.getTime()), UPDATED_SINCE_MESSAGE)
  .optional()
  .describe(
    "Only rows whose updatedAt is at or after this ISO-8601 date-time; the list is then ordered by updatedAt, then id",
  );

export const eventListQuery = pageQuery.extend({
  status: z.enum(["draft", "published", "archived"]).optional().describe("Only events in this state"),
});

const BADGE_LOOKUP_MESSAGE = "badgeCode must be a badge code: six letters and digits, spaces and dashes ignored (e.g. PYT-UZX).";

// Lookups by the keys people and badge scanners hold: each matches at most one attendee of
// the event (both are unique per event), through the unique index.
export const badgeCodeLookupParam = z
  .string()
  .max(32, BADGE_LOOKUP_MESSAGE)
  .transform(normalizeBadgeCode)
  .pipe(z.string().regex(/^[A-Z0-9]{6}$/, BADGE_LOOKUP_MESSAGE))
  .optional()
  .describe(
    "Only the attendee with this badge code. Normalised as the badge rules say: spaces and dashes removed, upper-cased (PYT-UZX, pytuzx and PYT UZX are the same code). The list then holds zero or one attendee.",
  );

export const emailLookupParam = attendeeEmailSchema
  .optional()
  .describe("Only the attendee with this address, compared case-insensitively and otherwise exactly. The list then holds zero or one attendee.");

export const attendeeListQuery = pageQuery.extend({
  status: z.enum(["invited", "active", "revoked"]).optional().describe("Only attendees in this state"),
  updatedSince: updatedSinceParam,
  badgeCode: badgeCodeLookupParam,
  email: emailLookupParam,
});

export const sessionListQuery = pageQuery.extend({ updatedSince: updatedSinceParam });

export const sessionAttendanceQuery = pageQuery.extend({
  sessionId: z.uuid().optional().describe("Only scans of this session; a session of another event matches nothing"),
});

const SINCE_MESSAGE = "since must be an ISO-8601 date-time with a time zone, e.g. 2026-11-25T09:30:00Z.";

// GET /webhook-events. `types` is one comma-separated parameter (the issue's and Stripe's
// form); every name must be a feed type, so a typo is a 400 rather than an empty feed.
export const webhookEventFeedQuery = pageQuery.extend({
  types: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const names = value.split(",").map((name) => name.trim());
      const unknown = names.filter((name) => !(FEED_EVENT_TYPES as readonly string[]).includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `types: unknown event type${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => JSON.stringify(name)).join(", ")}; expected a comma-separated list of ${FEED_EVENT_TYPES.join(", ")}.`,
        });
        return z.NEVER;
      }
      return [...new Set(names)] as FeedEventType[];
    })
    .describe(`Only these event types, comma-separated (e.g. \`attendee.created,attendee.updated\`): any of ${FEED_EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}. An unknown type is 400`),
  since: z
    .iso.datetime({ offset: true, error: SINCE_MESSAGE })
    .transform((value) => new Date(value))
    .refine((value) => !Number.isNaN(value.getTime()), SINCE_MESSAGE)
    .optional()
    .describe("Only events created at or after this ISO-8601 date-time (history reaches back 30 days)"),
});

const REQUESTS_SINCE_MESSAGE = "since must be an ISO-8601 date-time with a time zone, e.g. 2026-12-01T09:30:00Z.";

// GET /requests: the key's own request log, the console's filters.
export const requestLogQuery = pageQuery.extend({
  status: z
    .enum(statusClassSchema.options, { error: "status must be one of 2xx, 4xx, 429, 5xx." })
    .optional()
    .describe("Only answers of this class: `2xx`, `4xx` (429 included), `429` or `5xx`"),
  since: z
    .iso.datetime({ offset: true, error: REQUESTS_SINCE_MESSAGE })
    .transform((value) => new Date(value))
    .refine((value) => !Number.isNaN(value.getTime()), REQUESTS_SINCE_MESSAGE)
    .optional()
    .describe("Only requests at or after this ISO-8601 date-time (the log keeps 14 days)"),
});
