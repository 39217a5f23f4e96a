import { describe, expect, it } from "vitest";
import { ConfigError, configProblems, logSettings, operatorConfigProblems, parseConfig } from "./env";

const SECRET = "s".repeat(32);
const VALID = { NODE_ENV: "production", APP_SECRET: SECRET, DATABASE_URL: "postgresql://app@db.example.com/app", NEXTAUTH_URL: "https://integrations.example.com" };

describe("production configuration", () => {
  it("accepts a complete configuration", () => {
    expect(configProblems(VALID, { production: true })).toEqual([]);
    expect(parseConfig(VALID)).toMatchObject({ production: true, appSecret: SECRET, databaseUrl: VALID.DATABASE_URL });
  });

  it.each([
    ["APP_SECRET missing", { APP_SECRET: undefined }, /^APP_SECRET is not set: expected .*32 characters/],
    ["APP_SECRET empty", { APP_SECRET: "" }, /^APP_SECRET is not set/],
    ["APP_SECRET short", { APP_SECRET: "short" }, /^APP_SECRET is invalid: expected at least 32 characters/],
    ["DATABASE_URL missing", { DATABASE_URL: undefined }, /^DATABASE_URL is not set: expected a postgresql:\/\/ connection string/],
    ["DATABASE_URL not postgres", { DATABASE_URL: "mysql://x@y/z" }, /^DATABASE_URL is invalid: expected a postgresql:\/\//],
    ["NEXTAUTH_URL missing", { NEXTAUTH_URL: undefined }, /^NEXTAUTH_URL is not set: expected the absolute public URL/],
    ["NEXTAUTH_URL relative", { NEXTAUTH_URL: "/console" }, /^NEXTAUTH_URL is invalid: expected an absolute http\(s\):\/\/ URL/],
    ["CRON_SECRET short", { CRON_SECRET: "abc" }, /^CRON_SECRET is invalid: expected at least 16 characters/],
    ["SMTP_URL not smtp(s)://", { SMTP_URL: "mail.example.com:587" }, /^SMTP_URL is invalid: expected smtp:\/\/user:password@host:587/],
    ["SMTP_URL http", { SMTP_URL: "https://mail.example.com" }, /^SMTP_URL is invalid: expected smtp:\/\//],
    ["MAIL_FROM not an address", { MAIL_FROM: "Integrations" }, /^MAIL_FROM is invalid: expected an address/],
    ["DATABASE_PREPARED_STATEMENTS not on/off", { DATABASE_PREPARED_STATEMENTS: "yes" }, /^DATABASE_PREPARED_STATEMENTS is invalid: expected on or off/],
    ["REQUEST_LOG not on/off", { REQUEST_LOG: "false" }, /^REQUEST_LOG is invalid: expected on or off/],
    ["SUPPORT_URL without a scheme", { SUPPORT_URL: "support.example.com" }, /^SUPPORT_URL is invalid: expected the https:\/\/ address of the support page or a mailto: address/],
    ["SUPPORT_URL http", { SUPPORT_URL: "http://support.example.com" }, /^SUPPORT_URL is invalid: expected the https:\/\//],
    ["SUPPORT_URL javascript:", { SUPPORT_URL: "javascript:alert(1)" }, /^SUPPORT_URL is invalid/],
    ["SUPPORT_URL mailto without an address", { SUPPORT_URL: "mailto:support" }, /^SUPPORT_URL is invalid/],
    ["SUPPORT_URL with credentials", { SUPPORT_URL: "https://user:pw@support.example.com" }, /^SUPPORT_URL is invalid/],
  ])("refuses %s with one line naming the variable", (_name, change, line) => {
    const env = { ...VALID, ...change };
    const problems = configProblems(env, { production: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(line);
    expect(() => parseConfig(env)).toThrow(ConfigError);
  });

  it("reads SMTP_URL and MAIL_FROM, with a sender on the public host by default", () => {
    expect(parseConfig(VALID)).toMatchObject({ smtpUrl: undefined, mailFrom: "Integrations <no-reply@integrations.example.com>" });
    const mail = { SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Ops <ops@example.com>" };
    expect(parseConfig({ ...VALID, ...mail })).toMatchObject({ smtpUrl: mail.SMTP_URL, mailFrom: mail.MAIL_FROM });
  });

  it("reads SUPPORT_URL: a support page or a mailto: address, unset by default", () => {
    expect(parseConfig(VALID).supportUrl).toBeUndefined();
    expect(parseConfig({ ...VALID, SUPPORT_URL: "" }).supportUrl).toBeUndefined();
    for (const url of ["https://help.example.com/integrations", "mailto:support@example.com", "mailto:support@example.com?subject=Integrations"]) {
      expect(parseConfig({ ...VALID, SUPPORT_URL: url }).supportUrl).toBe(url);
    }
  });

  it("names statements unless turned off or the URL says pgbouncer=true", () => {
    expect(parseConfig(VALID).preparedStatements).toBe(true);
    expect(parseConfig({ ...VALID, DATABASE_PREPARED_STATEMENTS: "off" }).preparedStatements).toBe(false);
    const direct = { DATABASE_URL_UNPOOLED: VALID.DATABASE_URL };
    expect(parseConfig({ ...VALID, ...direct, DATABASE_URL: `${VALID.DATABASE_URL}?pgbouncer=true` }).preparedStatements).toBe(false);
    expect(parseConfig({ ...VALID, DATABASE_URL: `${VALID.DATABASE_URL}?sslmode=require` }).preparedStatements).toBe(true);
  });

  it("records Partner API requests unless REQUEST_LOG=off", () => {
    expect(parseConfig(VALID).requestLog).toBe(true);
    expect(parseConfig({ ...VALID, REQUEST_LOG: "on" }).requestLog).toBe(true);
    expect(parseConfig({ ...VALID, REQUEST_LOG: "off" }).requestLog).toBe(false);
  });

  it("lists every bad variable at once", () => {
    const problems = configProblems({ NODE_ENV: "production" }, { production: true });
    expect(problems.map((p) => p.split(" ")[0])).toEqual(["APP_SECRET", "DATABASE_URL", "NEXTAUTH_URL"]);
  });

  it.each([
    ["Neon's pooled host", "postgresql://app@ep-cool-123-pooler.us-east-2.aws.neon.tech/app?sslmode=require", /Neon's pooler/],
    ["Supabase's transaction pooler", "postgresql://app.ref@aws-0-eu-west-1.pooler.supabase.com:6543/postgres", /port 6543/],
    ["?pgbouncer=true", "postgresql://app@db.example.com/app?pgbouncer=true", /pgbouncer=true/],
  ])("needs DATABASE_URL_UNPOOLED when DATABASE_URL is %s", (_name, url, why) => {
    const problems = configProblems({ ...VALID, DATABASE_URL: url }, { production: true });
    expect(problems).toEqual([expect.stringMatching(/^DATABASE_URL_UNPOOLED is not set: DATABASE_URL goes through a transaction pooler/)]);
    expect(problems[0]).toMatch(why);
    expect(configProblems({ ...VALID, DATABASE_URL: url, DATABASE_URL_UNPOOLED: "postgresql://app@ep-cool-123.us-east-2.aws.neon.tech/app" }, { production: true })).toEqual([]);
    // Supabase's session pooler (port 5432 on the pooler host) keeps sessions: a valid unpooled URL.
    expect(
      configProblems({ ...VALID, DATABASE_URL: url, DATABASE_URL_UNPOOLED: "postgresql://app.ref@aws-0-eu-west-1.pooler.supabase.com:5432/postgres" }, { production: true }),
    ).toEqual([]);
  });

  it("refuses a DATABASE_URL_UNPOOLED that is a transaction pooler itself", () => {
    const env = { ...VALID, DATABASE_URL_UNPOOLED: "postgresql://app@ep-x-pooler.eu-central-1.aws.neon.tech/app" };
    expect(configProblems(env, { production: true })).toEqual([expect.stringMatching(/^DATABASE_URL_UNPOOLED is invalid: it goes through a transaction pooler too/)]);
  });

  it("refuses INNGEST_DEV in production (it turns off the signature check of /api/inngest), not in development", () => {
    expect(configProblems({ ...VALID, INNGEST_DEV: "1" }, { production: true })).toEqual([expect.stringMatching(/^INNGEST_DEV is set: .*signature check/)]);
    expect(configProblems({ ...VALID, INNGEST_DEV: "http://127.0.0.1:8288" }, { production: true })).toHaveLength(1);
    expect(configProblems({ ...VALID, INNGEST_DEV: "0" }, { production: true })).toEqual([]);
    expect(configProblems({ INNGEST_DEV: "1" }, { production: false })).toEqual([]);
  });

  it("refuses half an Inngest configuration", () => {
    expect(configProblems({ ...VALID, INNGEST_SIGNING_KEY: "signkey-prod-1" }, { production: true })).toEqual([expect.stringMatching(/^INNGEST_EVENT_KEY is not set although INNGEST_SIGNING_KEY is/)]);
    expect(configProblems({ ...VALID, INNGEST_EVENT_KEY: "event-key" }, { production: true })).toEqual([expect.stringMatching(/^INNGEST_SIGNING_KEY is not set although INNGEST_EVENT_KEY is/)]);
  });

  it("on Vercel, needs something to run the scheduled work: Inngest or the cron secret", () => {
    const vercel = { ...VALID, VERCEL: "1" };
    expect(configProblems(vercel, { production: true })).toEqual([expect.stringMatching(/^CRON_SECRET is not set and Inngest is not configured/)]);
    expect(configProblems({ ...vercel, CRON_SECRET: "c".repeat(32) }, { production: true })).toEqual([]);
    expect(configProblems({ ...vercel, INNGEST_EVENT_KEY: "e", INNGEST_SIGNING_KEY: "s" }, { production: true })).toEqual([]);
  });

  it("on a Vercel preview deployment, needs no NEXTAUTH_URL (each preview has its own URL, which next-auth takes on Vercel)", () => {
    const preview = { ...VALID, VERCEL: "1", CRON_SECRET: "c".repeat(32), NEXTAUTH_URL: undefined };
    expect(configProblems({ ...preview, VERCEL_ENV: "preview" }, { production: true })).toEqual([]);
    expect(configProblems({ ...preview, VERCEL_ENV: "production" }, { production: true })).toEqual([expect.stringMatching(/^NEXTAUTH_URL is not set/)]);
  });

  it("names every problem of a first Vercel deployment at once", () => {
    const env = { NODE_ENV: "production", VERCEL: "1", DATABASE_URL: "postgresql://app@ep-a-pooler.us-east-2.aws.neon.tech/app", INNGEST_DEV: "1" };
    expect(configProblems(env, { production: true }).map((p) => p.split(" ")[0])).toEqual(["APP_SECRET", "DATABASE_URL_UNPOOLED", "NEXTAUTH_URL", "INNGEST_DEV", "CRON_SECRET"]);
  });

  it("runs on the embedded database only when asked to", () => {
    expect(configProblems({ ...VALID, DATABASE_URL: undefined, EMBEDDED_DATABASE: "1" }, { production: true })).toEqual([]);
  });

  it("does not apply the start-up rules while next build runs", () => {
    expect(parseConfig({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }).production).toBe(false);
  });
});

describe("development configuration", () => {
  it("needs nothing", () => {
    const config = parseConfig({ NODE_ENV: "development" });
    expect(config.appSecret).toMatch(/development-only/);
    expect(config.pool).toMatchObject({ max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 2_000 });
  });

  it("still refuses malformed values", () => {
    expect(() => parseConfig({ APP_SECRET: "short" })).toThrow(/APP_SECRET is invalid/);
  });

  it("keeps a small pool per serverless instance and migrates through the direct URL", () => {
    const config = parseConfig({ ...VALID, VERCEL: "1", CRON_SECRET: "c".repeat(32), DATABASE_URL_UNPOOLED: "postgresql://app@direct.example.com/app" });
    expect(config.pool).toMatchObject({ max: 3, idleTimeoutMillis: 5_000, connectionTimeoutMillis: 2_000 });
    expect(config.migrationDatabaseUrl).toBe("postgresql://app@direct.example.com/app");
  });
});

describe("operator CLI", () => {
  it("needs APP_SECRET against a non-local database", () => {
    expect(operatorConfigProblems({ DATABASE_URL: "postgresql://ops@db.example.com/app" })).toEqual([expect.stringMatching(/^APP_SECRET is not set/)]);
    expect(operatorConfigProblems({ DATABASE_URL: "postgresql://ops@db.example.com/app", APP_SECRET: SECRET })).toEqual([]);
  });

  it("never falls back to the embedded database in a deployment (a build, a production shell)", () => {
    const line = expect.stringMatching(/^DATABASE_URL is not set: expected the deployment's postgresql:\/\/ connection string/);
    expect(operatorConfigProblems({ NODE_ENV: "production", APP_SECRET: SECRET })).toEqual([line]);
    expect(operatorConfigProblems({ VERCEL: "1", APP_SECRET: SECRET })).toEqual([line]);
    expect(operatorConfigProblems({ VERCEL: "1", APP_SECRET: SECRET, EMBEDDED_DATABASE: "1" })).toEqual([line]);
    expect(operatorConfigProblems({ NODE_ENV: "production", APP_SECRET: SECRET, EMBEDDED_DATABASE: "1" })).toEqual([]);
  });

  it("keeps zero configuration against a local database", () => {
    expect(operatorConfigProblems({ DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/dev" })).toEqual([]);
    expect(operatorConfigProblems({})).toEqual([]);
  });
});

describe("log settings", () => {
  it("writes to stdout, except in the operator CLI whose stdout carries its one JSON result", () => {
    expect(logSettings({ NODE_ENV: "production" })).toEqual({ level: "info", pretty: false, stderr: false });
    expect(logSettings({ NODE_ENV: "production", LOG_STREAM: "stderr" }).stderr).toBe(true);
    expect(logSettings({ NODE_ENV: "test" }).level).toBe("silent");
  });

  it("pretty in development, JSON elsewhere, unless LOG_FORMAT says", () => {
    expect(logSettings({ NODE_ENV: "development" }).pretty).toBe(true);
    expect(logSettings({ NODE_ENV: "development", LOG_FORMAT: "json" }).pretty).toBe(false);
    expect(logSettings({ NODE_ENV: "production", LOG_FORMAT: "pretty" }).pretty).toBe(true);
    expect(logSettings({ NODE_ENV: "production", LOG_FORMAT: "yaml" }).pretty).toBe(false);
  });
});
