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
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { WEBHOOK_DATA_SCHEMAS, WEBHOOK_EVENT_DESCRIPTIONS, webhookBodySchema } from "@/lib/webhooks/payload-schemas";
import { sampleWebhookBody } from "@/lib/webhooks/payload-examples";
import { ERROR_CATALOGUE, type ErrorCatalogueEntry } from "./error-catalogue";
import { guideMarkdown } from "./guide";
import { OPERATION_TAGS, OPERATIONS, PATH_PARAMETERS, pathParameterNames, type EnvelopeKind, type Operation } from "./operations";
import type { JsonSchema, OpenApiDocument, OperationObject, ParameterObject, ResponseObject, WebhookObject } from "./types";

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
  for (const type of WEBHOOK_EVENT_TYPES) {
    const data = WEBHOOK_DATA_SCHEMAS[type];
    if (!hasId(responses, metaId(data))) responses.add(data, { id: metaId(data) });
    responses.add(webhookBodySchema(type), { id: webhookComponentName(type) });
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

/** Component name of a webhook body, e.g. AttendeeCheckedInWebhook for attendee.checked_in. */
export function webhookComponentName(type: string): string {
  return `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}Webhook`;
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
  Allow: { description: "The methods the path takes, e.g. `GET, POST`.", schema: { type: "string" } },
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
        ...(name === "TooManyRequests" || name === "ServiceUnavailable" ? { "Retry-After": headerRef("RetryAfter") } : {}),
        ...(name === "MethodNotAllowed" ? { Allow: headerRef("Allow") } : {}),
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
    case "database_unavailable":
      return { details: { reason, retryAfterSeconds: 5 } };
    case "method_not_allowed":
      return { details: { reason, allowed: ["GET"] } };
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
    responses["405"] = errorRef("MethodNotAllowed");
    responses["500"] = errorRef("InternalError");
    return responses;
  }
  responses[String(success.status)] = {
    description: success.description,
    headers: { ...BASE_HEADERS, ...RATE_LIMIT_HEADERS },
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
  responses["405"] = errorRef("MethodNotAllowed");
  responses["429"] = errorRef("TooManyRequests");
  responses["500"] = errorRef("InternalError");
  responses["503"] = errorRef("ServiceUnavailable");
  return responses;
}

function scopeSentence(operation: Operation): string {
  if (operation.scope === "public") return "**Authentication:** none (public).";
  if (operation.scope === null) return "**Scope:** none (any valid key).";
  return `**Scope:** \`${operation.scope}\`.`;
}

function operationObject(operation: Operation): OperationObject {
  const parameters = [...pathParameters(operation), ...queryParameters(operation)];
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
// Webhooks: what the service POSTs to a partner's endpoint, one entry per event type.

const WEBHOOKS_TAG = {
  name: "Webhooks",
  description: "Events the service POSTs to the endpoints an organization registers in the console. See the Webhooks section of the guide for the signature, retries and auto-disable.",
};

const DELIVERY_HEADERS: ParameterObject[] = [
  {
    name: "X-Service-Signature",
    in: "header",
    required: true,
    description:
      "`t=<unix seconds>,v1=<hex HMAC-SHA256>`: the HMAC of `<t>.<raw body>` keyed with the endpoint's signing secret. During a secret roll one `v1` per active secret. Verify before trusting the body.",
    schema: { type: "string", pattern: "^t=\\d+(,v1=[0-9a-f]{64})+$" },
  },
  { name: "X-Service-Event-Id", in: "header", required: true, description: "Equals the body's `id`; the same on every retry.", schema: { type: "string", format: "uuid" } },
  { name: "X-Service-Event-Type", in: "header", required: true, description: "Equals the body's `type`.", schema: { type: "string" } },
  { name: "X-Service-Delivery-Id", in: "header", required: true, description: "This event's delivery to this endpoint; the same across its retries.", schema: { type: "string", format: "uuid" } },
  { name: "X-Service-Delivery-Attempt", in: "header", required: true, description: "1 for the first attempt, up to 7.", schema: { type: "string", pattern: "^[1-7]$" } },
];

function webhooks(): Record<string, { post: WebhookObject }> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: webhookComponentName(type).replace(/^./, (first) => first.toLowerCase()),
          summary: `\`${type}\``,
          description: `${WEBHOOK_EVENT_DESCRIPTIONS[type]}\n\n\`data\` is \`${metaId(WEBHOOK_DATA_SCHEMAS[type])}\`.`,
          tags: [WEBHOOKS_TAG.name],
          security: [],
          parameters: DELIVERY_HEADERS,
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: SCHEMA_REF(webhookComponentName(type)) }, example: sampleWebhookBody(type) } },
          },
          responses: {
            "2XX": { description: "Any 2xx within 10 seconds counts as delivered; the response body is ignored (the first 2 KB are kept in the delivery log)." },
            default: { description: "Any other answer, a redirect, or no answer within 10 seconds is a failed attempt and is retried on the schedule in the guide." },
          },
        },
      },
    ]),
  );
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
      // Linters (spectral:oas, Redocly recommended) expect both; neither carries a URL
      // because the document is served relative to whichever host a reader reached.
      contact: { name: "Partner support, through the console; quote the x-request-id of the request" },
      license: { name: "Proprietary: use under the service's partner terms", identifier: "LicenseRef-Partner-Terms" },
    },
    "x-changelog": CHANGELOG.map((entry) => ({ ...entry, changes: [...entry.changes] })),
    servers: [{ url: SERVER_URL, description: "The Partner API v1, relative to the host this document was fetched from." }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: [...OPERATION_TAGS.map((tag) => ({ ...tag })), WEBHOOKS_TAG],
    paths,
    webhooks: webhooks(),
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
