import { config } from "@/lib/platform/config/env";
import { DEFAULT_BUFFER_OPTIONS, RequestLogBuffer, type ApiRequestRow } from "./buffer";
import { insertApiRequests } from "./write";

// The process's one buffer. Kept on globalThis: Next bundles route handlers and the
// instrumentation hook (which flushes on shutdown) separately, and both must see the same rows.

const globalForLog = globalThis as unknown as { __requestLog?: RequestLogBuffer };

function buffer(): RequestLogBuffer {
  if (!globalForLog.__requestLog) {
    // A serverless function waits for its flush before it may be frozen (after() is
    // waitUntil there): a short interval keeps that wait short.
    const flushIntervalMs = config().serverless ? 50 : DEFAULT_BUFFER_OPTIONS.flushIntervalMs;
    globalForLog.__requestLog = new RequestLogBuffer(insertApiRequests, { ...DEFAULT_BUFFER_OPTIONS, flushIntervalMs });
  }
  return globalForLog.__requestLog;
}

/** False when REQUEST_LOG=off: nothing is recorded (the bench's comparison run). */
export function requestLogEnabled(): boolean {
  return config().requestLog;
}

/** Buffers one request's row; settles (never rejects) once it has been written. */
export function recordApiRequest(row: ApiRequestRow): Promise<void> {
  return buffer().record(row);
}

/** Writes whatever is buffered (graceful shutdown, tests). Never throws. */
export async function flushRequestLog(): Promise<void> {
  await globalForLog.__requestLog?.flush();
}

/** Rows dropped since start (buffer full during an outage, or not written at a stop). */
export function droppedRequestLogRows(): number {
  return globalForLog.__requestLog?.dropped ?? 0;
}

/** Tests: put a buffer of their own in place (a failing writer, say); undefined restores the default. */
export function setRequestLogBuffer(replacement: RequestLogBuffer | undefined): void {
  globalForLog.__requestLog = replacement;
}
