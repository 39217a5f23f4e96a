import { z } from "zod";

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

export const eventListQuery = pageQuery.extend({
  status: z.enum(["draft", "published", "archived"]).optional().describe("Only events in this state"),
});

export const attendeeListQuery = pageQuery.extend({
  status: z.enum(["invited", "active", "revoked"]).optional().describe("Only attendees in this state"),
});

export const sessionAttendanceQuery = pageQuery.extend({
  sessionId: z.uuid().optional().describe("Only scans of this session; a session of another event matches nothing"),
});
