import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { logSettings } from "@/lib/platform/config/env";

// The one logger of the app: JSON lines in production and tests, pretty lines in
// development. Redaction is configured here once, so no caller can forget it: whatever
// object is logged, these paths are replaced before the line is written.
//
// No pino transport: transports run in worker threads that Next's bundling cannot
// resolve. Pretty printing is pino-pretty used as a plain synchronous stream instead.

const SECRET_FIELDS = [
  "authorization",
  "cookie",
  "password",
  "secret",
  "signingSecret",
  "secretCiphertext",
  "previousSecretCiphertext",
  "apiKey",
  "keyHash",
  "token",
  "headers",
  "headerValues",
  "headersCiphertext",
];

export const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  "key.secret",
  "req.headers.authorization",
  "req.headers.cookie",
  "req.headers['x-api-key']",
  "req.headers['set-cookie']",
];

export function createLogger(destination?: DestinationStream): Logger {
  const { level, pretty: prettyLines, stderr } = logSettings();
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  };
  if (destination) return pino(options, destination);
  const fd = stderr ? 2 : 1;
  if (prettyLines) return pino(options, pretty({ colorize: true, sync: true, ignore: "pid,hostname", destination: fd }));
  return pino(options, pino.destination({ dest: fd, sync: true }));
}

const globalForLogger = globalThis as unknown as { serviceLogger?: Logger };

export const logger: Logger = (globalForLogger.serviceLogger ??= createLogger());
