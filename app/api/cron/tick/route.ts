import { authorizeCron } from "@/lib/runtime/authorize-cron";
import { errorResponse, jsonResponse, newRequestId } from "@/lib/platform/http/responses";
import { runScheduledWork } from "@/lib/runtime/scheduled-work";

// The scheduled work without Inngest: webhook sweep, due imports, prune, in bounded
// batches. vercel.json calls it daily (the one schedule every Vercel plan accepts); on Pro
// without Inngest it can run every 5 minutes (docs/deploy.md). Nothing new starts
// after 45 s, so a run ends inside the 60 s function limit; the next run continues.
export const dynamic = "force-dynamic";
export const maxDuration = 60;

const BUDGET_MS = 45_000;

export async function GET(request: Request) {
  const requestId = newRequestId();
  try {
    authorizeCron(request.headers);
    const started = Date.now();
    const summary = await runScheduledWork({ sweepBudgetMs: 25_000, deadline: started + BUDGET_MS, prune: true });
    return jsonResponse({ ...summary, durationMs: Date.now() - started }, 200, { "x-request-id": requestId, "cache-control": "no-store" });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
