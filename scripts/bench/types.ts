import type pg from "pg";
import type { KeyRing } from "./lib/keys";

// The contract between the bench runner (scripts/bench/api.ts) and its cases. A case is a
// module in scripts/bench/cases/ that exports a BenchCase and is listed in cases/index.ts;
// most read cases are one call to apiReadCase() (cases/api-read-case.ts). Cases that are
// not HTTP reads (attendee POST writes, webhook delivery throughput) implement run()
// themselves with the same helpers (lib/load.ts) and return the same result line.

/** Where a page of the 100,000-attendee list starts: the API cursor and, for the SQL floor, the row before it. */
export type PagePosition = {
  /** The cursor the API issued for this page (null for the first page). */
  cursor: string | null;
  /** Sort values of the last row of the previous page (null for the first page). */
  after: { createdAt: string; id: string } | null;
};

export type BenchData = {
  orgId: string;
  eventId: string;
  attendeeCount: number;
  /** An attendee in the middle of the list, for the single-attendee case. */
  sampleAttendeeId: string;
  /** 2,000 attendees from the middle of the list, for the PATCH case. */
  patchAttendeeIds: string[];
  /** sha256 hex of one bench key, for the /me floor (the lookup the API does). */
  sampleKeyHash: string;
  pages: { start: PagePosition; middle: PagePosition; end: PagePosition };
};

export type BenchContext = {
  /** e.g. http://127.0.0.1:40123 (the `next start` child process). */
  baseUrl: string;
  /** That process, for its CPU time per request. */
  serverPid: number;
  keys: KeyRing;
  /** The floor's pool: `connections` connections to the bench database. */
  pool: pg.Pool;
  data: BenchData;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
};

export type LoadStats = {
  p50Ms: number;
  p99Ms: number;
  rps: number;
  /** Successful (2xx / resolved) operations measured. */
  count: number;
  /** Non-2xx responses or failed queries, by status (or "error"). */
  failures: Record<string, number>;
};

export type FloorStats = {
  p50Ms: number;
  p99Ms: number;
  rps: number;
  /** The `next start` process's CPU time per request (framework floor only). */
  serverCpuMsPerRequest?: number | null;
};

/** A floor measured with the bytes of its response body (lib/floors.ts, the framework floor at a size). */
export type SizedFloor = FloorStats & { bodyBytes: number };

/** The one JSON line printed per case. */
export type CaseResult = {
  case: string;
  p50Ms: number;
  p99Ms: number;
  rps: number;
  /** The SQL floor: the case's query through a bare pg.Pool (lib/floors.ts). */
  floor: FloorStats | null;
  /** API rps as a share of the SQL floor's rps. */
  apiShareOfFloor: number | null;
  /** The framework floor: a keyless 401 from the same `next start`, no database (lib/floors.ts). */
  frameworkFloor?: FloorStats | null;
  apiShareOfFrameworkFloor?: number | null;
  /** 1 / (1/SQL floor + 1/framework floor), requests per second. */
  combinedFloorRps?: number | null;
  apiShareOfCombinedFloor?: number | null;
  /** Cases with a large body (pages): the bytes of the case's response body. */
  bodyBytes?: number;
  /** A large response that touches no database either: the public OpenAPI document (lib/floors.ts). */
  largeBodyFloor?: SizedFloor;
  /** The framework floor at the case's body size, between the 401 and the large body by time per request. */
  frameworkFloorAtSizeRps?: number | null;
  /** 1 / (1/SQL floor + 1/framework floor at the case's size). */
  combinedFloorAtSizeRps?: number | null;
  apiShareOfCombinedFloorAtSize?: number | null;
  /** CPU time of the `next start` process per successful request. */
  serverCpuMsPerRequest?: number | null;
  /** CPU time of the PostgreSQL server processes per successful request (local database only). */
  databaseCpuMsPerRequest?: number | null;
  /** Transactions PostgreSQL committed or rolled back per successful request (local database only). */
  databaseTransactionsPerRequest?: number | null;
  /** Bytes of WAL PostgreSQL wrote per successful request (local database only). */
  databaseWalBytesPerRequest?: number | null;
  requests: number;
  failures: Record<string, number>;
  /** The machine's 1-minute load average when the API run ended (2 cores here): context for the figures. */
  loadAverage?: number;
};

export interface BenchCase {
  /** Stable name, printed as `case` and accepted by BENCH_CASES. */
  name: string;
  description: string;
  run(context: BenchContext): Promise<CaseResult>;
}
