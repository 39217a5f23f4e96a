import type { Scope } from "@/lib/domain/keys/scopes";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";

// Which key scope reads which event type in GET /partner/v1/webhook-events: the scope that
// reads the resource the event is about. `ping` is never in the feed.

export type FeedEventType = Exclude<WebhookEventType, "ping">;

export const FEED_TYPE_SCOPES: Record<FeedEventType, Scope> = {
  "event.updated": "events:read",
  "event.published": "events:read",
  "attendee.created": "attendees:read",
  "attendee.updated": "attendees:read",
  "attendee.deleted": "attendees:read",
  "attendee.checked_in": "attendees:read",
  "session.created": "events:read",
  "session.updated": "events:read",
  "session.deleted": "events:read",
  "session_attendance.created": "engagement:read",
  "form.submission.created": "engagement:read",
  "feedback.created": "engagement:read",
};

export const FEED_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter((type): type is FeedEventType => type !== "ping");

/** The types a key holding `scopes` may read, in the canonical order. */
export function readableFeedTypes(scopes: readonly Scope[]): FeedEventType[] {
  return FEED_EVENT_TYPES.filter((type) => scopes.includes(FEED_TYPE_SCOPES[type]));
}
