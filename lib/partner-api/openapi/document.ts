import { z } from "zod";
import {
  AttendeeSchema,
  CheckInSchema,
  ErrorSchema,
  EventSchema,
  FeedbackSchema,
  FormFieldSchema,
  FormSchema,
  FormSubmissionSchema,
  InfoSectionSchema,
  listEnvelope,
  MeSchema,
  pagedEnvelope,
  RoomSchema,
  SessionAttendanceSchema,
  SessionSchema,
  singleEnvelope,
  SpeakerSchema,
  SponsorSchema,
  TrackSchema,
} from "../resources";
import { API_VERSION, CHANGELOG } from "./changelog";
import { ERROR_CATALOGUE, type ErrorCatalogueEntry } from "./error-catalogue";
import { guideMarkdown } from "./guide";
import { OPERATION_TAGS, OPERATIONS, PATH_PARAMETERS, pathParameterNames, type EnvelopeKind, type Operation } from "./operations";
import type { JsonSchema, OpenApiDocument, OperationObject, ParameterObject, ResponseObject } from "./types";

// GET /partner/v1/openapi.json: the OpenAPI 3.1 document, generated from the operations
// registry and the zod schemas the handlers validate with (zod 4's native JSON Schema
// output, draft 2020-12, which is OpenAPI 3.1's schema dialect). Built once per process.

export const SERVER_URL = "/partner/v1";
const SCHEMA_REF = (id: string) => `#/components/schemas/${id}`;

/** Resources that are components even when no operation returns them bare (FormField). */
const RESOURCE_SCHEMAS: z.ZodType[] = [
  MeSchema,
  EventSchema,
  SessionSchema,
  TrackSchema,
  RoomSchema,
  SpeakerSchema,
  SponsorSchema,
  InfoSectionSchema,
  AttendeeSchema,
  CheckInSchema,
  SessionAttendanceSchema,
  FormFieldSchema,
  FormSchema,
  FormSubmissionSchema,
  FeedbackSchema,
  ErrorSchema,
];

function metaId(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id !== "string") throw new Error("Every resource schema of the OpenAPI document needs .meta({ id }).");
  return id;
}

const ENVELOPE_SUFFIX: Record<EnvelopeKind, string> = { single: "Response", paged: "Page", list: "List" };
const ENVELOPE_BUILDERS: Record<EnvelopeKind, (schema: z.ZodType) => z.ZodType> = {
  single: singleEnvelope,
  paged: pagedEnvelope,
  list: listEnvelope,
};

/** Component name of an operation's success body, e.g. AttendeePage. */
export function envelopeComponentName(kind: EnvelopeKind, schema: z.ZodType): string {
  return `${metaId(schema)}${ENVELOPE_SUFFIX[kind]}`;
}

// The spec's versioning policy makes new response fields additive, so the document must not
// promise closed objects: a client validating with additionalProperties: false would break
// on the next release. Request bodies keep theirs (unknown fields are refused).
function openObjects(ctx: { jsonSchema: JsonSchema }) {
  if (ctx.jsonSchema.additionalProperties === false) delete ctx.jsonSchema.additionalProperties;
}

function toComponents(registry: z.core.$ZodRegistry<{ id: string }>, io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    uri: SCHEMA_REF,
    unrepresentable: "throw",
    ...(io === "output" ? { override: openObjects } : {}),
  }) as { schemas: Record<string, JsonSchema> };
  if ("__shared" in schemas) {
    const names = Object.keys((schemas.__shared as { $defs?: object }).$defs ?? {}).join(", ");
    throw new Error(`Schemas with .meta({ id }) are reachable but not registered as components: ${names}`);
  }
  for (const schema of Object.values(schemas)) {
    // Components live inside the document: their own $schema/$id would re-root their refs.
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

function buildComponentSchemas(): Record<string, JsonSchema> {
  const responses = z.registry<{ id: string }>();
  for (const schema of RESOURCE_SCHEMAS) responses.add(schema, { id: metaId(schema) });
  for (const operation of OPERATIONS) {
    const success = operation.success;
    if (!("envelope" in success)) continue;
    const id = envelopeComponentName(success.envelope, success.schema);
    if (!hasId(responses, id)) {
      responses.add(ENVELOPE_BUILDERS[success.envelope](success.schema), { id });
    }
  }
  const requests = z.registry<{ id: string }>();
  for (const operation of OPERATIONS) {
    if (operation.body && !hasId(requests, operation.body.component)) {
      requests.add(operation.body.schema, { id: operation.body.component });
    }
  }
  const output = toComponents(responses, "output");
  const input = toComponents(requests, "input");
  for (const name of Object.keys(input)) {
    if (name in output) throw new Error(`Component ${name} is both a request and a response schema.`);
  }
  return { ...output, ...input };
}

function hasId(registry: z.core.$ZodRegistry<{ id: string }>, id: string): boolean {
  return registry._idmap.has(id);
}

// ---------------------------------------------------------------------------------------
// Headers and error responses

const HEADERS: Record<string, { description: string; schema: JsonSchema }> = {
  XRequestId: { description: "Identifies this request; equals `error.requestId` of a failure. Quote it when asking for help.", schema: { type: "string" } },
  CacheControl: { description: "Always `private, no-store`.", schema: { type: "string", const: "private, no-store" } },
  XRateLimitLimit: { description: "Requests allowed per key per minute (600). Present once the request reached the rate-limit check.", schema: { type: "integer" } },
  XRateLimitRemaining: { description: "Requests left in the key's current window.", schema: { type: "integer", minimum: 0 } },
  XRateLimitReset: { description: "Seconds until the key's window rolls over.", schema: { type: "integer", minimum: 1 } },
  RetryAfter: { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } },
  WWWAuthenticate: { description: 'Bearer challenge naming the realm, e.g. `Bearer realm="partner-api", error="invalid_token"`.', schema: { type: "string" } },
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
const BASE_HEADERS = { "x-request-id": headerRef("XRequestId"), "Cache-Control": headerRef("CacheControl") };
const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": headerRef("XRateLimitLimit"),
  "X-RateLimit-Remaining": headerRef("XRateLimitRemaining"),
  "X-RateLimit-Reset": headerRef("XRateLimitReset"),
};

/** Failures answered after the rate-limit check also carry its headers. */
const AFTER_RATE_LIMIT = new Set(["InvalidInput", "NotFound", "Conflict", "PayloadTooLarge", "TooManyRequests", "Forbidden"]);

function errorResponses(): Record<string, ResponseObject> {
  const byResponse = new Map<string, ErrorCatalogueEntry[]>();
  for (const entry of ERROR_CATALOGUE) byResponse.set(entry.response, [...(byResponse.get(entry.response) ?? []), entry]);
  const responses: Record<string, ResponseObject> = {};
  for (const [name, entries] of byResponse) {
    const lines = entries.flatMap((entry) =>
      entry.reasons.map(
        (reason) =>
          `- \`${entry.code}\`${reason.reason ? ` / \`${reason.reason}\`` : ""}: ${reason.condition}.${reason.details ? ` ${reason.details}` : ""}`,
      ),
    );
    const examples: Record<string, { summary: string; value: unknown }> = {};
    for (const entry of entries) {
      for (const reason of entry.reasons) {
        examples[reason.reason ?? entry.code.toLowerCase()] = {
          summary: reason.condition,
          value: { error: { code: entry.code, message: reason.message, ...exampleDetails(reason.reason), requestId: "req_3f2a9c0e8b7d4e6f9a1b2c3d4e5f6a7b" } },
        };
      }
    }
    responses[name] = {
      description: `${entries.map((entry) => entry.summary).join(" ")}\n\n${lines.join("\n")}`,
      headers: {
        ...BASE_HEADERS,
        ...(AFTER_RATE_LIMIT.has(name) ? RATE_LIMIT_HEADERS : {}),
        ...(name === "TooManyRequests" ? { "Retry-After": headerRef("RetryAfter") } : {}),
        ...(name === "Unauthorized" ? { "WWW-Authenticate": headerRef("WWWAuthenticate") } : {}),
      },
      content: { "application/json": { schema: { $ref: SCHEMA_REF("Error") }, examples } },
    };
  }
  return responses;
}

function exampleDetails(reason: string | null): { details?: Record<string, unknown> } {
  switch (reason) {
    case null:
      return {};
    case "invalid_body":
      return {
        details: {
          reason,
          fields: { limit: { code: "too_big", message: "limit must be an integer from 1 to 200." } },
          issues: [{ code: "too_big", path: ["limit"], message: "limit must be an integer from 1 to 200.", maximum: 200, origin: "number", inclusive: true }],
        },
      };
    case "insufficient_scope":
      return { details: { reason, requiredScope: "events:read" } };
    case "attendee_exists":
      return { details: { reason, attendeeId: "0f8e5a4c-2b1d-4c3e-9f7a-6b5c4d3e2f1a" } };
    case "body_too_large":
      return { details: { reason, maxBytes: 65536 } };
    case "rate_limited":
      return { details: { reason, retryAfterSeconds: 42 } };
    default:
      return { details: { reason } };
  }
}

// ---------------------------------------------------------------------------------------
// Operations

function queryParameters(operation: Operation): ParameterObject[] {
  if (!operation.query) return [];
  return Object.entries(operation.query.shape).map(([name, field]) => {
    const schema = z.toJSONSchema(field as z.ZodType, { target: "draft-2020-12", io: "input" }) as JsonSchema;
    delete schema.$schema;
    const description = typeof schema.description === "string" ? schema.description : undefined;
    delete schema.description;
    return {
      name,
      in: "query",
      // A parameter is required when leaving it out fails validation.
      required: !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema,
    };
  });
}

function pathParameters(operation: Operation): ParameterObject[] {
  return pathParameterNames(operation.path).map((name) => {
    const description = PATH_PARAMETERS[name];
    if (!description) throw new Error(`Path parameter {${name}} of ${operation.path} has no description.`);
    return { name, in: "path", required: true, description, schema: { type: "string", format: "uuid" } };
  });
}

const errorRef = (name: string, description?: string) => ({
  $ref: `#/components/responses/${name}`,
  ...(description ? { description } : {}),
});

function operationResponses(operation: Operation): Record<string, unknown> {
  const { success } = operation;
  const responses: Record<string, unknown> = {};
  if ("document" in success) {
    responses[String(success.status)] = {
      description: success.description,
      headers: BASE_HEADERS,
      content:
        success.document === "openapi"
          ? { "application/json": { schema: { type: "object", description: "An OpenAPI 3.1 document" } } }
          : { "text/html": { schema: { type: "string" } } },
    };
    return responses;
  }
  responses[String(success.status)] = {
    description: success.description,
    headers: { ...BASE_HEADERS, ...RATE_LIMIT_HEADERS, ...operation.successHeaders },
    content: { "application/json": { schema: { $ref: SCHEMA_REF(envelopeComponentName(success.envelope, success.schema)) } } },
  };
  const hasCursor = Boolean(operation.query && "cursor" in operation.query.shape);
  if (operation.query || operation.body) {
    responses["400"] = errorRef(
      "InvalidInput",
      hasCursor
        ? "`INVALID_INPUT` (`invalid_body`): a query parameter or the body failed validation. `INVALID_CURSOR` (`invalid_cursor`): the cursor was not issued for this list."
        : "`INVALID_INPUT` (`invalid_body`): a query parameter or the body failed validation.",
    );
  }
  responses["401"] = errorRef("Unauthorized");
  responses["402"] = errorRef("PaymentRequired");
  responses["403"] = errorRef(
    "Forbidden",
    operation.scope
      ? `\`insufficient_scope\`: the key lacks \`${operation.scope}\` (named in \`details.requiredScope\`). \`org_suspended\`: the organization is not active.`
      : "`org_suspended`: the organization is not active.",
  );
  if (operation.notFound) responses["404"] = errorRef("NotFound", operation.notFound);
  if (operation.conflict) responses["409"] = errorRef("Conflict", operation.conflict);
  if (operation.body) responses["413"] = errorRef("PayloadTooLarge");
  responses["429"] = errorRef("TooManyRequests");
  responses["500"] = errorRef("InternalError");
  responses["503"] = errorRef("IntegrationsDisabled");
  return responses;
}

function scopeSentence(operation: Operation): string {
  if (operation.scope === "public") return "**Authentication:** none (public).";
  if (operation.scope === null) return "**Scope:** none (any valid key).";
  return `**Scope:** \`${operation.scope}\`.`;
}

function operationObject(operation: Operation): OperationObject {
  const parameters = [
    ...pathParameters(operation),
    ...queryParameters(operation),
    ...(operation.requestHeaders ?? []).map((header) => ({ ...header, in: "header" as const, required: false })),
  ];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: `${operation.description}\n\n${scopeSentence(operation)}`,
    tags: [operation.tag],
    ...(operation.scope === "public" ? { security: [] } : { "x-required-scope": operation.scope }),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: SCHEMA_REF(operation.body.component) }, example: operation.body.example },
            },
          },
        }
      : {}),
    responses: operationResponses(operation),
  };
}

// ---------------------------------------------------------------------------------------

function generate(): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of OPERATIONS) {
    const item = (paths[operation.path] ??= {});
    const method = operation.method.toLowerCase() as "get" | "post" | "patch";
    if (item[method]) throw new Error(`${operation.method} ${operation.path} is listed twice.`);
    item[method] = operationObject(operation);
  }
  const operationIds = OPERATIONS.map((operation) => operation.operationId);
  if (new Set(operationIds).size !== operationIds.length) throw new Error("operationIds must be unique.");

  return {
    openapi: "3.1.0",
    info: {
      title: "Partner API",
      version: API_VERSION,
      summary: "Read one organization's events, programme, guest list and engagement records; create and update attendees.",
      description: guideMarkdown(),
    },
    externalDocs: { description: "The same reference as a readable page", url: `${SERVER_URL}/docs` },
    "x-changelog": CHANGELOG.map((entry) => ({ ...entry, changes: [...entry.changes] })),
    servers: [{ url: SERVER_URL, description: "The Partner API v1, relative to the host this document was fetched from." }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: OPERATION_TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: buildComponentSchemas(),
      responses: errorResponses(),
      headers: Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [name, { ...header }])),
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "svc_live_…",
          description: "`Authorization: Bearer <API key>`. The key is `svc_live_` followed by 32 random characters. Preferred form; wins when both headers are sent.",
        },
        apiKeyHeader: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "`X-API-Key: <API key>`, the secondary form.",
        },
      },
      "x-error-codes": ERROR_CATALOGUE.map((entry) => ({
        status: entry.status,
        code: entry.code,
        summary: entry.summary,
        retry: entry.retry,
        reasons: entry.reasons.map(({ reason, condition, details }) => ({ reason, condition, ...(details ? { details } : {}) })),
      })),
    },
  };
}

let cached: OpenApiDocument | undefined;
let cachedJson: string | undefined;

/** The document, computed on first use and then shared (treat it as read-only). */
export function buildOpenApiDocument(): OpenApiDocument {
  cached ??= generate();
  return cached;
}

/** The document serialised once, for the route. */
export function openApiDocumentJson(): string {
  cachedJson ??= JSON.stringify(buildOpenApiDocument());
  return cachedJson;
}
