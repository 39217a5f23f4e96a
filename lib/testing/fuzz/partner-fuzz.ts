import fc from "fast-check";
import { ERROR_STATUS } from "@/lib/platform/errors/app-error";
import { takeWriteSnapshot, type WriteSnapshot } from "@/lib/testing/write-snapshot";
import { partnerRequests, type FuzzIds, type FuzzRequest } from "./partner-requests";

// The properties every Partner API answer must have, whatever the request:
//   1. never a 5xx (nor a hang past the timeout);
//   2. x-request-id and Cache-Control: private, no-store on every answer;
//   3. every non-2xx body is exactly the spec's envelope, requestId = the x-request-id header,
//      with a code whose status is the one answered (405 also carries Allow);
//   4. a 4xx writes nothing: the organization's attendees (count, newest updatedAt), events,
//      webhook outbox rows and deliveries are as before the request.
// Requests run one at a time so that (4) can compare snapshots around each of them.

export type FuzzTarget = { baseUrl: string; orgId: string; keys: readonly string[]; ids: FuzzIds };

export type FuzzStats = { requests: number; serverErrors: number; byStatus: Record<number, number> };

const REQUEST_TIMEOUT_MS = 10_000;
const ENVELOPE_KEYS = new Set(["code", "message", "details", "requestId"]);

export function newFuzzStats(): FuzzStats {
  return { requests: 0, serverErrors: 0, byStatus: {} };
}

export function partnerFuzzProperty(target: FuzzTarget, stats: FuzzStats) {
  let last: WriteSnapshot | null = null;
  return fc.asyncProperty(partnerRequests(target.keys, target.ids), async (request) => {
    last ??= await takeWriteSnapshot(target.orgId);
    const response = await send(target.baseUrl, request);
    const text = await response.text();
    const now = await takeWriteSnapshot(target.orgId);
    const before = last;
    last = now;
    stats.requests += 1;
    stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
    if (response.status >= 500) stats.serverErrors += 1;
    const violation = judge(request, response, text, before, now);
    if (violation) throw new Error(`${violation}\n  ${response.status} ${text.slice(0, 300)}`);
  });
}

async function send(baseUrl: string, request: FuzzRequest): Promise<Response> {
  return fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: typeof request.body === "string" || request.body === undefined ? request.body : Buffer.from(request.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

function judge(request: FuzzRequest, response: Response, text: string, before: WriteSnapshot, now: WriteSnapshot): string | null {
  const status = response.status;
  if (status >= 500) return `a ${status}`;
  const requestId = response.headers.get("x-request-id");
  if (!requestId || !/^req_[0-9a-f]{32}$/.test(requestId)) return "no x-request-id";
  if (response.headers.get("cache-control") !== "private, no-store") return "no Cache-Control: private, no-store";
  if (status >= 400 && JSON.stringify(now) !== JSON.stringify(before)) {
    return `a ${status} wrote: ${JSON.stringify(before)} → ${JSON.stringify(now)}`;
  }
  if (status === 405 && !response.headers.get("allow")) return "a 405 without Allow";
  if (status < 300 || request.method === "HEAD") return null;

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "a non-2xx body that is not JSON";
  }
  if (!isObject(body) || Object.keys(body).join() !== "error" || !isObject(body.error)) return "not the envelope";
  const error = body.error;
  if (Object.keys(error).some((name) => !ENVELOPE_KEYS.has(name))) return "extra fields in the envelope";
  if (typeof error.message !== "string" || error.message === "") return "no message";
  if (error.requestId !== requestId) return "envelope requestId differs from x-request-id";
  const code = error.code as keyof typeof ERROR_STATUS;
  if (typeof code !== "string" || !(code in ERROR_STATUS)) return `unknown code ${String(code)}`;
  if (ERROR_STATUS[code] !== status) return `code ${code} answered with ${status}`;
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
