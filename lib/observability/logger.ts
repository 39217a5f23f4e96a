import pino, { type Logger } from "pino";

// The one logger of the app: JSON lines in production and tests, pretty lines in
// development. Redaction is configured here once, so no caller can forget it: whatever
// object is logged, these paths are replaced before the line is written.

export const REDACTED_PATHS = [
  "authorization",
  "cookie",
  "password",
  "secret",
  "signingSecret",
  "apiKey",
  "key.secret",
  "headers.authorization",
  "headers.cookie",
  "headers['x-api-key']",
  "headers['set-cookie']",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.secret",
  "*.signingSecret",
  "*.apiKey",
  "*.headers",
  "*.headerValues",
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-api-key']",
];

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  };
  return pino(options);
}

const globalForLogger = globalThis as unknown as { serviceLogger?: Logger };

export const logger: Logger = (globalForLogger.serviceLogger ??= createLogger());
