// The parts of OpenAPI 3.1 this service produces, typed just enough for the generator
// (./document.ts) and the HTML reference (./docs-page.ts) to agree on them.

export type JsonSchema = { [keyword: string]: unknown };

export type Reference = { $ref: string; description?: string; summary?: string };

export type ParameterObject = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type MediaTypeObject = {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
};

export type ResponseObject = {
  description: string;
  headers?: Record<string, Reference | { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaTypeObject>;
};

export type OperationObject = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security?: Record<string, string[]>[];
  "x-required-scope"?: string | null;
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaTypeObject> };
  responses: Record<string, ResponseObject | Reference | unknown>;
};

export type WebhookObject = Omit<OperationObject, "x-required-scope">;

export type ChangelogExtension = { version: string; date: string; kind: "additive" | "breaking"; changes: string[] }[];

export type ErrorCodesExtension = {
  status: number;
  code: string;
  summary: string;
  retry: string;
  reasons: { reason: string | null; condition: string; details?: string }[];
}[];

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; summary?: string; description: string; contact: { name: string }; license: { name: string; identifier: string } };
  "x-changelog": ChangelogExtension;
  servers: { url: string; description?: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<"get" | "post" | "patch", OperationObject>>>;
  webhooks: Record<string, { post: WebhookObject }>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    securitySchemes: Record<string, Record<string, string>>;
    "x-error-codes": ErrorCodesExtension;
  };
};
