import { configProblems } from "@/lib/platform/config/env";

// Called once per server process by instrumentation.ts, before the first request: a
// production server with a bad configuration exits here (non-zero, one line per bad
// variable) instead of answering 500s later; the local worker starts when configured;
// SIGTERM/SIGINT stop the HTTP server and drain it, write the buffered request log and
// close the pool.

const SHUTDOWN_GRACE_MS = 7_000;

export async function bootServer(): Promise<void> {
  const production = process.env.NODE_ENV === "production";
  const problems = configProblems(process.env, { production });
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`Configuration error: ${problem}\n`);
    // An explicit exit rather than a throw: how Next treats a failing register() is its
    // business (a logged error, 500s per request); a refused start must be unmistakable.
    process.exit(1);
  }

  // Next prints errors (and next-auth its messages) through console, over several lines.
  if (production) (await import("@/lib/platform/observability/request-errors")).consoleAsLogLines();

  const { config } = await import("@/lib/platform/config/env");
  const worker = config().localWorker ? (await import("@/lib/runtime/local-worker")).startLocalWorker() : null;

  // Next exits at once on a signal unless NEXT_MANUAL_SIG_HANDLE is set (scripts/start.ts sets it).
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) return;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const { logger } = await import("@/lib/platform/observability/logger");
    const started = Date.now();
    let exitCode = 0;
    try {
      const result = await drainForShutdown(worker);
      logger.info({ signal, ...result, durationMs: Date.now() - started }, "shutdown complete");
    } catch (error) {
      exitCode = 1;
      logger.error({ signal, err: error instanceof Error ? error.message : String(error) }, "shutdown failed");
    }
    process.exit(exitCode);
  };
  // `on`, not `once`: a signal to the whole process group reaches this process from the
  // kernel and again from the launcher's forward; a second one must not end the drain.
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));
  // A launcher that died without forwarding (killed hard) leaves this process to the init
  // process: drain and exit rather than serve on unsupervised.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop("SIGTERM");
  }, 500).unref();
}

// Set by the HTTP server of npm start (scripts/next-server.mjs): stops taking connections and
// resolves when the requests in flight are answered.
const CLOSE_HTTP_SERVER = Symbol.for("svc.http.close");

/** Stops serving HTTP, if this process's server can; false when requests outlived the grace. */
async function stopServing(graceMs: number): Promise<boolean> {
  const close = (globalThis as Record<symbol, unknown>)[CLOSE_HTTP_SERVER] as (() => Promise<void>) | undefined;
  if (!close) return true;
  let timer: NodeJS.Timeout | undefined;
  const outlived = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const answered = await Promise.race([close().then(() => true as const), outlived]);
  clearTimeout(timer);
  return answered;
}

/**
 * The graceful part of a shutdown: no new request, the requests and the worker's work in
 * flight finished, then the Partner API requests buffered for the request log (written,
 * not lost), then the pool.
 */
export async function drainForShutdown(
  worker: { stop: (graceMs: number) => Promise<{ drained: boolean; released: number }> } | null,
  graceMs: number = SHUTDOWN_GRACE_MS,
): Promise<{ answered: boolean; drained: boolean; released: number }> {
  const [answered, result] = await Promise.all([stopServing(graceMs), worker ? worker.stop(graceMs) : { drained: true, released: 0 }]);
  const { flushRequestLog } = await import("@/lib/domain/request-log/record");
  await flushRequestLog();
  const { disconnectDb } = await import("@/lib/platform/db/client");
  await disconnectDb();
  return { answered, ...result };
}
