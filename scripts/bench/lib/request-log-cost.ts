import type { CaseResult } from "../types";

// BENCH_REQUEST_LOG=compare's summary of one case: rounds of the same setting still move
// 5–15 % on this machine, so the summary is the median of each setting's rounds, and
// beside req/s it sets what each request cost the server and the database with the log
// and without.

const PER_REQUEST = ["serverCpuMsPerRequest", "databaseCpuMsPerRequest", "databaseTransactionsPerRequest", "databaseWalBytesPerRequest"] as const;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function medianOf(results: CaseResult[], pick: (result: CaseResult) => number | null | undefined): number | null {
  return median(results.map(pick).filter((value): value is number => typeof value === "number"));
}

export function requestLogCost(runs: { on: CaseResult[]; off: CaseResult[] }) {
  const rpsOn = medianOf(runs.on, (result) => result.rps);
  const rpsOff = medianOf(runs.off, (result) => result.rps);
  const perRequest = Object.fromEntries(
    PER_REQUEST.map((field) => {
      const on = medianOf(runs.on, (result) => result[field]);
      const off = medianOf(runs.off, (result) => result[field]);
      return [field, { on: on === null ? null : round(on, 3), off: off === null ? null : round(off, 3), added: on !== null && off !== null ? round(on - off, 3) : null }];
    }),
  );
  return {
    rpsOn: runs.on.map((result) => result.rps),
    rpsOff: runs.off.map((result) => result.rps),
    medianOn: rpsOn,
    medianOff: rpsOff,
    change: rpsOn !== null && rpsOff ? `${(((rpsOn - rpsOff) / rpsOff) * 100).toFixed(1)} %` : null,
    medianPerRequest: perRequest,
  };
}
