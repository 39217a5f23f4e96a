import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createFuzzTarget } from "@/lib/testing/fuzz/fuzz-target";
import { newFuzzStats, partnerFuzzProperty, type FuzzTarget } from "@/lib/testing/fuzz/partner-fuzz";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";

// The seeded, smaller run of `npm run fuzz` (lib/testing/fuzz): generated requests to every
// Partner API operation over real HTTP on a real database. A failure prints its seed and
// shrunk counterexample; fix the code, then keep the counterexample as a regression case
// in the test file of the code it broke.

const SEED = 20261125;
const RUNS = 600;

let server: RouteServer;
let target: FuzzTarget;

beforeAll(async () => {
  server = await startRouteServer();
  target = await createFuzzTarget(server.baseUrl, 4);
});
afterAll(async () => server?.close());

it(`${RUNS} generated requests: no 5xx, the envelope on every failure, no write on a 4xx`, { timeout: 120_000 }, async () => {
  const stats = newFuzzStats();
  await fc.assert(partnerFuzzProperty(target, stats), { seed: SEED, numRuns: RUNS });
  expect(stats.requests).toBe(RUNS);
  expect(stats.serverErrors).toBe(0);
  // The generators reach past authentication: successes and several kinds of refusal.
  expect(stats.byStatus[200]).toBeGreaterThan(0);
  expect(stats.byStatus[201]).toBeGreaterThan(0);
  expect(stats.byStatus[405]).toBeGreaterThan(0);
  expect(stats.byStatus[400]).toBeGreaterThan(0);
  expect(stats.byStatus[401]).toBeGreaterThan(0);
  expect(stats.byStatus[404]).toBeGreaterThan(0);
});
