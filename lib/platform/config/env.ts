import { z } from "zod";
import { transactionPoolerOf } from "./database-url";

// The one reader of the deployment's environment. Every module that needs APP_SECRET,
// DATABASE_URL, NEXTAUTH_URL, ... asks config() instead of process.env, so the rules
// (defaults in development, refusal in production) live here and nowhere else.

const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\/[^\s]+$/.test(value) && URL.canParse(value), {
    message: "expected a postgresql:// connection string",
  });
const absoluteUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: "expected an absolute http(s):// URL, e.g. https://integrations.example.com",
  });

const smtpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== "", {
    message: "expected smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465 (TLS)",
  });
// Where customers reach the service's support, linked from the pages that send them there:
// a web page (https only: it is shown to customers) or an address to write to.
const supportUrl = z.string().refine(
  (value) => {
    if (/\s/.test(value) || !URL.canParse(value)) return false;
    const url = new URL(value);
    if (url.protocol === "https:") return url.hostname !== "" && !url.username && !url.password;
    return url.protocol === "mailto:" && /^[^@/?#]+@[^@/?#]+\.[^@/?#]+$/.test(url.pathname);
  },
  { message: "expected the https:// address of the support page or a mailto: address, e.g. https://example.com/support or mailto:support@example.com" },
);
// An address, optionally with a display name: "Integrations <no-reply@example.com>".
const mailFrom = z.string().regex(/^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, "expected an address, e.g. Integrations <no-reply@example.com>");

export const envSchema = z.object({
  NODE_ENV: optional(z.string()),
  APP_SECRET: optional(z.string().min(32, "expected at least 32 characters (generate one with: openssl rand -base64 48)")),
  DATABASE_URL: optional(postgresUrl),
  DATABASE_URL_UNPOOLED: optional(postgresUrl),
  DATABASE_POOL_MAX: optional(z.coerce.number().int().min(1).max(100)),
  DATABASE_PREPARED_STATEMENTS: optional(z.enum(["on", "off"], "expected on or off (or unset)")),
  EMBEDDED_DATABASE: optional(z.enum(["0", "1"], "expected 1 (or unset)")),
  NEXTAUTH_URL: optional(absoluteUrl),
  NEXTAUTH_SECRET: optional(z.string().min(32, "expected at least 32 characters (or unset: derived from APP_SECRET)")),
  CRON_SECRET: optional(z.string().min(16, "expected at least 16 characters (openssl rand -hex 32)")),
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  LOG_FORMAT: optional(z.enum(["json", "pretty"], "expected json or pretty (or unset)")),
  LOCAL_WORKER: optional(z.enum(["0", "1"], "expected 0 or 1")),
  // Read by the Inngest SDK itself; checked here so a deployment cannot run half-configured.
  INNGEST_DEV: optional(z.string()),
  INNGEST_EVENT_KEY: optional(z.string()),
  INNGEST_SIGNING_KEY: optional(z.string()),
  MIGRATE_ON_PREVIEW: optional(z.enum(["0", "1"], "expected 1 (or unset)")),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "expected a Stripe secret key (sk_live_…, sk_test_…, or a restricted rk_… key)")),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, "expected the signing secret of the Stripe webhook endpoint (whsec_…)")),
  STRIPE_ANNUAL_PRICE_ID: optional(z.string().regex(/^price_\w+$/, "expected the id of the annual plan's Stripe price (price_…)")),
  // Tests only: a local server that speaks Stripe's API. Loopback only, so a secret key can
  // never be sent anywhere but Stripe or this machine.
  STRIPE_API_BASE: optional(
    z.string().refine((value) => URL.canParse(value) && /^http:\/\/(127\.0\.0\.1|localhost):\d+\/?$/.test(value), {
      message: "expected http://127.0.0.1:<port> (tests only: a local server speaking Stripe's API)",
    }),
  ),
  // The Partner API's request log (docs/partner-api.md, "Request log"); off only to measure its cost.
  REQUEST_LOG: optional(z.enum(["on", "off"], "expected on or off (or unset: on)")),
  SMTP_URL: optional(smtpUrl),
  MAIL_FROM: optional(mailFrom),
  SUPPORT_URL: optional(supportUrl),
  VERCEL: optional(z.string()),
  VERCEL_ENV: optional(z.string()),
});

export type Config = {
  production: boolean;
  test: boolean;
  /** The root secret; a fixed development value outside production when unset. */
  appSecret: string;
  databaseUrl: string | undefined;
  /** Migrations take a session-level advisory lock: they need a direct (non-pooled) connection. */
  migrationDatabaseUrl: string | undefined;
  embeddedDatabase: boolean;
  pool: { max: number; idleTimeoutMillis: number; connectionTimeoutMillis: number; query_timeout: number };
  /** Server-side bound of every statement inside a transaction (lib/platform/db/transaction-timeout.ts). */
  statementTimeoutMs: number;
  /** The hot statements run as named prepared statements (lib/platform/db/prepared-statements.ts). */
  preparedStatements: boolean;
  nextAuthUrl: string | undefined;
  nextAuthSecret: string | undefined;
  cronSecret: string | undefined;
  localWorker: boolean;
  serverless: boolean;
  /** Self-serve billing on Stripe; undefined when not configured (operators set plans with billing:set). */
  stripe: StripeConfig | undefined;
  /** Outgoing mail (lib/platform/mail); unset: no mail is sent. Holds credentials: never log it. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Partner API requests are recorded per key (lib/domain/request-log); REQUEST_LOG=off turns it off. */
  requestLog: boolean;
  /** The service's support (an https:// page or a mailto: address) customers are sent to; unset: named without a link. */
  supportUrl: string | undefined;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  annualPriceId: string | undefined;
  /** Host, port and protocol of a local Stripe stand-in (tests); undefined: Stripe itself. */
  api: { host: string; port: number; protocol: "http" } | undefined;
};

export const DEVELOPMENT_APP_SECRET = "development-only-secret-do-not-use-in-production";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.join("\n")}`);
    this.name = "ConfigError";
  }
}

const KEYS = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/**
 * Checks an environment. `production` adds the start-up requirements of a real deployment
 * (productionProblems). One line per bad variable, naming it and what is expected, every
 * problem at once.
 */
export function configProblems(env: Record<string, string | undefined>, options: { production: boolean }): string[] {
  const problems = new Map<string, string>();
  const raw = pick(env);
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      if (!problems.has(name)) problems.set(name, `${name} is invalid: ${issue.message}`);
    }
  }
  for (const [name, problem] of stripeProblems(raw)) if (!problems.has(name)) problems.set(name, problem);
  if (options.production) {
    for (const [name, problem] of productionProblems(raw)) if (!problems.has(name)) problems.set(name, problem);
  }
  return [...problems.values()];
}

/** Stripe is configured whole or not at all: a key without its webhook secret would take cards that never unlock anything. */
function stripeProblems(raw: Record<string, string | undefined>): [string, string][] {
  const problems: [string, string][] = [];
  if (raw.STRIPE_SECRET_KEY && !raw.STRIPE_WEBHOOK_SECRET) {
    problems.push(["STRIPE_WEBHOOK_SECRET", "STRIPE_WEBHOOK_SECRET is not set although STRIPE_SECRET_KEY is: expected the signing secret (whsec_…) of the webhook endpoint <app URL>/api/stripe/webhook"]);
  }
  for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_ANNUAL_PRICE_ID"] as const) {
    if (raw[name] && !raw.STRIPE_SECRET_KEY) {
      problems.push([name, `${name} is set but STRIPE_SECRET_KEY is not: expected the Stripe secret key too (or neither)`]);
    }
  }
  return problems;
}

/** The start-up requirements of a real deployment, as [variable, line] pairs. */
function productionProblems(raw: Record<string, string | undefined>): [string, string][] {
  const problems: [string, string][] = [];
  if (!raw.APP_SECRET) {
    problems.push(["APP_SECRET", "APP_SECRET is not set: expected a random value of at least 32 characters (openssl rand -base64 48)"]);
  }
  if (raw.VERCEL && raw.EMBEDDED_DATABASE === "1") {
    problems.push([
      "EMBEDDED_DATABASE",
      "EMBEDDED_DATABASE=1 is set on Vercel: a serverless function keeps no files between requests, so the embedded database cannot serve there; unset it and set DATABASE_URL to a PostgreSQL database (Neon, Supabase)",
    ]);
  } else if (!raw.DATABASE_URL && raw.EMBEDDED_DATABASE !== "1") {
    problems.push([
      "DATABASE_URL",
      "DATABASE_URL is not set: expected a postgresql:// connection string (EMBEDDED_DATABASE=1 runs a demo on the embedded database instead)",
    ]);
  }
  const pooled = transactionPoolerOf(raw.DATABASE_URL);
  const unpooled = transactionPoolerOf(raw.DATABASE_URL_UNPOOLED);
  if (pooled && !raw.DATABASE_URL_UNPOOLED) {
    problems.push([
      "DATABASE_URL_UNPOOLED",
      `DATABASE_URL_UNPOOLED is not set: DATABASE_URL goes through a transaction pooler (${pooled}) and migrations need a direct connection; expected the direct connection string (Neon: the host without -pooler; Supabase: the session pooler, port 5432)`,
    ]);
  } else if (unpooled) {
    problems.push(["DATABASE_URL_UNPOOLED", `DATABASE_URL_UNPOOLED is invalid: it goes through a transaction pooler too (${unpooled}); expected the direct connection string`]);
  }
  // A preview deployment has a URL of its own per deployment; on Vercel next-auth takes the
  // host the browser used, so Preview needs no NEXTAUTH_URL.
  if (!raw.NEXTAUTH_URL && !(raw.VERCEL && raw.VERCEL_ENV === "preview")) {
    problems.push(["NEXTAUTH_URL", "NEXTAUTH_URL is not set: expected the absolute public URL of the app, e.g. https://integrations.example.com"]);
  }
  if (raw.INNGEST_DEV && !["0", "false"].includes(raw.INNGEST_DEV)) {
    problems.push(["INNGEST_DEV", "INNGEST_DEV is set: it points Inngest at a local dev server and turns off the signature check of /api/inngest; unset it in production"]);
  }
  for (const [name, other] of [["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"], ["INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY"]] as const) {
    if (raw[other] && !raw[name]) {
      problems.push([name, `${name} is not set although ${other} is: Inngest needs both (the event key to start runs, the signing key to call the app back)`]);
    }
  }
  if (raw.VERCEL && !raw.CRON_SECRET && !raw.INNGEST_SIGNING_KEY && !raw.INNGEST_EVENT_KEY) {
    problems.push([
      "CRON_SECRET",
      "CRON_SECRET is not set and Inngest is not configured: nothing would run webhook retries, scheduled imports and the prune on Vercel; expected the Inngest keys (INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY) or CRON_SECRET for Vercel Cron (openssl rand -hex 32)",
    ]);
  }
  return problems;
}

function pick(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(KEYS.map((key) => [key, env[key]]));
}

/** Parses an environment into the config the app uses; throws ConfigError on any problem. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // `next build` runs with NODE_ENV=production but serves nothing: the start-up rules
  // apply when the server starts (instrumentation.ts, scripts/start.ts).
  const production = env.NODE_ENV === "production" && env.NEXT_PHASE !== "phase-production-build";
  const problems = configProblems(env, { production });
  if (problems.length > 0) throw new ConfigError(problems);
  const values = envSchema.parse(pick(env));
  const serverless = Boolean(values.VERCEL);
  return {
    production,
    test: values.NODE_ENV === "test",
    appSecret: values.APP_SECRET ?? DEVELOPMENT_APP_SECRET,
    databaseUrl: values.DATABASE_URL,
    migrationDatabaseUrl: values.DATABASE_URL_UNPOOLED ?? values.DATABASE_URL,
    embeddedDatabase: !values.DATABASE_URL,
    // A serverless instance serves a few requests at once and may be frozen between
    // them: keep its pool small and let idle connections go soon, so many instances
    // together stay inside the database's (or the pooler's) connection limit.
    pool: {
      max: values.DATABASE_POOL_MAX ?? (serverless ? 3 : 10),
      idleTimeoutMillis: serverless ? 5_000 : 30_000,
      // Bounded waits, so a database that is down or unreachable turns into a quick error
      // (503 database_unavailable in the Partner API) instead of a request that hangs:
      // getting a connection, and a reply on the wire (a silently dropped link never
      // answers at all). No startup parameter (statement_timeout, options): a transaction
      // pooler refuses the connection for any of them.
      connectionTimeoutMillis: 2_000,
      query_timeout: 4_500,
    },
    statementTimeoutMs: 4_000,
    // On unless turned off, or the URL carries Prisma's pgbouncer=true, which the poolers
    // that cannot keep them (Supabase's transaction pooler) tell their users to add.
    preparedStatements:
      values.DATABASE_PREPARED_STATEMENTS !== "off" && !(values.DATABASE_URL && new URL(values.DATABASE_URL).searchParams.get("pgbouncer") === "true"),
    nextAuthUrl: values.NEXTAUTH_URL,
    nextAuthSecret: values.NEXTAUTH_SECRET,
    cronSecret: values.CRON_SECRET,
    localWorker: values.LOCAL_WORKER === "1",
    serverless,
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            annualPriceId: values.STRIPE_ANNUAL_PRICE_ID,
            api: values.STRIPE_API_BASE
              ? { host: new URL(values.STRIPE_API_BASE).hostname, port: Number(new URL(values.STRIPE_API_BASE).port), protocol: "http" }
              : undefined,
          }
        : undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? `Integrations <no-reply@${values.NEXTAUTH_URL ? new URL(values.NEXTAUTH_URL).hostname : "localhost"}>`,
    requestLog: values.REQUEST_LOG !== "off",
    supportUrl: values.SUPPORT_URL,
  };
}

// Parsed once per distinct environment. Tests and the launchers set DATABASE_URL after
// start-up (a fresh test database, the embedded server's port), so the cache is keyed by
// the raw values rather than frozen at first read.
let cached: { key: string; config: Config } | undefined;

export function config(): Config {
  const key = KEYS.map((name) => process.env[name] ?? "").join("\u0000");
  if (cached?.key !== key) cached = { key, config: parseConfig(process.env) };
  return cached.config;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * The operator CLI writes the same secrets the server reads (encrypted webhook secrets,
 * data-source headers), so against anything but a local development database it needs
 * the server's APP_SECRET: a development secret there would silently encrypt production
 * data with a public key.
 */
export function operatorConfigProblems(env: Record<string, string | undefined>): string[] {
  const url = env.DATABASE_URL;
  const remote = Boolean(url && URL.canParse(url) && !LOCAL_HOSTS.has(new URL(url).hostname));
  const deployed = env.NODE_ENV === "production" || Boolean(env.VERCEL);
  const strict = deployed || remote;
  return configProblems(env, { production: false }).concat(
    strict && !env.APP_SECRET
      ? ["APP_SECRET is not set: expected the server's APP_SECRET (at least 32 characters) when the CLI runs against a non-development database"]
      : [],
    // In a deployment (a build, a production shell) an unset DATABASE_URL is a mistake, not
    // a wish for the embedded database that `npm run dev` keeps in this folder.
    deployed && !url && !(env.EMBEDDED_DATABASE === "1" && !env.VERCEL)
      ? ["DATABASE_URL is not set: expected the deployment's postgresql:// connection string (the CLI opens the embedded database only in development)"]
      : [],
  );
}

/**
 * What the logger needs, read without validating the rest: the logger exists before the
 * start-up check runs (it reports that check's outcome), so it must not depend on it.
 */
export function logSettings(env: Record<string, string | undefined> = process.env): { level: string; pretty: boolean; stderr: boolean } {
  const level = envSchema.shape.LOG_LEVEL.safeParse(env.LOG_LEVEL);
  const format = envSchema.shape.LOG_FORMAT.safeParse(env.LOG_FORMAT);
  const fallback = env.NODE_ENV === "test" ? "silent" : "info";
  return {
    level: (level.success ? level.data : undefined) ?? fallback,
    // JSON lines in production and tests, pretty in development, unless LOG_FORMAT says.
    pretty: format.success && format.data ? format.data === "pretty" : env.NODE_ENV !== "production" && env.NODE_ENV !== "test",
    // Set by the operator CLI (scripts/ops.ts), whose stdout carries exactly one JSON object.
    stderr: env.LOG_STREAM === "stderr",
  };
}
