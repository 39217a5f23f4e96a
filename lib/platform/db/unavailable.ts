import { AppError } from "@/lib/platform/errors/app-error";

// Recognises "the database cannot be reached right now", whichever layer reports it:
// pg (socket errno codes, its own timeout messages, SQLSTATE of a server shutting
// down), @prisma/adapter-pg (DriverAdapterError kinds) or the Prisma client (P1xxx
// connection codes, pool and transaction-start timeouts). Each wraps the previous one
// in `cause` or `meta.driverAdapterError`, so the whole chain is searched.

export const DATABASE_RETRY_AFTER_SECONDS = 5;

const ERRNO_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300
// too_many_connections, 57014 query_canceled (statement_timeout); class 08 is
// "connection exception".
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

// P1001 can't reach, P1002 timed out, P1008 operation timed out, P1017 server closed
// the connection, P2024 pool timeout, P2028 transaction could not start / expired.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
  /Connection is closed/i,
  /terminating connection due to administrator command/i,
  /the database system is (starting up|shutting down)/i,
  /canceling statement due to statement timeout/i,
];

function matchesOne(value: Record<string, unknown>): boolean {
  const code = value.code;
  if (typeof code === "string") {
    if (ERRNO_CODES.has(code) || SQLSTATES.has(code) || PRISMA_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof value.kind === "string" && ADAPTER_KINDS.has(value.kind)) return true;
  if (value.kind === "postgres" && typeof value.code === "string" && SQLSTATES.has(value.code)) return true;
  return typeof value.message === "string" && MESSAGES.some((pattern) => pattern.test(value.message as string));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 16) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const value = current as Record<string, unknown>;
    if (matchesOne(value)) return true;
    queue.push(value.cause);
    if (value.meta && typeof value.meta === "object") queue.push((value.meta as Record<string, unknown>).driverAdapterError);
    if (Array.isArray(value.errors)) queue.push(...value.errors); // AggregateError (happy eyeballs connect)
  }
  return false;
}

export function databaseUnavailable(): AppError {
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `The service is briefly unavailable. Retry after ${DATABASE_RETRY_AFTER_SECONDS} s.`,
    { reason: "database_unavailable", retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}
