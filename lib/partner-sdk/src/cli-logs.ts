import { PartnerApi, type CliEnvironment } from "./cli-api";
import { CliError } from "./cli-error";

// `svc-partner logs`: the key's own recent requests (GET /requests), newest first, one
// line each: time, status, method, route, error code, duration, request id.

export type LogsOptions = { baseUrl: string; apiKey: string; status?: string; since?: string; limit?: string };

type Entry = { requestId: string; at: string; method: string; route: string; status: number; errorCode: string | null; durationMs: number };

export async function logs(options: LogsOptions, env: CliEnvironment): Promise<void> {
  const limit = options.limit ?? "20";
  if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 200) throw new CliError("svc-partner: --limit must be a whole number from 1 to 200.", 2);
  const query: Record<string, string> = { limit };
  if (options.status) query.status = options.status;
  if (options.since) query.since = options.since;
  const api = new PartnerApi(options.baseUrl, options.apiKey, env);
  const page = await api.json<{ data: Entry[] }>("GET", "/requests", { query });
  if (page.data.length === 0) {
    env.print("No requests recorded for this key (the log keeps 14 days; a request shows a moment after its answer).");
    return;
  }
  for (const entry of page.data) {
    const time = entry.at.replace("T", " ").slice(0, 19);
    env.print(`${time}  ${entry.status} ${`${entry.method} ${entry.route}`.padEnd(44)} ${(entry.errorCode ?? "").padEnd(20)} ${String(entry.durationMs).padStart(5)} ms  ${entry.requestId}`);
  }
}
