import { OPERATOR } from "@/lib/domain/audit/record";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { getDb } from "@/lib/platform/db/client";
import { createOrganization, setBilling } from "@/lib/domain/orgs/organizations";
import { webhookBody, webhookHeaders } from "@/lib/domain/webhooks/send-attempt";
import { createWebhookEndpoint } from "@/lib/domain/webhooks/endpoints";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { verifySignature } from "@/lib/domain/webhooks/signature";
import { percentile } from "../lib/load";
import type { BenchCase, BenchContext, CaseResult } from "../types";

// Benchmark case: outbox events turned into signed, sent deliveries per second.
//
// One organization on the card plan with 5 endpoints subscribed to feedback.created, all
// pointing at a node:http receiver on 127.0.0.1 in a worker thread (a receiver is another
// machine in real life, so it must not share the sender's event loop); every signature
// is verified once
// the clock has stopped (with verifySignature and the endpoint's own secret). The
// outbox is filled with `events` rows up front (one multi-row INSERT: writing the outbox
// is the domain transaction's cost, not delivery's), then the product's own sweep,
// runDueDeliveries (fan-out + claim + sign + POST + record, 10 attempts in flight), runs
// until every delivery has succeeded. Measured: wall time of that sweep.
//
//   rps                 deliveries sent and recorded per second (events x 5 endpoints)
//   eventsPerSecond     outbox events fully delivered per second (rps / 5)
//   p50Ms / p99Ms       the POST of one attempt as the attempt log records it (durationMs)
//   floor               the same signed POSTs to the same receiver at the same concurrency
//                       with no database at all: what the network path alone allows
//
// Target: 1,500 deliveries per second (issue "Performance"). The result's `meetsTarget` says whether it was met.

export const WEBHOOK_THROUGHPUT_TARGET_PER_SECOND = 1_500;
const ENDPOINTS = 5;
const CONCURRENCY = 10;

export type WebhookThroughputResult = CaseResult & {
  eventsPerSecond: number;
  deliveries: number;
  seconds: number;
  targetPerSecond: number;
  meetsTarget: boolean;
  unverifiedSignatures: number;
  cpuMsPerDelivery: number;
};

type Captured = { path: string; signature: string | undefined; rawBody: string };

/** A plain node:http receiver in a worker thread: answers 200 and keeps what it got. */
const RECEIVER_SOURCE = `
const http = require("node:http");
const { parentPort } = require("node:worker_threads");
const received = [];
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    received.push({ path: req.url, signature: req.headers["x-service-signature"], rawBody: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
parentPort.on("message", (message) => {
  if (message === "collect") server.close(() => parentPort.postMessage({ received }));
});
`;

async function startReceiverWorker() {
  const worker = new Worker(RECEIVER_SOURCE, { eval: true });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  const { port } = await next<{ port: number }>();
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    collect: async () => {
      const reply = next<{ received: Captured[] }>();
      worker.postMessage("collect");
      const { received } = await reply;
      await worker.terminate();
      return received;
    },
    terminate: () => worker.terminate(),
  };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function runWebhookThroughputBench(options: { events?: number; concurrency?: number } = {}): Promise<WebhookThroughputResult> {
  const events = options.events ?? 2_000;
  const concurrency = options.concurrency ?? CONCURRENCY;
  // The receiver is on 127.0.0.1, which the SSRF guard only opens with this switch.
  const previousLoopback = process.env.OUTBOUND_ALLOW_LOOPBACK;
  process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
  const receiver = await startReceiverWorker();
  let collected = false;
  try {
    const db = getDb();
    const org = await createOrganization({ name: `Webhook bench ${randomUUID().slice(0, 8)}` });
    await setBilling(org.id, { plan: "card" }, OPERATOR);
    const secrets: string[] = [];
    for (let i = 0; i < ENDPOINTS; i++) {
      const created = await createWebhookEndpoint(org.id, { url: `${receiver.url}/${i}`, eventTypes: ["feedback.created"] }, OPERATOR);
      secrets.push(created.secret);
    }

    // createdAt is the database's clock, after the endpoints' (fan-out only serves
    // endpoints that existed when the event happened).
    const recordedAt = new Date().toISOString();
    await db.webhookEvent.createMany({
      data: Array.from({ length: events }, (_, i) => ({
        orgId: org.id,
        type: "feedback.created",
        data: { id: randomUUID(), sessionId: null, kind: "rating", rating: (i % 5) + 1, comment: null, createdAt: recordedAt },
      })),
    });

    const expected = events * ENDPOINTS;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let passes = 0;
    while ((await db.webhookDelivery.count({ where: { state: "succeeded", endpoint: { orgId: org.id } } })) < expected && passes < 100) {
      passes++;
      const summary = await runDueDeliveries({ orgId: org.id, concurrency });
      if (summary.outcomes.failed || summary.outcomes.exhausted) throw new Error(`deliveries failed: ${JSON.stringify(summary.outcomes)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const floor = await networkFloor(receiver.url, secrets[0], concurrency, Math.min(10, Math.max(2, seconds)));
    const received = (await receiver.collect()).filter((r) => !r.path.endsWith("/floor"));
    collected = true;

    const succeeded = await db.webhookDelivery.count({ where: { state: "succeeded", endpoint: { orgId: org.id } } });
    const attempts = await db.webhookAttempt.findMany({
      where: { delivery: { endpoint: { orgId: org.id } } },
      select: { durationMs: true },
    });
    const http = Float64Array.from(attempts.map((a) => a.durationMs)).sort();
    // Every request is verified with its endpoint's secret (the path names the endpoint),
    // after the clock stops: the receiver's work is not the product's.
    const unverified = received.filter((r) => {
      const secret = secrets[Number(r.path.split("/").pop())];
      return !secret || !verifySignature({ rawBody: r.rawBody, header: r.signature, secret, toleranceSeconds: 3_600 }).ok;
    }).length;
    const failures: Record<string, number> = {};
    if (succeeded !== expected) failures.notDelivered = expected - succeeded;
    if (received.length !== expected) failures.requestsSeen = received.length;
    if (unverified) failures.unverifiedSignature = unverified;

    const rps = round(succeeded / seconds, 0);
    return {
      case: "webhook-throughput",
      p50Ms: percentile(http, 50),
      p99Ms: percentile(http, 99),
      rps,
      floor,
      apiShareOfFloor: floor.rps ? round(rps / floor.rps, 3) : null,
      requests: succeeded,
      failures,
      eventsPerSecond: round(events / seconds, 0),
      deliveries: succeeded,
      seconds: round(seconds, 2),
      targetPerSecond: WEBHOOK_THROUGHPUT_TARGET_PER_SECOND,
      meetsTarget: rps >= WEBHOOK_THROUGHPUT_TARGET_PER_SECOND,
      unverifiedSignatures: unverified,
      // CPU of this process (sender, and the receiver's thread) per delivery: the figure
      // that still means something when the machine is shared and wall-clock rates are not.
      cpuMsPerDelivery: round((cpu.user + cpu.system) / 1000 / Math.max(succeeded, 1), 3),
    };
  } finally {
    if (!collected) await receiver.terminate();
    if (previousLoopback === undefined) delete process.env.OUTBOUND_ALLOW_LOOPBACK;
    else process.env.OUTBOUND_ALLOW_LOOPBACK = previousLoopback;
  }
}

/** Signed POSTs straight to the receiver with fetch, closed loop, no database. */
async function networkFloor(url: string, secret: string, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const body = webhookBody({ id: randomUUID(), type: "feedback.created", createdAt: new Date(), data: { id: randomUUID() } });
      const headers = webhookHeaders({ body, secrets: [secret], eventId: randomUUID(), eventType: "feedback.created", deliveryId: randomUUID(), attemptNumber: 1 });
      const start = performance.now();
      const response = await fetch(`${url}/floor`, { method: "POST", headers, body });
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return { p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), rps: round(latencies.length / elapsed, 0) };
}

export const webhookThroughput: BenchCase = {
  name: "webhook-throughput",
  description: `outbox events to signed deliveries at a local receiver, ${ENDPOINTS} endpoints subscribed (target ${WEBHOOK_THROUGHPUT_TARGET_PER_SECOND} deliveries/s)`,
  // The harness's server, keys and seeded event are not used: delivery runs in this process
  // against the bench database (DATABASE_URL), like the Inngest functions and the sweep do.
  run: (context: BenchContext) => runWebhookThroughputBench({ events: Math.max(500, context.durationSeconds * 200) }),
};
