import { bodyBytes, caseResult, frameworkFloorBodyBytes, measuredApiLoad, measureFrameworkFloor, measureLargeBodyFloor, toFloor } from "../lib/floors";
import { sqlLoad, type HttpRequestPlan, type SqlQuery } from "../lib/load";
import type { BenchCase, BenchContext, CaseResult } from "../types";

// The shape of most cases: a GET through the app, then its two floors (lib/floors.ts):
// the framework floor through the same server, and the SQL floor, the bare SQL that
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
  /** A large body (pages): also measure the framework floor at the body's size (lib/floors.ts). */
  largeBody?: boolean;
}): BenchCase {
  return {
    name: definition.name,
    description: definition.description,
    async run(context): Promise<CaseResult> {
      const plan: HttpRequestPlan = { path: definition.path(context), headers: () => context.keys.authorization() };
      const api = await measuredApiLoad(context, plan);
      const frameworkFloor = await measureFrameworkFloor(context);
      const atSize = definition.largeBody
        ? {
            bodyBytes: await bodyBytes(context, plan),
            frameworkFloorBodyBytes: await frameworkFloorBodyBytes(context),
            largeBodyFloor: await measureLargeBodyFloor(context),
          }
        : undefined;

      let sqlFloor: CaseResult["floor"] = null;
      if (definition.floor) {
        const load = { connections: context.connections, durationSeconds: context.durationSeconds };
        const query = definition.floor(context);
        if (context.warmupSeconds > 0) await sqlLoad(context.pool, () => query, { ...load, durationSeconds: context.warmupSeconds });
        const stats = await sqlLoad(context.pool, () => query, load);
        if (Object.keys(stats.failures).length) throw new Error(`${definition.name}: floor query failed ${JSON.stringify(stats.failures)}`);
        sqlFloor = toFloor(stats);
      }
      return caseResult(definition.name, api, sqlFloor, frameworkFloor, atSize);
    },
  };
}
