import type { Instrumentation } from "next";

// Next.js calls register() once per server process at start (lib/runtime/boot-server.ts:
// configuration check, local worker, graceful shutdown, logs as JSON lines).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootServer } = await import("@/lib/runtime/boot-server");
  await bootServer();
}

// Errors no handler caught: one JSON line with a request id (lib/platform/observability/request-errors.ts).
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("@/lib/platform/observability/request-errors");
  logRequestError(error, request, context);
};
