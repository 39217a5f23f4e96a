import os from "node:os";
import type { BenchContext, CaseResult, FloorStats, LoadStats } from "../types";
import { httpLoad, type HttpRequestPlan } from "./load";
import { localPostgresCpuMs, processTreeCpuMs } from "./process-cpu";

// Two floors bound every case. The SQL floor is what the database alone does for the same
// data (the case's query through a bare pg.Pool). The framework floor is what the same
// `next start` does for a /partner/v1 response that touches no database: a request with no
// key, answered 401 by the same wrapper (request id, envelope, log line). A request cannot
// beat either, and pays for both, so the fair ceiling is the combined floor:
//   1 / (1 / SQL floor + 1 / framework floor)   (requests per second)

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

const FRAMEWORK_FLOOR_PLAN: HttpRequestPlan = { path: "/partner/v1/me", headers: () => ({}), expectStatus: 401 };

export function toFloor(stats: LoadStats): FloorStats {
  return { p50Ms: stats.p50Ms, p99Ms: stats.p99Ms, rps: stats.rps };
}

/**
 * The framework floor, measured right after a case so both see the same machine, with the
 * server's CPU time per request: a case's CPU minus this is what our code adds to Next's.
 */
export async function measureFrameworkFloor(context: BenchContext): Promise<FloorStats> {
  const stats = await measuredApiLoad(context, FRAMEWORK_FLOOR_PLAN);
  if (Object.keys(stats.failures).length) throw new Error(`framework floor: unexpected answers ${JSON.stringify(stats.failures)}`);
  return { ...toFloor(stats), serverCpuMsPerRequest: stats.serverCpuMsPerRequest };
}

type MeasuredLoad = LoadStats & { serverCpuMsPerRequest: number | null; databaseCpuMsPerRequest: number | null };

/**
 * Runs the API load and measures, per successful request, the server's CPU time and (for
 * a local database) PostgreSQL's.
 */
export async function measuredApiLoad(context: BenchContext, plan: HttpRequestPlan): Promise<MeasuredLoad> {
  const load = { connections: context.connections, durationSeconds: context.durationSeconds };
  if (context.warmupSeconds > 0) await httpLoad(context.baseUrl, plan, { ...load, durationSeconds: context.warmupSeconds });
  const databaseUrl = process.env.DATABASE_URL;
  const before = { server: processTreeCpuMs(context.serverPid), database: localPostgresCpuMs(databaseUrl) };
  const stats = await httpLoad(context.baseUrl, plan, load);
  const after = { server: processTreeCpuMs(context.serverPid), database: localPostgresCpuMs(databaseUrl) };
  const perRequest = (from: number | null, to: number | null) =>
    from !== null && to !== null && stats.count > 0 ? round((to - from) / stats.count, 3) : null;
  return {
    ...stats,
    serverCpuMsPerRequest: perRequest(before.server, after.server),
    databaseCpuMsPerRequest: perRequest(before.database, after.database),
  };
}

/** The result line of a case: the API's figures and its share of each floor. */
export function caseResult(
  name: string,
  api: MeasuredLoad,
  sqlFloor: FloorStats | null,
  frameworkFloor: FloorStats | null,
): CaseResult {
  const share = (rps: number | null) => (rps && rps > 0 ? round(api.rps / rps) : null);
  const combinedFloorRps =
    sqlFloor && frameworkFloor && sqlFloor.rps > 0 && frameworkFloor.rps > 0
      ? Math.round(1 / (1 / sqlFloor.rps + 1 / frameworkFloor.rps))
      : null;
  return {
    case: name,
    p50Ms: api.p50Ms,
    p99Ms: api.p99Ms,
    rps: api.rps,
    floor: sqlFloor,
    apiShareOfFloor: share(sqlFloor?.rps ?? null),
    frameworkFloor,
    apiShareOfFrameworkFloor: share(frameworkFloor?.rps ?? null),
    combinedFloorRps,
    apiShareOfCombinedFloor: share(combinedFloorRps),
    serverCpuMsPerRequest: api.serverCpuMsPerRequest,
    databaseCpuMsPerRequest: api.databaseCpuMsPerRequest,
    requests: api.count,
    failures: api.failures,
    loadAverage: round(os.loadavg()[0]),
  };
}
