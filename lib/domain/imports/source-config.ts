import { z } from "zod";
import { dottedPathSchema, optionalDottedPathSchema } from "./dotted-path";
import { headerNameSchema, headerValueSchema } from "./header-schemas";

// How a data source pages, authenticates and pulls only what changed: the shapes are the
// portable configuration format (docs/imports.md, "Data-source configuration"), defined once here
// and used by the console form, the CLI's --config file, storage and the tests.
//
// Secrets (bearer token, basic password, header/query value, OAuth client secret) are
// part of the input only: storage keeps the public part (storedAuthSchema) in clear and
// seals the secret part (authSecretsSchema) with lib/platform/crypto/secret-box.

export const MAX_PAGE_SIZE = 10_000;
export const MAX_PAUSE_BETWEEN_PAGES_MS = 10_000;
export const MAX_LOOKBACK_SECONDS = 7 * 24 * 3600;

/** A query-string parameter name, such as page, per_page or page[number]. */
export const queryParamNameSchema = z
  .string({ error: "A parameter name must be text such as page." })
  .trim()
  .min(1, "Give the query parameter a name, such as page.")
  .max(100, "A parameter name can be at most 100 characters long.")
  .regex(/^[A-Za-z0-9_.~\-[\]]+$/, "A parameter name is letters, digits and _ . - [ ], such as per_page or page[number].");

const positiveSize = (what: string) =>
  z
    .number({ error: `The ${what} must be a whole number.` })
    .int(`The ${what} must be a whole number.`)
    .min(1, `The ${what} must be at least 1.`)
    .max(MAX_PAGE_SIZE, `The ${what} can be at most ${MAX_PAGE_SIZE}.`);

export const PAGINATION_TYPES = ["none", "nextUrl", "cursor", "page", "offset", "linkHeader"] as const;
export type PaginationType = (typeof PAGINATION_TYPES)[number];

export const paginationSchema = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("none") }),
    z.strictObject({ type: z.literal("nextUrl"), path: dottedPathSchema }),
    z.strictObject({
      type: z.literal("cursor"),
      cursorPath: dottedPathSchema,
      param: queryParamNameSchema,
      hasMorePath: dottedPathSchema.optional(),
    }),
    z
      .strictObject({
        type: z.literal("page"),
        param: queryParamNameSchema,
        startAt: z.number({ error: "The first page number must be a whole number." }).int("The first page number must be a whole number.").min(0, "The first page number is 0 or more.").max(1_000, "The first page number can be at most 1000.").default(1),
        sizeParam: queryParamNameSchema.optional(),
        size: positiveSize("page size").optional(),
      })
      .refine((value) => value.sizeParam === undefined || value.size !== undefined, {
        message: "Give the page size to send in the size parameter.",
        path: ["size"],
      }),
    z.strictObject({
      type: z.literal("offset"),
      offsetParam: queryParamNameSchema,
      limitParam: queryParamNameSchema,
      limit: positiveSize("limit"),
    }),
    z.strictObject({ type: z.literal("linkHeader") }),
  ],
  { error: (issue) => (issue.code === "invalid_union" ? `The pagination type is one of ${PAGINATION_TYPES.join(", ")}.` : undefined) },
);

export type PaginationConfig = z.output<typeof paginationSchema>;
export type PaginationInput = z.input<typeof paginationSchema>;

export const AUTH_TYPES = ["none", "bearer", "basic", "header", "query", "oauth2ClientCredentials"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

// Every credential that travels in a header (bearer token, the basic pair, a custom
// header's value, the OAuth client id and secret in the token request's basic header)
// follows the header-value charset rule: control characters are refused at save time.
const secretText = (what: string) => headerValueSchema.min(1, `Give the ${what}.`);
const keptSecret = (what: string) => headerValueSchema.min(1, `Give the ${what}, or leave it out to keep the saved one.`).optional();

const basicUsername = headerValueSchema
  .min(1, "Give the user name.")
  .refine((value) => !value.includes(":"), { message: "A basic-auth user name cannot contain a colon." });

const tokenUrlSchema = z
  .string({ error: "Enter the https:// address of the token endpoint." })
  .trim()
  .min(1, "Enter the https:// address of the token endpoint.")
  .max(2048, "The token URL can be at most 2048 characters long.");
const scopeSchema = z
  .string({ error: "The scope must be text." })
  .trim()
  .max(1000, "The scope can be at most 1000 characters long.")
  .regex(/^[\x21\x23-\x5b\x5d-\x7e ]*$/, "A scope is printable ASCII words separated by spaces (no quotes or backslashes).")
  .optional();

/**
 * The auth object as typed (console, --config). With `keptSecret`, a secret left out
 * means "keep the saved one" (editing): data-sources.ts decides whether that is allowed
 * (same type, same origin).
 */
function authSchema<S extends z.ZodType<string | undefined>>(secret: (what: string) => S) {
  return z.discriminatedUnion(
    "type",
    [
      z.strictObject({ type: z.literal("none") }),
      z.strictObject({ type: z.literal("bearer"), token: secret("token") }),
      z.strictObject({ type: z.literal("basic"), username: basicUsername, password: secret("password") }),
      z.strictObject({ type: z.literal("header"), name: headerNameSchema, value: secret("header value") }),
      z.strictObject({ type: z.literal("query"), name: queryParamNameSchema, value: secret("parameter value") }),
      z.strictObject({
        type: z.literal("oauth2ClientCredentials"),
        tokenUrl: tokenUrlSchema,
        clientId: headerValueSchema.min(1, "Give the client id."),
        clientSecret: secret("client secret"),
        scope: scopeSchema,
      }),
    ],
    { error: (issue) => (issue.code === "invalid_union" ? `The auth type is one of ${AUTH_TYPES.join(", ")}.` : undefined) },
  );
}

export const authInputSchema = authSchema(secretText);
export const authUpdateSchema = authSchema(keptSecret);
export type AuthInput = z.output<typeof authInputSchema>;
export type AuthUpdate = z.output<typeof authUpdateSchema>;

/** What is stored in clear and shown: everything but the secret. */
export type StoredAuth =
  | { type: "none" }
  | { type: "bearer" }
  | { type: "basic"; username: string }
  | { type: "header"; name: string }
  | { type: "query"; name: string }
  | { type: "oauth2ClientCredentials"; tokenUrl: string; clientId: string; scope?: string };

export const storedAuthSchema: z.ZodType<StoredAuth> = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("bearer") }),
  z.object({ type: z.literal("basic"), username: z.string() }),
  z.object({ type: z.literal("header"), name: z.string() }),
  z.object({ type: z.literal("query"), name: z.string() }),
  z.object({ type: z.literal("oauth2ClientCredentials"), tokenUrl: z.string(), clientId: z.string(), scope: z.string().optional() }),
]);

/** The one secret of each auth type, under its own key. */
export const AUTH_SECRET_KEY = {
  none: null,
  bearer: "token",
  basic: "password",
  header: "value",
  query: "value",
  oauth2ClientCredentials: "clientSecret",
} as const satisfies Record<AuthType, string | null>;

/** Auth with its secret: what a request is sent with. Never logged or returned. */
export type SourceAuth =
  | { type: "none" }
  | { type: "bearer"; token: string }
  | { type: "basic"; username: string; password: string }
  | { type: "header"; name: string; value: string }
  | { type: "query"; name: string; value: string }
  | { type: "oauth2ClientCredentials"; tokenUrl: string; clientId: string; clientSecret: string; scope?: string };

export function publicAuth(auth: SourceAuth | AuthInput | AuthUpdate): StoredAuth {
  switch (auth.type) {
    case "none":
    case "bearer":
      return { type: auth.type };
    case "basic":
      return { type: "basic", username: auth.username };
    case "header":
    case "query":
      return { type: auth.type, name: auth.name };
    case "oauth2ClientCredentials":
      return { type: auth.type, tokenUrl: auth.tokenUrl, clientId: auth.clientId, ...(auth.scope ? { scope: auth.scope } : {}) };
  }
}

/** The secret of an auth input, or undefined when it is left out (keep the saved one). */
export function authSecretOf(auth: AuthInput | AuthUpdate | SourceAuth): string | undefined {
  const key = AUTH_SECRET_KEY[auth.type];
  return key ? (auth as Record<string, string | undefined>)[key] : undefined;
}

export function withAuthSecret(stored: StoredAuth, secret: string | undefined): SourceAuth | null {
  const key = AUTH_SECRET_KEY[stored.type];
  if (!key) return { type: "none" };
  if (secret === undefined) return null;
  return { ...stored, [key]: secret } as SourceAuth;
}

export const INCREMENTAL_FORMATS = ["iso8601", "unixSeconds"] as const;

export const incrementalSchema = z.strictObject({
  param: queryParamNameSchema,
  format: z.enum(INCREMENTAL_FORMATS, { error: "The format is iso8601 or unixSeconds." }).default("iso8601"),
  lookbackSeconds: z
    .number({ error: "The look-back must be a whole number of seconds." })
    .int("The look-back must be a whole number of seconds.")
    .min(0, "The look-back cannot be negative.")
    .max(MAX_LOOKBACK_SECONDS, `The look-back can be at most ${MAX_LOOKBACK_SECONDS} seconds (7 days).`)
    .default(300),
});

export type IncrementalConfig = z.output<typeof incrementalSchema>;

export const pauseBetweenPagesSchema = z
  .number({ error: "The pause between pages must be a whole number of milliseconds." })
  .int("The pause between pages must be a whole number of milliseconds.")
  .min(0, "The pause between pages cannot be negative.")
  .max(MAX_PAUSE_BETWEEN_PAGES_MS, `The pause between pages can be at most ${MAX_PAUSE_BETWEEN_PAGES_MS} ms.`);

/** The value sent for an incremental pull: the last successful run's start minus the look-back. */
export function incrementalValue(config: IncrementalConfig, lastSuccessStartedAt: Date): string {
  const since = new Date(lastSuccessStartedAt.getTime() - config.lookbackSeconds * 1000);
  // Whole seconds: several providers (Eventbrite's changed_since) refuse fractions.
  return config.format === "unixSeconds" ? String(Math.floor(since.getTime() / 1000)) : since.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * A configuration file (`import:create/import:update --config FILE.json`): the portable
 * part of a data source. Secrets may be left out on an update (the saved ones are kept).
 */
export const sourceConfigFileSchema = z.strictObject(
  {
    recordsPath: optionalDottedPathSchema.optional(),
    pagination: paginationSchema.optional(),
    auth: authUpdateSchema.optional(),
    incremental: incrementalSchema.nullable().optional(),
    pauseBetweenPagesMs: pauseBetweenPagesSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `A configuration file holds recordsPath, pagination, auth, incremental and pauseBetweenPagesMs; ${issue.keys.map((key) => `"${key}"`).join(", ")} is not one of them.`
        : issue.code === "invalid_type"
          ? 'A configuration file is a JSON object such as { "pagination": { "type": "none" } }.'
          : undefined,
  },
);

export type SourceConfigFile = z.output<typeof sourceConfigFileSchema>;
