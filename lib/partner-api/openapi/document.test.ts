import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import * as ajvFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_STATUS } from "@/lib/platform/errors/app-error";
import { SCOPES, type Scope } from "@/lib/domain/keys/scopes";
import { servedMethods } from "@/lib/partner-api/route-methods";
import { updateEvent } from "@/lib/domain/events/update-event";
import { flushRequestLog } from "@/lib/domain/request-log/record";
import { bearer, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { createStockedEvent, type StockedEvent } from "@/lib/testing/programme-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { routeTable } from "@/lib/testing/route-table";
import { API_VERSION } from "./changelog";
import { buildOpenApiDocument, SERVER_URL } from "./document";
import { OPERATIONS } from "./operations";
import type { JsonSchema, OpenApiDocument, OperationObject } from "./types";
import { OPERATOR } from "@/lib/domain/audit/record";

// The OpenAPI document: valid OpenAPI 3.1, describing exactly the routes that exist, with
// the scopes they really enforce and the shapes they really return.

const doc = buildOpenApiDocument();

function documented(): { method: string; path: string; operation: OperationObject }[] {
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path: route, operation: operation! })),
  );
}

describe("the document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("the validator would notice a broken document", async () => {
    // A $ref to a component that is not there, as a renamed resource schema would leave.
    const dangling = structuredClone(doc) as unknown as { components: { schemas: Record<string, unknown> } };
    delete dangling.components.schemas.Attendee;
    expect((await new Validator().validate(dangling as never)).valid).toBe(false);
  });

  it("carries the current version and the changelog, newest first", () => {
    expect(doc.info.version).toBe("2026-12-01");
    expect(API_VERSION).toBe(doc.info.version);
    const changelog = doc["x-changelog"];
    expect(changelog.map((entry) => entry.version)).toEqual(["2026-12-01", "2026-11-27", "2026-11-25", "2026-09-10", "2026-09-09"]);
    expect(changelog[0].version).toBe(doc.info.version);
    for (const entry of changelog) {
      expect(["additive", "breaking"]).toContain(entry.kind);
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.changes.length).toBeGreaterThan(0);
    }
    const dates = changelog.map((entry) => entry.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(changelog[0].kind).toBe("additive");
    expect(changelog[0].changes.join(" ")).toMatch(/GET \/requests[\s\S]*svc-partner/);
    expect(changelog[0].changes.join(" ")).toMatch(/JSONata[\s\S]*google-chat/);
    expect(changelog[1].changes.join(" ")).toMatch(/webhook-signature/);
    expect(changelog[1].changes.join(" ")).toMatch(/badgeCode[\s\S]*email/);
    expect(changelog[2].changes.join(" ")).toMatch(/Idempotency-Key[\s\S]*updatedSince/);
    expect(changelog[3].changes.join(" ")).toMatch(/badgeCode[\s\S]*featuredOnCards|featuredOnCards[\s\S]*badgeCode/);
    // The description shows the same changelog, newest first.
    const description = doc.info.description;
    expect(description.indexOf("**2026-12-01** (additive)")).toBeGreaterThan(0);
    expect(description.indexOf("**2026-12-01**")).toBeLessThan(description.indexOf("**2026-11-27**"));
    expect(description.indexOf("**2026-11-27**")).toBeLessThan(description.indexOf("**2026-11-25**"));
    expect(description.indexOf("**2026-11-25**")).toBeLessThan(description.indexOf("**2026-09-10**"));
    expect(description.indexOf("**2026-09-10**")).toBeLessThan(description.indexOf("**2026-09-09**"));
  });

  it("declares both ways of sending a key, required everywhere but the two public routes", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: SERVER_URL })]);
    const publicRoutes = documented().filter(({ operation }) => operation.security?.length === 0);
    expect(publicRoutes.map(({ method, path: route }) => `${method} ${route}`).sort()).toEqual(["GET /docs", "GET /openapi.json"]);
  });

  it("lists every error status of every keyed operation, with the spec's headers", () => {
    const responses = doc.components.responses;
    for (const { method, path: route, operation } of documented()) {
      if (operation.security?.length === 0) {
        expect(Object.keys(operation.responses).sort(), `${method} ${route}`).toEqual(["200", "405", "500"]);
        continue;
      }
      const statuses = Object.keys(operation.responses);
      const expected = ["401", "402", "403", "405", "429", "500", "503"];
      if (operation.parameters?.some((parameter) => parameter.in === "path")) expected.push("404");
      if (operation.parameters?.some((parameter) => parameter.in === "query") || operation.requestBody) expected.push("400");
      if (method === "POST" || method === "PATCH") expected.push("409");
      if (operation.requestBody) expected.push("413");
      expect(statuses.filter((status) => !status.startsWith("2")).sort(), `${method} ${route}`).toEqual(expected.sort());
      expect(typeof operation["x-required-scope"] === "string" || operation["x-required-scope"] === null).toBe(true);
      expect(operation.description).toContain(operation["x-required-scope"] ? `\`${operation["x-required-scope"]}\`` : "any valid key");
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))!;
      expect(Object.keys((success[1] as { headers: object }).headers)).toEqual(
        expect.arrayContaining(["x-request-id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]),
      );
    }
    expect(Object.keys(responses.Unauthorized.headers!)).toContain("WWW-Authenticate");
    expect(Object.keys(responses.TooManyRequests.headers!)).toEqual(expect.arrayContaining(["Retry-After", "X-RateLimit-Reset"]));
    expect(Object.keys(responses.MethodNotAllowed.headers!)).toContain("Allow");
    expect(Object.keys(responses.ServiceUnavailable.headers!)).toContain("Retry-After");
    // Both 503 codes share the one 503 response, each with its own example.
    const unavailable = responses.ServiceUnavailable.content!["application/json"].examples!;
    expect(Object.values(unavailable).map((example) => (example.value as { error: { code: string } }).error.code).sort()).toEqual([
      "INTEGRATIONS_DISABLED",
      "SERVICE_UNAVAILABLE",
    ]);
    const patch = doc.paths["/events/{eventId}/attendees/{attendeeId}"].patch!.responses["409"] as { description: string };
    expect(patch.description).toContain("event_archived");
    const post = doc.paths["/events/{eventId}/attendees"].post!.responses["409"] as { description: string };
    expect(post.description).toMatch(/attendee_exists[\s\S]*event_archived/);
    for (const response of Object.values(responses)) {
      expect(response.content!["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      expect(Object.keys(response.headers!)).toContain("x-request-id");
    }
  });

  it("documents every error code the service has, and every details.reason", () => {
    const codes = doc.components["x-error-codes"];
    expect(codes.map((entry) => entry.code).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    for (const entry of codes) expect(entry.status).toBe(ERROR_STATUS[entry.code as keyof typeof ERROR_STATUS]);
    const reasons = codes.flatMap((entry) => entry.reasons.map((reason) => reason.reason)).filter(Boolean);
    expect(reasons.sort()).toEqual(
      [
        "invalid_body", "invalid_cursor", "missing_key", "invalid_key", "revoked_key", "expired_key", "payment_required",
        "billing_suspended", "billing_closed", "insufficient_scope", "ip_not_allowed", "org_suspended", "attendee_exists", "body_too_large", "rate_limited",
        "method_not_allowed", "database_unavailable", "event_archived", "invalid_header", "idempotency_key_reused", "idempotency_key_in_use",
      ].sort(),
    );
    for (const reason of reasons) expect(doc.info.description).toContain(`\`${reason}\``);
  });

  it("takes query parameters from the zod query schemas, with their limits", () => {
    const list = doc.paths["/events/{eventId}/attendees"].get!;
    const byName = Object.fromEntries(list.parameters!.map((parameter) => [parameter.name, parameter]));
    expect(byName.eventId).toMatchObject({ in: "path", required: true, schema: { type: "string", format: "uuid" } });
    expect(byName.limit).toMatchObject({ in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 200, default: 50 } });
    expect(byName.cursor).toMatchObject({ in: "query", required: false, schema: { type: "string", minLength: 1, maxLength: 512 } });
    expect(byName.status.schema.enum).toEqual(["invited", "active", "revoked"]);
    expect(doc.paths["/events"].get!.parameters!.find((parameter) => parameter.name === "status")!.schema.enum).toEqual([
      "draft",
      "published",
      "archived",
    ]);
    const attendance = doc.paths["/events/{eventId}/session-attendance"].get!.parameters!;
    expect(attendance.find((parameter) => parameter.name === "sessionId")).toMatchObject({ required: false, schema: { format: "uuid" } });
  });

  it("documents updatedSince on the attendee and session lists, and Idempotency-Key on attendee creation", () => {
    for (const path of ["/events/{eventId}/attendees", "/events/{eventId}/sessions"] as const) {
      const updatedSince = doc.paths[path].get!.parameters!.find((parameter) => parameter.name === "updatedSince");
      expect(updatedSince).toMatchObject({ in: "query", required: false, schema: { type: "string", format: "date-time" } });
      expect(updatedSince!.description).toMatch(/at or after/);
    }
    const create = doc.paths["/events/{eventId}/attendees"].post!;
    const header = create.parameters!.find((parameter) => parameter.name === "Idempotency-Key");
    expect(header).toMatchObject({ in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 255 } });
    const created = create.responses["201"] as { headers: Record<string, unknown> };
    expect(created.headers["Idempotent-Replayed"]).toBeDefined();
    expect(doc.info.description).toContain("## Incremental sync");
    expect(doc.info.description).toContain("## Idempotent requests");
  });

  it("takes attendee bodies from the write schemas", () => {
    const create = doc.components.schemas.CreateAttendeeBody as { required: string[]; properties: Record<string, JsonSchema>; additionalProperties: boolean };
    expect(create.required).toEqual(["email"]);
    expect(Object.keys(create.properties).sort()).toEqual(["company", "displayName", "email", "jobTitle"]);
    expect(create.properties.email).toMatchObject({ maxLength: 320 });
    expect(create.additionalProperties).toBe(false);
    const update = doc.components.schemas.UpdateAttendeeBody as { required?: string[]; properties: Record<string, JsonSchema> };
    expect(update.required ?? []).toEqual([]);
    expect(Object.keys(update.properties).sort()).toEqual(["company", "displayName", "jobTitle"]);
    expect(doc.paths["/events/{eventId}/attendees"].post!.requestBody!.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/CreateAttendeeBody",
    });
  });
});

describe("the document and the routes agree", () => {
  it("every route served is described, and every described route is served", async () => {
    const routes = routeTable(path.join(process.cwd(), "app", "partner", "v1"), SERVER_URL).filter(
      (route) => !route.segments.some((segment) => segment.kind === "catchAll"),
    );
    const served: string[] = [];
    for (const route of routes) {
      const handlers = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      for (const method of servedMethods(handlers)) served.push(`${method} ${route.template.slice(SERVER_URL.length)}`);
    }
    const described = documented().map(({ method, path: route }) => `${method} ${route}`);
    expect(served.sort()).toEqual(described.sort());
    expect(described.length).toBe(OPERATIONS.length);
  });
});

// ---------------------------------------------------------------------------------------

let server: RouteServer;
let stocked: StockedEvent;
const keysWithout = new Map<Scope, string>();
let fullKey: string;

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  fullKey = (await createTestKey(org.id)).secret;
  for (const scope of SCOPES) keysWithout.set(scope, (await createTestKey(org.id, SCOPES.filter((other) => other !== scope))).secret);
  stocked = await createStockedEvent(org.id);
  // The fixtures write rows directly; one real change gives the webhook-events feed an item
  // (an update of an unrelated event, so the stocked rows stay as they are).
  const renamed = await createTestEvent(org.id);
  await updateEvent(org.id, renamed.id, { name: "Renamed for the feed" }, OPERATOR);
});
afterAll(async () => server?.close());

function call(method: string, route: string, key: string | null, body?: unknown) {
  return fetch(`${server.baseUrl}${SERVER_URL}${route}`, {
    method,
    headers: { ...(key ? bearer(key) : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("over HTTP", () => {
  it("GET /openapi.json serves this document without a key", async () => {
    const response = await call("GET", "/openapi.json", null);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  const keyed = OPERATIONS.filter((operation) => operation.scope !== "public" && operation.scope !== null);

  it.each(keyed.map((operation) => [operation.method, operation.path, operation.scope] as const))(
    "%s %s really requires %s",
    async (method, route, scope) => {
      // Random ids: the scope check comes before the lookup, so they never matter.
      const concrete = route.replace(/\{[^}]+\}/g, () => randomUUID());
      const response = await call(method, concrete, keysWithout.get(scope as Scope)!, method === "GET" ? undefined : {});
      const body = await response.json();
      expect(response.status).toBe(403);
      expect(body.error).toMatchObject({ code: "FORBIDDEN", details: { reason: "insufficient_scope", requiredScope: scope } });
    },
  );

  it("GET /me needs no particular scope", async () => {
    for (const key of keysWithout.values()) expect((await call("GET", "/me", key)).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------
// Real responses against the documented schemas. Objects are closed for this check, so a
// field the document does not list (say an internal column) fails it as well.

function closeObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closeObjects);
  if (!value || typeof value !== "object") return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, closeObjects(inner)])) as JsonSchema;
  if (copy.type === "object" && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

function responseValidator(document: OpenApiDocument) {
  const addFormats = ((ajvFormats as { default?: { default?: unknown } }).default?.default ??
    (ajvFormats as { default?: unknown }).default) as (ajv: Ajv2020) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const id = "https://partner.test/openapi.json";
  ajv.addSchema({ $id: id, components: { schemas: closeObjects(document.components.schemas) } });
  return (schema: JsonSchema, body: unknown) => {
    const validate = ajv.compile({ $ref: `${id}${String(schema.$ref)}` });
    const valid = validate(body);
    return valid ? null : validate.errors;
  };
}

describe("responses match the documented schemas", () => {
  const validate = responseValidator(doc);

  function schemaOf(method: string, route: string, status: string): JsonSchema {
    const operation = doc.paths[route][method.toLowerCase() as "get"]!;
    const response = operation.responses[status] as { $ref?: string; content?: Record<string, { schema: JsonSchema }> };
    if (response.$ref) return doc.components.responses[response.$ref.split("/").at(-1)!].content!["application/json"].schema;
    return response.content!["application/json"].schema;
  }

  const ids = () => ({ eventId: stocked.event.id, attendeeId: stocked.attendee.id, formId: stocked.form.id });
  const concrete = (route: string) => route.replace(/\{(\w+)\}/g, (_match, name: string) => ids()[name as keyof ReturnType<typeof ids>]);

  it.each(OPERATIONS.filter((operation) => operation.method === "GET" && operation.scope !== "public").map((operation) => operation.path))(
    "GET %s",
    async (route) => {
      // The request log is written a moment after each answer: this file's earlier calls, now.
      if (route === "/requests") await flushRequestLog();
      const response = await call("GET", concrete(route), fullKey);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(validate(schemaOf("GET", route, "200"), body)).toBeNull();
      // Non-empty, so the item schema was really exercised.
      if (Array.isArray(body.data)) expect(body.data.length).toBeGreaterThan(0);
    },
  );

  it("POST and PATCH attendee, and failures in the Error schema", async () => {
    const route = "/events/{eventId}/attendees";
    const email = `doc-${randomBytes(4).toString("hex")}@example.com`;
    const created = await call("POST", concrete(route), fullKey, { email, displayName: "Doc Test" });
    expect(created.status).toBe(201);
    const createdBody = await created.json();
    expect(validate(schemaOf("POST", route, "201"), createdBody)).toBeNull();

    const itemRoute = "/events/{eventId}/attendees/{attendeeId}";
    const patched = await call("PATCH", concrete(itemRoute).replace(stocked.attendee.id, createdBody.data.id), fullKey, { jobTitle: "Analyst" });
    expect(patched.status).toBe(200);
    expect(validate(schemaOf("PATCH", itemRoute, "200"), await patched.json())).toBeNull();

    const failures: [Response, string, string][] = [
      [await call("POST", concrete(route), fullKey, { email }), "POST", "409"],
      [await call("GET", `/events/${randomUUID()}`, fullKey), "GET", "404"],
      [await call("GET", "/events?limit=0", fullKey), "GET", "400"],
      [await call("GET", "/me", null), "GET", "401"],
    ];
    const templates: Record<string, string> = { "409": route, "404": "/events/{eventId}", "400": "/events", "401": "/me" };
    for (const [response, method, status] of failures) {
      expect(response.status).toBe(Number(status));
      expect(validate(schemaOf(method, templates[status], status), await response.json())).toBeNull();
    }
  });

  it("the check itself refuses an undocumented field or a wrong type", async () => {
    const route = "/events/{eventId}/attendees/{attendeeId}";
    const schema = schemaOf("GET", route, "200");
    const body = await (await call("GET", concrete(route), fullKey)).json();
    expect(validate(schema, body)).toBeNull();
    expect(validate(schema, { data: { ...body.data, qrToken: "internal" } })).not.toBeNull();
    expect(validate(schema, { data: { ...body.data, badgeCode: "ABC-DEF" } })).not.toBeNull();
    expect(validate(schema, { data: { ...body.data, createdAt: "yesterday" } })).not.toBeNull();
  });
});
