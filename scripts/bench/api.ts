// npm run bench:api: see api-run.ts. The bench's own process sends webhooks (the
// webhook-throughput case) and so logs one line per attempt: as JSON, the production
// format (a pretty line costs several times more), and on stderr, since stdout carries
// the results. Set before the app's modules create the logger.
process.env.LOG_FORMAT ??= "json";
process.env.LOG_STREAM = "stderr";
await import("./api-run");
export {};
