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
  ApiRequestSchema,
  pagedEnvelope,
  RoomSchema,
  SessionAttendanceSchema,
  SessionSchema,
  singleEnvelope,
  SpeakerSchema,
  SponsorSchema,
  TrackSchema,
} from "@/lib/domain/resources/resources";
import { API_VERSION, CHANGELOG } from "./changelog";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks/event-types";
import { WEBHOOK_DATA_SCHEMAS, WebhookEventItemSchema, webhookBodySchema } from "@/lib/domain/webhooks/payload-schemas";
import { ERROR_CATALOGUE } from "./error-catalogue";
import { successExample } from "./examples";
import { BASE_HEADERS, errorResponses, HEADERS, RATE_LIMIT_HEADERS } from "./error-responses";
import { guideMarkdown } from "./guide";
import { OPERATION_TAGS, OPERATIONS, PATH_PARAMETERS, pathParameterNames, type EnvelopeKind, type Operation } from "./operations";
import type { JsonSchema, OpenApiDocument, OperationObject, ParameterObject } from "./types";
import { webhookComponentName, webhooks, WEBHOOKS_TAG } from "./webhooks-document";

// GET /partner/v1/openapi.json: the OpenAPI 3.1 document, generated from the operations
// registry and the zod schemas the handlers validate with (zod 4's native JSON Schema
// output, draft 2020-12, which is OpenAPI 3.1's schema dialect). Built once per process.

export const SERVER_URL = "/partner/v1";
const SCHEMA_REF = (id: string) => `#/components/schemas/${id}`;

/** Resources that are components even when no operation returns them bare (FormField). */
const RESOURCE_SCHEMAS: z.ZodType[] = [
  MeSchema,
  ApiRequestSchema,
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
  if (!hasId(responses, metaId(WebhookEventItemSchema))) responses.add(WebhookEventItemSchema, { id: metaId(WebhookEventItemSchema) });
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
          ? { "application/json": { schema: { type: "object", description: "An OpenAPI 3.1 document" }, example: successExample(operation) } }
          : { "text/html": { schema: { type: "string" }, example: successExample(operation) } },
    };
    responses["405"] = errorRef("MethodNotAllowed");
    responses["500"] = errorRef("InternalError");
    return responses;
  }
  responses[String(success.status)] = {
    description: success.description,
    headers: { ...BASE_HEADERS, ...RATE_LIMIT_HEADERS, ...operation.successHeaders },
    content: {
      "application/json": { schema: { $ref: SCHEMA_REF(envelopeComponentName(success.envelope, success.schema)) }, example: successExample(operation) },
    },
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
      ? `\`ip_not_allowed\`: the key's IP allowlist does not include the caller's address. \`insufficient_scope\`: the key lacks \`${operation.scope}\` (named in \`details.requiredScope\`). \`org_suspended\`: the organization is not active.`
      : "`ip_not_allowed`: the key's IP allowlist does not include the caller's address. `org_suspended`: the organization is not active.",
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
