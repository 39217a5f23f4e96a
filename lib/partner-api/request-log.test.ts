import { describe, expect, it } from "vitest";
import { routePattern } from "./request-log";

// The route logged for a request is its pattern: ids and free text from the path never
// reach the log.

const EVENT = "3f1c2a4e-1111-4a2b-8c3d-000000000001";
const ATTENDEE = "3f1c2a4e-2222-4a2b-8c3d-000000000002";

describe("routePattern", () => {
  it.each([
    ["/partner/v1/me", {}, "/me"],
    ["/partner/v1/events", {}, "/events"],
    [`/partner/v1/events/${EVENT}/attendees`, { eventId: EVENT }, "/events/{eventId}/attendees"],
    [`/partner/v1/events/${EVENT}/attendees/${ATTENDEE}`, { eventId: EVENT, attendeeId: ATTENDEE }, "/events/{eventId}/attendees/{attendeeId}"],
    ["/partner/v1/events/not-a-uuid", { eventId: "not-a-uuid" }, "/events/{eventId}"],
    ["/partner/v1/events/a%20b", { eventId: "a b" }, "/events/{eventId}"],
    ["/partner/v1/no/such/secret-path", { path: ["no", "such", "secret-path"] }, "/{path*}"],
  ])("%s → its pattern", (pathname, params, expected) => {
    expect(routePattern(pathname, params)).toBe(expected);
  });
});
