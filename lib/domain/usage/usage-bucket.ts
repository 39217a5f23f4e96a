// The shape of a usage series, and its totals: pure, so the charts (client components)
// import it without the database layer.

/** Requests of one bucket by outcome. 429 is its own band, not part of 4xx. */
export type UsageBucket = {
  /** ISO start of the UTC hour or day. */
  start: string;
  ok: number;
  clientError: number;
  rateLimited: number;
  serverError: number;
};

export type UsageSeries = { hourly: UsageBucket[]; daily: UsageBucket[] };

/** Totals of a series by outcome, for summaries. */
export function usageTotals(buckets: readonly UsageBucket[]): Omit<UsageBucket, "start"> & { total: number } {
  const totals = { ok: 0, clientError: 0, rateLimited: 0, serverError: 0, total: 0 };
  for (const bucket of buckets) {
    totals.ok += bucket.ok;
    totals.clientError += bucket.clientError;
    totals.rateLimited += bucket.rateLimited;
    totals.serverError += bucket.serverError;
  }
  totals.total = totals.ok + totals.clientError + totals.rateLimited + totals.serverError;
  return totals;
}
