import type { Logger } from "pino";
import { logger } from "./logger";

// The Inngest SDK's own log lines, as ours (JSON lines; its default logger prints to the
// console over several lines). Anyone can call /api/inngest: each request without a valid
// signature (or, where Inngest is not configured, any request) makes the SDK log an error
// with a stack. So each distinct SDK message is written at most once a minute, with how
// often it occurred since, and a refused signature is a warning: a scanner cannot flood
// the logs, and nothing is hidden.

const UNSIGNED = "Signature validation failed";
export const SDK_MESSAGE_INTERVAL_MS = 60_000;

type Level = "info" | "warn" | "error" | "debug";
type SdkLogger = Record<Level, (...args: unknown[]) => void>;

export function inngestLogger(base: Logger = logger, now: () => number = Date.now): SdkLogger {
  const log = base.child({ component: "inngest" });
  const seen = new Map<string, { at: number; since: number }>();
  const write = (level: Level) => (...args: unknown[]) => {
    // The SDK calls pino-style: (fields, message) or (message).
    const [fields, message] = typeof args[0] === "string" ? [{}, args[0]] : [(args[0] ?? {}) as Record<string, unknown>, String(args[1] ?? "")];
    const key = `${level} ${message}`;
    const last = seen.get(key);
    if (last && now() - last.at < SDK_MESSAGE_INTERVAL_MS) {
      last.since += 1;
      return;
    }
    if (seen.size > 500) seen.clear(); // messages are the SDK's fixed texts: this never fills in practice
    seen.set(key, { at: now(), since: 0 });
    const occurrences = { occurrences: (last?.since ?? 0) + 1 };
    if (message === UNSIGNED) {
      const reason = fields.err instanceof Error ? fields.err.message : undefined;
      log.warn({ method: fields.method, reason, ...occurrences }, "inngest request without a valid signature refused");
    } else {
      log[level]({ ...fields, ...occurrences }, message);
    }
  };
  return { info: write("info"), warn: write("warn"), error: write("error"), debug: write("debug") };
}
