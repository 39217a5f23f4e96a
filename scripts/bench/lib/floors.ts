import os from "node:os";
import type { BenchContext, CaseResult, FloorStats, LoadStats, SizedFloor } from "../types";
import { httpLoad, type HttpRequestPlan } from "./load";
import { localPostgresCpuMs, processTreeCpuMs } from "./process-cpu";
import { postgresActivity } from "./postgres-activity";

// Two floors bound every case. The SQL floor is what the database alone does for the same
// data (the case's query through a bare pg.Pool). The framework floor is what the same
// `next start` does for a /partner/v1 response that touches no database: a request with no
// key, answered 401 by the same wrapper (request id, envelope, log line). A request cannot
// beat either, and pays for both, so the fair ceiling is the combined floor:
//   1 / (1 / SQL floor + 1 / framework floor)   (requests per second)

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

const FRAMEWORK_FLOOR_PLAN: HttpRequestPlan = { path: "/partner/v1/me", headers: () => ({}), expectStatus: 401 };

// The framework floor's 401 is under 200 bytes; a 200-row page is about 75 KB, which Next,
// Node, the kernel and the load generator all move on every request whatever our code does.
// For such cases the bench also measures a large response that touches no database either,
// the public OpenAPI document (about 160 KB, built once per process, no key), and places
// the case's body between the two by time per request: the framework floor at the case's
// size. Reported beside the combined floor, not instead of it.
const LARGE_BODY_PLAN: HttpRequestPlan = { path: "/partner/v1/openapi.json", headers: () => ({}), expectStatus: 200 };

/** Bytes of the body one request of `plan` gets (the key is taken from the plan, as under load). */
export async function bodyBytes(context: BenchContext, plan: HttpRequestPlan): Promise<number> {
  const response = await fetch(`${context.baseUrl}${plan.pathFor?.() ?? plan.path}`, {
    headers: plan.headers(),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.arrayBuffer();
  if (response.status !== (plan.expectStatus ?? 200)) throw new Error(`${plan.path}: HTTP ${response.status}`);
  return body.byteLength;
}

/** The large no-database response, measured like the framework floor. */
export async function measureLargeBodyFloor(context: BenchContext): Promise<SizedFloor> {
  const bytes = await bodyBytes(context, LARGE_BODY_PLAN);
  return { ...(await measureServerFloor(context, LARGE_BODY_PLAN, "large-body floor")), bodyBytes: bytes };
}

/** Bytes of the framework floor's 401 body. */
export function frameworkFloorBodyBytes(context: BenchContext): Promise<number> {
  return bodyBytes(context, FRAMEWORK_FLOOR_PLAN);
}

/**
 * Requests per second of a no-database response of `bytes`, on the line through the two
 * measured ones (time per request against body size). Sizes outside the two are not
 * extrapolated: below the small one it is the small one's rate, above the large one the
 * large one's.
 */
export function floorRpsAtSize(small: { rps: number; bodyBytes: number }, large: { rps: number; bodyBytes: number }, bytes: number): number {
  if (!(small.rps > 0 && large.rps > 0 && large.bodyBytes > small.bodyBytes)) throw new Error("floorRpsAtSize needs two measured sizes");
  const fraction = Math.min(1, Math.max(0, (bytes - small.bodyBytes) / (large.bodyBytes - small.bodyBytes)));
  const secondsPerRequest = 1 / small.rps + fraction * (1 / large.rps - 1 / small.rps);
  return 1 / secondsPerRequest;
}

export function toFloor(stats: LoadStats): FloorStats {
  return { p50Ms: stats.p50Ms, p99Ms: stats.p99Ms, rps: stats.rps };
}

/**
 * The framework floor, measured right after a case so both see the same machine, with the
 * server's CPU time per request: a case's CPU minus this is what our code adds to Next's.
 */
export function measureFrameworkFloor(context: BenchContext): Promise<FloorStats> {
  return measureServerFloor(context, FRAMEWORK_FLOOR_PLAN, "framework floor");
}

/** A no-database response through the same server, with the server's CPU per request. */
async function measureServerFloor(context: BenchContext, plan: HttpRequestPlan, label: string): Promise<FloorStats> {
  const stats = await measuredApiLoad(context, plan);
  if (Object.keys(stats.failures).length) throw new Error(`${label}: unexpected answers ${JSON.stringify(stats.failures)}`);
  return { ...toFloor(stats), serverCpuMsPerRequest: stats.serverCpuMsPerRequest };
}

type MeasuredLoad = LoadStats & {
  serverCpuMsPerRequest: number | null;
  databaseCpuMsPerRequest: number | null;
  databaseTransactionsPerRequest: number | null;
  databaseWalBytesPerRequest: number | null;
};

/**
 * Runs the API load and measures, per successful request, the server's CPU time and (for
 * a local database) PostgreSQL's.
 */
export async function measuredApiLoad(context: BenchContext, plan: HttpRequestPlan): Promise<MeasuredLoad> {
  const load = { connections: context.connections, durationSeconds: context.durationSeconds };
  if (context.warmupSeconds > 0) await httpLoad(context.baseUrl, plan, { ...load, durationSeconds: context.warmupSeconds });
  const databaseUrl = process.env.DATABASE_URL;
  const activityBefore = await postgresActivity(databaseUrl);
  const before = { server: processTreeCpuMs(context.serverPid), database: localPostgresCpuMs(databaseUrl) };
  const stats = await httpLoad(context.baseUrl, plan, load);
  const after = { server: processTreeCpuMs(context.serverPid), database: localPostgresCpuMs(databaseUrl) };
  const activityAfter = await postgresActivity(databaseUrl);
  const perRequest = (from: number | null, to: number | null) =>
    from !== null && to !== null && stats.count > 0 ? round((to - from) / stats.count, 3) : null;
  return {
    ...stats,
    serverCpuMsPerRequest: perRequest(before.server, after.server),
    databaseCpuMsPerRequest: perRequest(before.database, after.database),
    databaseTransactionsPerRequest: perRequest(activityBefore?.transactions ?? null, activityAfter?.transactions ?? null),
    databaseWalBytesPerRequest: perRequest(activityBefore?.walBytes ?? null, activityAfter?.walBytes ?? null),
  };
}

const combined = (sqlRps: number, frameworkRps: number) => Math.round(1 / (1 / sqlRps + 1 / frameworkRps));

/** The result line of a case: the API's figures and its share of each floor. */
export function caseResult(
  name: string,
  api: MeasuredLoad,
  sqlFloor: FloorStats | null,
  frameworkFloor: FloorStats | null,
  atSize?: { bodyBytes: number; frameworkFloorBodyBytes: number; largeBodyFloor: SizedFloor },
): CaseResult {
  const share = (rps: number | null) => (rps && rps > 0 ? round(api.rps / rps) : null);
  const combinedFloorRps =
    sqlFloor && frameworkFloor && sqlFloor.rps > 0 && frameworkFloor.rps > 0 ? combined(sqlFloor.rps, frameworkFloor.rps) : null;
  const frameworkFloorAtSizeRps =
    atSize && frameworkFloor
      ? Math.round(
          floorRpsAtSize({ rps: frameworkFloor.rps, bodyBytes: atSize.frameworkFloorBodyBytes }, atSize.largeBodyFloor, atSize.bodyBytes),
        )
      : null;
  const combinedFloorAtSizeRps = frameworkFloorAtSizeRps && sqlFloor && sqlFloor.rps > 0 ? combined(sqlFloor.rps, frameworkFloorAtSizeRps) : null;
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
    ...(atSize
      ? {
          bodyBytes: atSize.bodyBytes,
          largeBodyFloor: atSize.largeBodyFloor,
          frameworkFloorAtSizeRps,
          combinedFloorAtSizeRps,
          apiShareOfCombinedFloorAtSize: share(combinedFloorAtSizeRps),
        }
      : {}),
    serverCpuMsPerRequest: api.serverCpuMsPerRequest,
    databaseCpuMsPerRequest: api.databaseCpuMsPerRequest,
    databaseTransactionsPerRequest: api.databaseTransactionsPerRequest,
    databaseWalBytesPerRequest: api.databaseWalBytesPerRequest,
    requests: api.count,
    failures: api.failures,
    loadAverage: round(os.loadavg()[0]),
  };
}
