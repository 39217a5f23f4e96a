import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";

// 600 requests per minute per key (spec, Limits), counted in the database so that every
// server instance shares one budget. A key's window opens with its first request and
// lasts 60 s; the next request after that opens a new one.

export const RATE_LIMIT_PER_MINUTE = 600;
const WINDOW_SECONDS = 60;

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number; exceeded: boolean };

/**
 * The counting statement, for the key ids `keys` selects (authenticate.ts runs it in the
 * same statement as the key lookup): opens the key's window or adds one to it, and
 * returns the count so far and the seconds left in the window.
 */
export function rateLimitUpsert(keys: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "RateLimitCounter" AS c ("keyId", "windowStart", "count")
    SELECT id, clock_timestamp(), 1 FROM (${keys}) AS keys
    ON CONFLICT ("keyId") DO UPDATE SET
      "windowStart" = CASE WHEN c."windowStart" <= clock_timestamp() - interval '60 seconds' THEN clock_timestamp() ELSE c."windowStart" END,
      "count" = CASE WHEN c."windowStart" <= clock_timestamp() - interval '60 seconds' THEN 1 ELSE c."count" + 1 END
    RETURNING c."count", EXTRACT(EPOCH FROM (c."windowStart" + interval '60 seconds' - clock_timestamp()))::float8 AS "resetIn"`;
}

export function rateLimitState(count: number, resetIn: number): RateLimitState {
  return {
    limit: RATE_LIMIT_PER_MINUTE,
    remaining: Math.max(0, RATE_LIMIT_PER_MINUTE - count),
    // windowStart is stored to the millisecond, rounded: read back within half a millisecond
    // it can lie just after the clock, which must not announce a 61-second window.
    resetSeconds: Math.min(WINDOW_SECONDS, Math.max(1, Math.ceil(resetIn))),
    exceeded: count > RATE_LIMIT_PER_MINUTE,
  };
}

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "x-ratelimit-limit": String(state.limit),
    "x-ratelimit-remaining": String(state.remaining),
    "x-ratelimit-reset": String(state.resetSeconds),
  };
}

export function rateLimitedError(state: RateLimitState): AppError {
  return new AppError(
    "RATE_LIMITED",
    `Too many requests: this key may make ${state.limit} requests per minute. Retry after ${state.resetSeconds} s.`,
    { reason: "rate_limited", retryAfterSeconds: state.resetSeconds },
    { "retry-after": String(state.resetSeconds) },
  );
}
