import type { LookupAddress, LookupOptions } from "node:dns";
import type { Readable } from "node:stream";
import { Agent, Headers } from "undici";
import { checkOutboundUrl, checkResolvedAddresses, defaultLookup, normalizeHost, type HostLookup } from "./url-guard";

// The one way the product sends HTTP to a customer-supplied URL.
//
// 1. The URL goes through the guard (https only, every resolved address public).
// 2. The connection is made by an undici Agent whose `connect.lookup` resolves
//    the name again and re-applies the same address rules at connect time, so a
//    name that flips to 10.0.0.1 after the check (DNS rebinding) is still refused.
//    Literal IPs skip the lookup hook (Node connects to them directly); that is
//    fine because a literal cannot change between check and connect.
// 3. Redirects are never followed (`redirect: "manual"`): a 3xx could point
//    anywhere, so the caller decides and must run the target through the guard.
// 4. One deadline covers DNS, connect, headers and body; the body is read as a
//    stream and never buffered past the cap.
// 5. Connections are kept alive and reused (one Agent per process and guard setting):
//    a retry or the next delivery to the same origin skips TCP and TLS setup. Reuse
//    keeps the pin: undici pools per origin, and every new socket goes through the
//    guarded lookup, so a pooled socket is always one whose address passed the check.
//
// The request goes through the Agent's own `request` (undici's dispatcher API), not
// `fetch`: no WHATWG Request/Response/stream objects per call, a fraction of the CPU,
// which matters at hundreds of webhook deliveries a second. It never follows redirects.

export type OutboundErrorKind = "blocked" | "timeout" | "network" | "too_large";

export class OutboundError extends Error {
  readonly kind: OutboundErrorKind;

  constructor(kind: OutboundErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboundError";
    this.kind = kind;
  }
}

export type SafeFetchInit = {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The caller's own abort (shutdown); its abort is rethrown untouched. */
  signal?: AbortSignal;
  /** Deadline for the whole exchange: DNS, connect, headers and body. */
  timeoutMs: number;
  /** Body bytes kept. Beyond that the stream is cancelled and `truncated` is set. */
  maxBytes: number;
  /** Throw OutboundError("too_large") instead of returning a truncated body (imports). */
  failOnTooLarge?: boolean;
  /** See url-guard.ts; pass `outboundAllowLoopback()`. */
  allowLoopback?: boolean;
  /** Resolver for both the pre-check and the connect-time check. Tests inject one. */
  lookup?: HostLookup;
};

export type SafeFetchResult = {
  status: number;
  headers: Headers;
  body: Buffer;
  truncated: boolean;
  url: string;
};

// Marks a refusal made inside the connect hook, so it can be told apart from
// ordinary network errors once undici has wrapped it in "fetch failed".
class ConnectBlockedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "ConnectBlockedError";
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Builds the `lookup` Node's net/tls connect uses. Node calls it with `all: true`
 * when happy-eyeballs is on (the default since Node 20) and expects an array;
 * otherwise it expects one address.
 */
function guardedLookup(opts: { allowLoopback: boolean; lookup: HostLookup }) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const host = normalizeHost(hostname);
    const resolve: Promise<LookupAddress[]> =
      opts.allowLoopback && host === "localhost"
        ? // The loopback exception means 127.0.0.1; don't let /etc/hosts hand out ::1
          // (which the exception does not open) or something stranger.
          Promise.resolve([{ address: "127.0.0.1", family: 4 }])
        : opts.lookup(host);

    resolve.then(
      (resolved) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = wanted === 0 ? resolved : resolved.filter((a) => a.family === wanted);
        const reason = checkResolvedAddresses(host, addresses, { allowLoopback: opts.allowLoopback });
        if (reason) {
          callback(new ConnectBlockedError(reason), []);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, []),
    );
  };
}

// undici's own timers (connect, headers, body) surface as these codes; they are
// deadlines too, whichever fires first.
const UNDICI_TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

function hasTimeoutCause(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    if (UNDICI_TIMEOUT_CODES.has(String((current as NodeJS.ErrnoException).code))) return true;
    current = current.cause;
  }
  return false;
}

function findBlockedCause(err: unknown): ConnectBlockedError | null {
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    if (current instanceof ConnectBlockedError) return current;
    current = current.cause;
  }
  return null;
}

function describeNetworkError(err: unknown, host: string): string {
  // undici reports "fetch failed" and keeps the useful part in `cause`.
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === "string" && code !== "UND_ERR") return `The request to ${host} failed (${code}).`;
    if (!(current.cause instanceof Error)) return `The request to ${host} failed: ${current.message}`;
    current = current.cause;
  }
  return `The request to ${host} failed.`;
}

/** Rejects as soon as `signal` aborts, so a hanging DNS lookup also respects the deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

// Idle sockets are closed after this long (undici honours a shorter Keep-Alive hint
// from the server); a receiver retried within it reuses the connection.
const KEEP_ALIVE_MS = 30_000;
// A safety net only: every request's own deadline (the abort signal) is shorter.
const CONNECT_TIMEOUT_MS = 30_000;

// Keyed by resolver (the product always passes defaultLookup; tests inject their own)
// and by the loopback flag, because both are baked into the connect hook.
const agents = new WeakMap<HostLookup, Map<boolean, Agent>>();

function sharedAgent(allowLoopback: boolean, lookup: HostLookup): Agent {
  let byFlag = agents.get(lookup);
  if (!byFlag) {
    byFlag = new Map();
    agents.set(lookup, byFlag);
  }
  let agent = byFlag.get(allowLoopback);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup({ allowLoopback, lookup }), timeout: CONNECT_TIMEOUT_MS },
      keepAliveTimeout: KEEP_ALIVE_MS,
      keepAliveMaxTimeout: KEEP_ALIVE_MS,
    });
    byFlag.set(allowLoopback, agent);
  }
  return agent;
}

/**
 * Reads at most `maxBytes` of a body. When more arrives the stream is cancelled,
 * so at most one chunk beyond the cap is ever held in memory.
 */
async function readCapped(body: Readable, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (total + chunk.byteLength > maxBytes) {
      const room = maxBytes - total;
      if (room > 0) chunks.push(chunk.subarray(0, room));
      total += Math.max(room, 0);
      // undici aborts the request and closes that socket instead of returning it to
      // the pool half-read.
      body.destroy();
      return { body: Buffer.concat(chunks, total), truncated: true };
    }
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  return { body: Buffer.concat(chunks, total), truncated: false };
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * Fetches a customer-supplied URL under the SSRF guard. Throws OutboundError for
 * refused URLs ("blocked"), the deadline ("timeout"), connection/TLS/protocol
 * failures ("network") and, with failOnTooLarge, oversized bodies ("too_large").
 * Any HTTP status, 3xx included, is a result, not an error.
 */
export async function safeFetch(url: string, init: SafeFetchInit): Promise<SafeFetchResult> {
  const { timeoutMs, maxBytes, failOnTooLarge = false, allowLoopback = false, lookup = defaultLookup } = init;
  const callerSignal = init.signal;
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;

  // Maps an abort/timeout to OutboundError; the caller's own abort is rethrown untouched.
  const rethrow = (err: unknown, host: string): never => {
    if (err instanceof OutboundError) throw err;
    if (timeoutSignal.aborted || hasTimeoutCause(err)) {
      throw new OutboundError("timeout", `The request to ${host} timed out after ${timeoutMs} ms.`, { cause: err });
    }
    if (callerSignal?.aborted) throw err;
    const blocked = findBlockedCause(err);
    if (blocked) throw new OutboundError("blocked", blocked.reason, { cause: err });
    throw new OutboundError("network", describeNetworkError(err, host), { cause: err });
  };

  let checked;
  try {
    checked = await untilAborted(checkOutboundUrl(url, { allowLoopback, lookup }), signal);
  } catch (err) {
    return rethrow(err, url);
  }
  if (!checked.ok) throw new OutboundError("blocked", checked.reason);
  const target = checked.url;

  const agent = sharedAgent(allowLoopback, lookup);
  try {
    const response = await agent.request({
      origin: target.origin,
      path: `${target.pathname}${target.search}`,
      method: init.method ?? "GET",
      headers: init.headers,
      body: init.body,
      signal,
    });
    const headers = toHeaders(response.headers);

    if (failOnTooLarge) {
      // Refuse early when the server announces the size; the stream cap below
      // still applies when it doesn't (or lies).
      const declared = Number(headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.body.destroy();
        throw tooLarge(target.host, maxBytes);
      }
    }

    const { body, truncated } = await readCapped(response.body, maxBytes);
    if (truncated && failOnTooLarge) throw tooLarge(target.host, maxBytes);
    return { status: response.statusCode, headers, body, truncated, url: target.href };
  } catch (err) {
    return rethrow(err, target.host);
  }
}

function tooLarge(host: string, maxBytes: number): OutboundError {
  return new OutboundError("too_large", `The response from ${host} is larger than ${formatBytes(maxBytes)}.`);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** Statuses whose Location header names where the resource went. */
export function isRedirectStatus(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/**
 * Resolves a Location header against the URL that was requested. Returns null
 * when there is none or it does not parse. The result is NOT checked: pass it
 * to safeFetch (or checkOutboundUrl) again before using it.
 */
export function resolveRedirectLocation(location: string | null | undefined, requestedUrl: string | URL): string | null {
  if (!location) return null;
  try {
    return new URL(location, requestedUrl).href;
  } catch {
    return null;
  }
}
