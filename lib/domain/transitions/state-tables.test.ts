import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/platform/errors/app-error";
import { ATTENDEE_TRANSITIONS, EVENT_TRANSITIONS, FORM_TRANSITIONS, assertTransition, canTransition, restoredAttendeeStatus } from "./state-tables";

// The decided tables, written out: a change to a table must change this test and docs/console.md.

describe("state tables", () => {
  it("events: draft → published | archived, published → archived, archived is final", () => {
    expect(EVENT_TRANSITIONS).toEqual({ draft: ["published", "archived"], published: ["archived"], archived: [] });
  });

  it("attendees: invited → active | revoked, active → revoked, revoked → invited | active", () => {
    expect(ATTENDEE_TRANSITIONS).toEqual({ invited: ["active", "revoked"], active: ["revoked"], revoked: ["invited", "active"] });
  });

  it("forms: draft → open, open → closed, closed → open", () => {
    expect(FORM_TRANSITIONS).toEqual({ draft: ["open"], open: ["closed"], closed: ["open"] });
  });

  it("refuses a move outside the table with 409 invalid_transition", () => {
    expect(canTransition("event", "published", "draft")).toBe(false);
    expect(canTransition("event", "constructor", "draft")).toBe(false);
    const error = (() => {
      try {
        assertTransition("event", "archived", "published");
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "CONFLICT", details: { reason: "invalid_transition", from: "archived", to: "published" } });
    expect(() => assertTransition("form", "closed", "open")).not.toThrow();
  });

  it("restores to active when a user claimed the badge, invited otherwise", () => {
    expect(restoredAttendeeStatus({ userId: "u" })).toBe("active");
    expect(restoredAttendeeStatus({ userId: null })).toBe("invited");
  });
});
