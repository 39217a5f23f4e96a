// Next.js calls register() once per server process at start.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.LOCAL_WORKER !== "1") return;
  const { startLocalWorker } = await import("@/lib/worker/local-worker");
  startLocalWorker();
}
