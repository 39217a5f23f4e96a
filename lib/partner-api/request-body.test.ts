import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { createStockedEvent } from "@/lib/testing/programme-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { takeWriteSnapshot } from "@/lib/testing/write-snapshot";
import { MAX_BODY_BYTES } from "./request-body";

// Bodies the write routes must refuse, over HTTP: each answer is the envelope and nothing
// is written (no attendee row, no changed updatedAt, no webhook outbox row).

let server: RouteServer;
let key: string;
let orgId: string;
let paths: Record<"POST" | "PATCH", string>;

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  orgId = org.id;
  key = (await createTestKey(org.id)).secret;
  const stocked = await createStockedEvent(org.id);
  paths = {
    POST: `/partner/v1/events/${stocked.event.id}/attendees`,
    PATCH: `/partner/v1/events/${stocked.event.id}/attendees/${stocked.attendee.id}`,
  };
});
afterAll(async () => server?.close());

const json = "application/json";
const big = JSON.stringify({ email: "big@example.com", displayName: "x".repeat(MAX_BODY_BYTES) });

/** A stream with no Content-Length: the limit must hold while reading, not only on the header. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
      controller.close();
    },
  });
}

const cases: [string, string | undefined, BodyInit | undefined, number, string, string][] = [
  ["no Content-Type", undefined, '{"email":"a@example.com"}', 400, "INVALID_INPUT", "invalid_content_type"],
  ["text/plain", "text/plain", '{"email":"a@example.com"}', 400, "INVALID_INPUT", "invalid_content_type"],
  ["form-encoded", "application/x-www-form-urlencoded", "email=a%40example.com", 400, "INVALID_INPUT", "invalid_content_type"],
  ["application/jsonx", "application/jsonx", '{"email":"a@example.com"}', 400, "INVALID_INPUT", "invalid_content_type"],
  ["JSON in latin-1", "application/json; charset=iso-8859-1", '{"email":"a@example.com"}', 400, "INVALID_INPUT", "invalid_content_type"],
  ["an empty body", json, "", 400, "INVALID_INPUT", "invalid_json"],
  ["not JSON", json, "email=a@example.com", 400, "INVALID_INPUT", "invalid_json"],
  ["truncated JSON", json, '{"email":"a@example.com"', 400, "INVALID_INPUT", "invalid_json"],
  ["invalid UTF-8", json, new Uint8Array([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), 400, "INVALID_INPUT", "invalid_utf8"],
  ["a JSON array", json, '[{"email":"a@example.com"}]', 400, "INVALID_INPUT", "invalid_type"],
  ["JSON null", json, "null", 400, "INVALID_INPUT", "invalid_type"],
  ["deep nesting", json, "[".repeat(20_000) + "]".repeat(20_000), 400, "INVALID_INPUT", "invalid_type"],
  ["a prototype key", json, '{"email":"p@example.com","__proto__":{"status":"revoked"}}', 400, "INVALID_INPUT", "unrecognized_keys"],
  ["over the limit, declared", json, big, 413, "PAYLOAD_TOO_LARGE", "body_too_large"],
];

describe.each(["POST", "PATCH"] as const)("%s attendee", (method) => {
  it.each(cases)("%s: refused in the envelope, nothing written", async (_name, contentType, body, status, code, issueOrReason) => {
    const before = await takeWriteSnapshot(orgId);
    const response = await fetch(`${server.baseUrl}${paths[method]}`, {
      method,
      headers: { ...bearer(key), ...(contentType ? { "content-type": contentType } : {}) },
      body,
    });
    expect(response.status).toBe(status);
    const { error } = await response.json();
    expect(error.code).toBe(code);
    expect(error.requestId).toBe(response.headers.get("x-request-id"));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    if (status === 413) {
      expect(error.details).toEqual({ reason: "body_too_large", maxBytes: MAX_BODY_BYTES });
    } else {
      expect(error.details.reason).toBe("invalid_body");
      expect(error.details.issues.map((issue: { code: string }) => issue.code)).toContain(issueOrReason);
    }
    expect(await takeWriteSnapshot(orgId)).toEqual(before);
  });

  it.each([
    ["displayName", "a\u0000b"],
    ["displayName", "line\u2028break"],
    ["company", "bell\u0007"],
    ["jobTitle", "del\u007f"],
  ])("%s %j: 400 naming the field, nothing written", async (field, value) => {
    const before = await takeWriteSnapshot(orgId);
    const response = await fetch(`${server.baseUrl}${paths[method]}`, {
      method,
      headers: { ...bearer(key), "content-type": json },
      body: JSON.stringify(method === "POST" ? { email: "control@example.com", [field]: value } : { [field]: value }),
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.details.fields[field].message).toBe(`${field} must not contain control characters.`);
    expect(await takeWriteSnapshot(orgId)).toEqual(before);
  });

  it("over the limit while streaming (no Content-Length) → 413, nothing written", async () => {
    const before = await takeWriteSnapshot(orgId);
    const response = await fetch(`${server.baseUrl}${paths[method]}`, {
      method,
      headers: { ...bearer(key), "content-type": json },
      body: chunked(big),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.details.reason).toBe("body_too_large");
    expect(await takeWriteSnapshot(orgId)).toEqual(before);
  });

  it("a body just under the limit is read (and judged on its fields)", async () => {
    const padding = MAX_BODY_BYTES - 100;
    const response = await fetch(`${server.baseUrl}${paths[method]}`, {
      method,
      headers: { ...bearer(key), "content-type": "application/json; charset=UTF-8" },
      body: JSON.stringify({ email: "near@example.com", displayName: "x".repeat(padding) }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.details.fields.displayName).toBeDefined();
  });
});
