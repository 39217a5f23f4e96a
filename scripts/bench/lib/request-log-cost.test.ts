import { describe, expect, it } from "vitest";
import type { CaseResult } from "../types";
import { median, requestLogCost } from "./request-log-cost";

const run = (rps: number, transactions: number | null, serverCpu = 1): CaseResult => ({
  case: "me",
  p50Ms: 1,
  p99Ms: 2,
  rps,
  floor: null,
  apiShareOfFloor: null,
  serverCpuMsPerRequest: serverCpu,
  databaseTransactionsPerRequest: transactions,
  requests: rps * 5,
  failures: {},
});

describe("the request log's cost summary", () => {
  it("takes the median of each setting's rounds, so one disturbed round does not move it", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    const cost = requestLogCost({ on: [run(950, 1.01), run(400, 1.02), run(960, 1.01)], off: [run(1000, 1.0), run(1010, 1.0), run(990, 1.0)] });
    expect(cost.medianOn).toBe(950);
    expect(cost.medianOff).toBe(1000);
    expect(cost.change).toBe("-5.0 %");
    expect(cost.medianPerRequest.databaseTransactionsPerRequest).toEqual({ on: 1.01, off: 1, added: 0.01 });
    // Medians of an even count are means of two: rounded like the rest of the output.
    const even = requestLogCost({ on: [run(1, 1.0555), run(1, 1.0555)], off: [run(1, 1.0815), run(1, 1.0815)] });
    expect(even.medianPerRequest.databaseTransactionsPerRequest).toEqual({ on: 1.056, off: 1.082, added: -0.026 });
  });

  it("leaves out what a run could not measure (a remote database)", () => {
    const cost = requestLogCost({ on: [run(900, null, 1.2)], off: [run(1000, null, 1.1)] });
    expect(cost.medianPerRequest.databaseTransactionsPerRequest).toEqual({ on: null, off: null, added: null });
    expect(cost.medianPerRequest.serverCpuMsPerRequest.added).toBe(0.1);
  });
});
