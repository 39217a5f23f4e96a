import { Inngest } from "inngest";
import { inngestLogger } from "@/lib/platform/observability/inngest-logger";

// The one Inngest client. Every request it makes has a deadline: with no dev server the
// SDK gives up after about 2 s, but an address that accepts the connection and never
// answers would otherwise hold the caller for minutes (stack notes). The SDK retries a
// failed send up to five times, so callers on a request path also bound the whole send
// (sendWithinBudget).
export const INNGEST_FETCH_TIMEOUT_MS = 2_000;
export const INNGEST_SEND_BUDGET_MS = 3_000;

const sdkLogger = inngestLogger();

export const inngest = new Inngest({
  id: "svc-integrations",
  logger: sdkLogger,
  internalLogger: sdkLogger,
  fetch: (input: RequestInfo | URL, init?: RequestInit) => {
    const deadline = AbortSignal.timeout(INNGEST_FETCH_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  },
});

/**
 * Whether sending an event can work at all: cloud mode needs an event key
 * (INNGEST_EVENT_KEY), dev mode (INNGEST_DEV) a local dev server. When neither is set we
 * don't try (it would throw, and the per-minute sweep delivers anyway).
 */
export function inngestCanSend(): boolean {
  return Boolean(inngest.eventKey) || inngest.mode === "dev";
}

/**
 * Sends events, waiting at most INNGEST_SEND_BUDGET_MS. The SDK retries a failed send on
 * its own; past the budget the caller moves on (this rejects) and the retries finish or
 * fail in the background. Callers treat a rejection as "the sweep will do it".
 */
export async function sendWithinBudget(payload: Parameters<typeof inngest.send>[0]): Promise<void> {
  const sending = inngest.send(payload);
  sending.catch(() => {}); // reported through the race below, or too late to matter
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${INNGEST_SEND_BUDGET_MS} ms`)), INNGEST_SEND_BUDGET_MS);
    timer.unref();
  });
  try {
    await Promise.race([sending, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
