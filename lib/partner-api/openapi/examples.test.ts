import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "./document";
import { successExample } from "./examples";
import { OPERATIONS, type Operation } from "./operations";
import type { MediaTypeObject, ResponseObject } from "./types";

// The success example of every operation is in the document and matches the schema the
// handlers answer with; an example that drifted from its schema fails the build.

describe("success examples", () => {
  it("every operation's success response carries an example body", () => {
    const doc = buildOpenApiDocument();
    for (const operation of OPERATIONS) {
      const documented = doc.paths[operation.path][operation.method.toLowerCase() as "get" | "post" | "patch"]!;
      const response = documented.responses[String(operation.success.status)] as ResponseObject;
      const media = Object.values(response.content ?? {})[0] as MediaTypeObject;
      expect(media.example, operation.operationId).toBeDefined();
      expect(media.example).toEqual(successExample(operation));
      if ("envelope" in operation.success) {
        const data = (media.example as { data: unknown }).data;
        if (operation.success.envelope === "single") expect(data, operation.operationId).toBeTypeOf("object");
        else expect(Array.isArray(data) && data.length > 0, operation.operationId).toBe(true);
        if (operation.success.envelope === "paged") expect(media.example).toMatchObject({ meta: { nextCursor: expect.any(String) } });
      }
    }
  });

  it("refuses an example that no longer matches its schema (a field renamed, or removed)", () => {
    const attendees = OPERATIONS.find((operation) => operation.operationId === "getAttendee")!;
    const base = attendees.success as Extract<Operation["success"], { envelope: unknown }>;
    const attendeeShape = (base.schema as z.ZodObject).shape;
    const renamed = z.object({ ...attendeeShape, fullName: z.string() }).meta({ id: "Attendee" });
    expect(() => successExample({ ...attendees, success: { ...base, schema: renamed } })).toThrow(/does not match its schema/);
    const { badgeCode: _removed, ...rest } = attendeeShape;
    const removed = z.object(rest).meta({ id: "Attendee" });
    expect(() => successExample({ ...attendees, success: { ...base, schema: removed } })).toThrow(/fields its schema does not/);
  });
});
