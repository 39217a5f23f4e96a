import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import type pg from "pg";
import type { LoadStats } from "../types";

// Two ways to load the system for the same time at the same concurrency: HTTP against the
// running app (autocannon), and bare SQL through pg (the "floor": what the database alone
// can do for the same page). Latencies are kept exactly (milliseconds as floats) rather
// than in autocannon's whole-millisecond histogram, since the targets are a few ms.

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function summarise(latencies: number[], seconds: number, failures: Record<string, number>): LoadStats {
  const sorted = Float64Array.from(latencies).sort();
  return {
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    rps: round(latencies.length / seconds, 0),
    count: latencies.length,
    failures,
  };
}

export type HttpRequestPlan = {
  method?: "GET" | "POST" | "PATCH";
  /** Path and query, e.g. /partner/v1/me. */
  path: string;
  /** Another path for each request (e.g. the next attendee of a round-robin); default `path`. */
  pathFor?: () => string;
  /** Headers for each request (called per request, e.g. to rotate keys). */
  headers: () => Record<string, string>;
  /** Body for each request (called per request, e.g. to make each email unique). */
  body?: () => string;
  /** The status that counts as success (the framework floor expects its 401); default any 2xx. */
  expectStatus?: number;
};

/** HTTP load with autocannon; only expected responses (2xx by default) count towards latency and rps. */
export async function httpLoad(
  baseUrl: string,
  plan: HttpRequestPlan,
  options: { connections: number; durationSeconds: number },
): Promise<LoadStats> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 10,
        requests: [
          {
            method: plan.method ?? "GET",
            path: plan.path,
            // Called for every request, so each one can carry another key.
            setupRequest: (request) => ({
              ...request,
              ...(plan.pathFor ? { path: plan.pathFor() } : {}),
              headers: { ...request.headers, ...plan.headers(), ...(plan.body ? { "content-type": "application/json" } : {}) },
              ...(plan.body ? { body: plan.body() } : {}),
            }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      const expected = plan.expectStatus === undefined ? statusCode >= 200 && statusCode < 300 : statusCode === plan.expectStatus;
      if (expected) latencies.push(responseTime);
      else failures[String(statusCode)] = (failures[String(statusCode)] ?? 0) + 1;
    });
  });
  if (result.errors) failures.error = (failures.error ?? 0) + result.errors;
  if (result.timeouts) failures.timeout = (failures.timeout ?? 0) + result.timeouts;
  const seconds = result.duration || (performance.now() - started) / 1000;
  return summarise(latencies, seconds, failures);
}

export type SqlQuery = { text: string; values: unknown[] };

/** `connections` loops running `operation` back to back for the duration. */
export async function loopLoad(
  operation: () => Promise<unknown>,
  options: { connections: number; durationSeconds: number },
): Promise<LoadStats> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  const deadline = started + options.durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const before = performance.now();
        try {
          await operation();
          latencies.push(performance.now() - before);
        } catch {
          failures.error = (failures.error ?? 0) + 1;
        }
      }
    }),
  );
  return summarise(latencies, (performance.now() - started) / 1000, failures);
}

/** The floor: `query` through the pool, `connections` at a time, for the duration. */
export function sqlLoad(
  pool: pg.Pool,
  query: () => SqlQuery,
  options: { connections: number; durationSeconds: number },
): Promise<LoadStats> {
  return loopLoad(() => {
    const { text, values } = query();
    return pool.query(text, values);
  }, options);
}
