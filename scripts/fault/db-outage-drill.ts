import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { TcpProxy } from "@/lib/testing/tcp-proxy";

// The database-outage drill, shared by `npm run fault:db` (against `next start`) and
// its short version in the test suite (against the in-process route server). While
// workers send reads and writes (POST attendees, each with a new email), the proxy in
// front of the database drops every connection for `outageMs`, then lets them through
// again. Afterwards every request and the database itself are checked.

export type DrillOptions = {
  baseUrl: string;
  eventId: string;
  /** Authorization header for the next request (round-robin over keys: rate limits). */
  authorization: () => string;
  proxy: TcpProxy;
  /** Direct connection to the database (not through the proxy), for the final checks. */
  pool: pg.Pool;
  beforeMs: number;
  outageMs: number;
  afterMs: number;
  concurrency: number;
  /**
   * At most this many requests a second, all workers together. The drill is about the
   * database, not the rate limit: on a fast machine, a few keys' 600/min would otherwise
   * run out and answer 429 (a violation).
   */
  maxRequestsPerSecond?: number;
  log?: (line: string) => void;
};

type Sample = {
  kind: "read" | "write";
  startedAt: number;
  endedAt: number;
  status: number | "hang" | "network";
  retryAfter: string | null;
  envelopeOk: boolean;
  email?: string;
  attendeeId?: string;
};

export type DrillReport = {
  requests: number;
  outage: { ms: number; requests: number; statuses: Record<string, number>; maxLatencyMs: number };
  maxLatencyMs: number;
  statuses: Record<string, number>;
  recoveryMs: number | null;
  writes: { acknowledged: number; lost: number; withoutOutboxRow: number; duplicateOutboxRows: number; unacknowledgedButCommitted: number };
  violations: string[];
};

/** A request may not take longer than this, outage or not. */
export const MAX_LATENCY_MS = 5_000;
/** After the database is back, every request must succeed again within this. */
export const MAX_RECOVERY_MS = 5_000;

export async function runDbOutageDrill(options: DrillOptions): Promise<DrillReport> {
  const log = options.log ?? (() => {});
  const runId = randomUUID().slice(0, 8);
  const samples: Sample[] = [];
  const started = Date.now();
  const cutAt = started + options.beforeMs;
  const restoreAt = cutAt + options.outageMs;
  const stopAt = restoreAt + options.afterMs;
  let sequence = 0;

  const one = async (kind: Sample["kind"]): Promise<void> => {
    const email = kind === "write" ? `drill-${runId}-${sequence++}@example.com` : undefined;
    const url =
      kind === "write"
        ? `${options.baseUrl}/partner/v1/events/${options.eventId}/attendees`
        : `${options.baseUrl}/partner/v1/events/${options.eventId}/attendees?limit=20`;
    const sample: Sample = { kind, startedAt: Date.now(), endedAt: 0, status: "network", retryAfter: null, envelopeOk: true, email };
    try {
      const response = await fetch(url, {
        method: kind === "write" ? "POST" : "GET",
        headers: { authorization: options.authorization(), ...(kind === "write" ? { "content-type": "application/json" } : {}) },
        body: kind === "write" ? JSON.stringify({ email }) : undefined,
        // Far past the 5 s limit: a request still open then is a hang.
        signal: AbortSignal.timeout(MAX_LATENCY_MS * 2),
      });
      const text = await response.text();
      sample.status = response.status;
      sample.retryAfter = response.headers.get("retry-after");
      const body = JSON.parse(text) as { data?: { id?: string }; error?: { code?: string; requestId?: string; details?: { reason?: string; retryAfterSeconds?: number } } };
      if (response.status === 201) sample.attendeeId = body.data?.id;
      if (response.status >= 400) {
        sample.envelopeOk = Boolean(body.error?.code && body.error.requestId === response.headers.get("x-request-id"));
        if (response.status === 503) {
          sample.envelopeOk &&=
            body.error?.code === "SERVICE_UNAVAILABLE" &&
            body.error.details?.reason === "database_unavailable" &&
            String(body.error.details.retryAfterSeconds) === sample.retryAfter;
        }
      }
    } catch (error) {
      sample.status = error instanceof Error && error.name === "TimeoutError" ? "hang" : "network";
    }
    sample.endedAt = Date.now();
    samples.push(sample);
  };

  // Start times are handed out one interval apart, whichever worker asks.
  const interval = options.maxRequestsPerSecond ? 1000 / options.maxRequestsPerSecond : 0;
  let nextStart = started;
  const paced = async () => {
    if (!interval) return;
    nextStart = Math.max(nextStart + interval, Date.now());
    const wait = nextStart - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  const worker = async (index: number) => {
    let n = index;
    while (Date.now() < stopAt) {
      await paced();
      await one(n++ % 2 === 0 ? "write" : "read");
    }
  };

  const workers = Array.from({ length: options.concurrency }, (_, i) => worker(i));
  await new Promise((resolve) => setTimeout(resolve, cutAt - Date.now()));
  options.proxy.cut();
  log(`database cut at +${cutAt - started} ms`);
  await new Promise((resolve) => setTimeout(resolve, restoreAt - Date.now()));
  options.proxy.restore();
  log(`database restored at +${restoreAt - started} ms`);
  await Promise.all(workers);

  return analyse(samples, { cutAt, restoreAt }, options.pool, runId);
}

const count = (list: Sample[]) =>
  list.reduce<Record<string, number>>((acc, s) => {
    acc[String(s.status)] = (acc[String(s.status)] ?? 0) + 1;
    return acc;
  }, {});

async function analyse(samples: Sample[], window: { cutAt: number; restoreAt: number }, pool: pg.Pool, runId: string): Promise<DrillReport> {
  const violations: string[] = [];
  const latency = (s: Sample) => s.endedAt - s.startedAt;
  const ok = (s: Sample) => s.status === 200 || s.status === 201;

  for (const s of samples) {
    if (!ok(s) && s.status !== 503) violations.push(`${s.kind} answered ${s.status} at +${s.startedAt - window.cutAt} ms from the cut`);
    if (s.status === 503 && (!s.retryAfter || !s.envelopeOk)) violations.push(`a 503 without Retry-After or the SERVICE_UNAVAILABLE envelope`);
    if (latency(s) >= MAX_LATENCY_MS) violations.push(`${s.kind} took ${latency(s)} ms`);
  }
  const outage = samples.filter((s) => s.startedAt < window.restoreAt && s.endedAt > window.cutAt);

  // Recovery: from the restore to the start of the first request after which every
  // request succeeded.
  const after = samples.filter((s) => s.startedAt >= window.restoreAt).sort((a, b) => a.startedAt - b.startedAt);
  const lastFailure = after.reduce((index, s, i) => (ok(s) ? index : i), -1);
  const firstOfStreak = after[lastFailure + 1];
  const recoveryMs = firstOfStreak ? Math.max(0, firstOfStreak.startedAt - window.restoreAt) : null;
  if (recoveryMs === null) violations.push("no request succeeded after the database came back");
  else if (recoveryMs >= MAX_RECOVERY_MS) violations.push(`recovery took ${recoveryMs} ms`);

  const acknowledged = samples.filter((s) => s.kind === "write" && s.status === 201);
  const rows = await pool.query<{ id: string; email: string; outbox: string }>(
    `SELECT a.id, a.email::text AS email,
            (SELECT count(*) FROM "WebhookEvent" e WHERE e.type = 'attendee.created' AND e.data->>'id' = a.id::text) AS outbox
     FROM "Attendee" a WHERE a.email::text LIKE $1`,
    [`drill-${runId}-%`],
  );
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  const lost = acknowledged.filter((s) => !s.attendeeId || !byId.has(s.attendeeId));
  const withoutOutboxRow = rows.rows.filter((r) => Number(r.outbox) === 0);
  const duplicateOutboxRows = rows.rows.filter((r) => Number(r.outbox) > 1);
  const ackedIds = new Set(acknowledged.map((s) => s.attendeeId));
  const unacknowledgedButCommitted = rows.rows.filter((r) => !ackedIds.has(r.id)).length;
  if (lost.length) violations.push(`${lost.length} acknowledged writes are missing`);
  if (withoutOutboxRow.length) violations.push(`${withoutOutboxRow.length} attendees have no webhook outbox row`);
  if (duplicateOutboxRows.length) violations.push(`${duplicateOutboxRows.length} attendees have more than one outbox row`);
  if (rows.rows.length !== new Set(rows.rows.map((r) => r.email.toLowerCase())).size) violations.push("an email was written twice");
  if (!outage.some((s) => s.status === 503)) violations.push("no request saw the outage (was the proxy in the path?)");

  return {
    requests: samples.length,
    outage: {
      ms: window.restoreAt - window.cutAt,
      requests: outage.length,
      statuses: count(outage),
      maxLatencyMs: Math.max(0, ...outage.map(latency)),
    },
    maxLatencyMs: Math.max(0, ...samples.map(latency)),
    statuses: count(samples),
    recoveryMs,
    writes: {
      acknowledged: acknowledged.length,
      lost: lost.length,
      withoutOutboxRow: withoutOutboxRow.length,
      duplicateOutboxRows: duplicateOutboxRows.length,
      unacknowledgedButCommitted,
    },
    violations,
  };
}
