import os from "node:os";
import { httpLoad, sqlLoad, type HttpRequestPlan, type SqlQuery } from "../lib/load";
import type { BenchCase, BenchContext, CaseResult } from "../types";

// The shape of most cases: a GET through the app, against its floor, the bare SQL that
// produces the same data run through pg at the same concurrency for the same time.
// A short warm-up (not measured) precedes each, so JIT and connection set-up are not
// counted.

export function apiReadCase(definition: {
  name: string;
  description: string;
  /** Path and query under the server, e.g. /partner/v1/me. */
  path: (context: BenchContext) => string;
  /** The SQL behind the same response, or null when there is no meaningful floor. */
  floor: ((context: BenchContext) => SqlQuery) | null;
}): BenchCase {
  return {
    name: definition.name,
    description: definition.description,
    async run(context): Promise<CaseResult> {
      const plan: HttpRequestPlan = { path: definition.path(context), headers: () => context.keys.authorization() };
      const load = { connections: context.connections, durationSeconds: context.durationSeconds };
      if (context.warmupSeconds > 0) await httpLoad(context.baseUrl, plan, { ...load, durationSeconds: context.warmupSeconds });
      const api = await httpLoad(context.baseUrl, plan, load);
      const loadAverage = Math.round(os.loadavg()[0] * 100) / 100;

      let floor: CaseResult["floor"] = null;
      if (definition.floor) {
        const query = definition.floor(context);
        if (context.warmupSeconds > 0) await sqlLoad(context.pool, () => query, { ...load, durationSeconds: context.warmupSeconds });
        const stats = await sqlLoad(context.pool, () => query, load);
        if (Object.keys(stats.failures).length) throw new Error(`${definition.name}: floor query failed ${JSON.stringify(stats.failures)}`);
        floor = { p50Ms: stats.p50Ms, p99Ms: stats.p99Ms, rps: stats.rps };
      }
      return {
        case: definition.name,
        p50Ms: api.p50Ms,
        p99Ms: api.p99Ms,
        rps: api.rps,
        floor,
        apiShareOfFloor: floor && floor.rps > 0 ? Math.round((api.rps / floor.rps) * 100) / 100 : null,
        requests: api.count,
        failures: api.failures,
        loadAverage,
      };
    },
  };
}
