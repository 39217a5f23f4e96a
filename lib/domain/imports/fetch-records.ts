import { OutboundError, isRedirectStatus, resolveRedirectLocation, safeFetch } from "@/lib/platform/outbound/safe-fetch";
import { outboundAllowLoopback } from "@/lib/platform/outbound/url-guard";
import { describeJsonKind, getAtPath } from "./dotted-path";
import { storedHeadersFor } from "./header-origin";
import { PaginationValueError, firstPageUrl, nextPageUrl, withQueryParams } from "./pagination";
import { pause, retryAfterMs } from "./retry-after";
import { RequestAuth, SourceAuthError } from "./source-auth";
import type { PaginationConfig, SourceAuth } from "./source-config";
import { withLocalAddressHint } from "./unreachable-url";

// Reads a partner's JSON API page by page.
//
// Every request goes through safeFetch (SSRF guard at check and connect time, deadline,
// size cap that fails instead of truncating). Redirects are followed here, by hand, at
// most MAX_REDIRECTS times, each target through the guard again. A page's records sit at
// `recordsPath` (empty: the response is the list); the next page's URL, if any, at
// `nextPagePath`, relative URLs resolved against the page's own URL. Paging stops on a
// missing/null/empty link, or a link already visited (same URL or a loop).
//
// Header values are secrets: they go only to the origin the organiser configured. A
// redirect or next-page link to another host gets the request without them, the way
// browsers drop Authorization on a cross-origin redirect. The configured credentials
// (source-auth.ts) follow the same rule, and a query credential never appears in a
// message or a returned URL.
//
// Paging styles are in pagination.ts. A 429 or 503 with Retry-After is waited out and the
// same page asked again while the wait fits in the caller's deadline; otherwise the read
// stops with SourceRateLimitedError. An optional pause separates pages.

export const MAX_REDIRECTS = 5;

export type FetchLimits = {
  /** Per request (each redirect hop is a request). Spec: 20 s. */
  fetchTimeoutMs: number;
  /** Per response body. Spec: 5 MB. */
  maxBytes: number;
};

export const MAX_POLITE_RETRIES = 5;

export type SourceRequest = {
  url: string;
  headers: Record<string, string>;
  recordsPath: string;
  /** The older spelling of { type: "nextUrl", path }; used when `pagination` is absent. */
  nextPagePath: string | null;
  pagination?: PaginationConfig;
  auth?: SourceAuth;
  /** Query parameters every request carries (the incremental `since` value). */
  query?: Record<string, string>;
  pauseBetweenPagesMs?: number;
};

function paginationOf(source: SourceRequest): PaginationConfig {
  return source.pagination ?? (source.nextPagePath ? { type: "nextUrl", path: source.nextPagePath } : { type: "none" });
}

export type FetchedPage = {
  /** The URL the records came from (after redirects). */
  url: string;
  records: unknown[];
  /** The next page to read, already checked against loops; null when this is the last. */
  nextUrl: string | null;
};

/**
 * The setting a fetch failure points at, so the console can mark that input: the URL
 * (refused, unreachable, an error status or not JSON, for the configured URL itself),
 * the records path, or the next-page path.
 */
export type FetchErrorField = "url" | "recordsPath" | "nextPagePath" | "pagination" | "auth";

/** A fetch failure worded for the organiser (no header values, no stack, no error codes). */
export class SourceFetchError extends Error {
  constructor(
    message: string,
    readonly field: FetchErrorField | null = null,
  ) {
    super(message);
    this.name = "SourceFetchError";
  }
}

// What a connection failure means, in words (the codes are Node's and undici's).
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "the connection was refused: nothing is listening at that address and port",
  ECONNRESET: "the connection was closed before an answer arrived",
  ENOTFOUND: "the host name does not exist",
  EAI_AGAIN: "the host name could not be looked up right now",
  EHOSTUNREACH: "the host cannot be reached",
  ENETUNREACH: "the network of that address cannot be reached",
  UND_ERR_SOCKET: "the connection was closed before an answer arrived",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its TLS certificate is not signed by a trusted authority",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its TLS certificate is not signed by a trusted authority",
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate is for another host name",
};

function networkCode(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === "string" && code !== "UND_ERR") return code;
    current = current.cause;
  }
  return null;
}

/** A connection failure in words, without the error code. */
function describeUnreachable(url: string, err: OutboundError): string {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // An unparsable URL never gets this far; keep the text as given.
  }
  const code = networkCode(err);
  const why = code ? NETWORK_CODES[code] : undefined;
  return `${host} could not be reached${why ? `: ${why}` : ""}.`;
}

/**
 * The source asked us to wait (429, or 503 with Retry-After) longer than the deadline
 * allows, or kept asking: the run stops early and the next one carries on.
 */
export class SourceRateLimitedError extends SourceFetchError {
  constructor(message: string) {
    super(message, null);
    this.name = "SourceRateLimitedError";
  }
}

/** The caller's signal fired (the run's time limit): not the source's fault. */
export class FetchAbortedError extends Error {
  constructor() {
    super("The fetch was stopped.");
    this.name = "FetchAbortedError";
  }
}

export type FetchOptions = {
  limits: FetchLimits;
  signal?: AbortSignal;
  /** Epoch ms by which the read must end: polite waits never go past it. */
  deadline?: number;
};

/** The credentials of one read (one token cache for all its pages). */
export function requestAuthFor(source: SourceRequest, options: FetchOptions): RequestAuth {
  return new RequestAuth(source.auth ?? { type: "none" }, source.url, {
    timeoutMs: options.limits.fetchTimeoutMs,
    maxBytes: options.limits.maxBytes,
    signal: options.signal,
  });
}

/** application/json and any +json type (application/vnd.api+json, application/hal+json...). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json" || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(mediaType);
}

function shortUrl(url: string): string {
  return url.length > 120 ? `${url.slice(0, 117)}...` : url;
}

/** The request's headers: the configured auth replaces a request header of the same name (any case). */
function requestHeaders(stored: Record<string, string>, credentials: Record<string, string>): Record<string, string> {
  const replaced = new Set(Object.keys(credentials).map((name) => name.toLowerCase()));
  return {
    accept: "application/json",
    "user-agent": "svc-integrations-import/1",
    ...Object.fromEntries(Object.entries(stored).filter(([name]) => !replaced.has(name.toLowerCase()))),
    ...credentials,
  };
}

type JsonPage = { json: unknown; url: string; linkHeader: string | null };

/**
 * One GET, redirects followed under the guard; returns the parsed JSON, the final URL
 * (without a query credential) and the Link header. `first` marks the configured URL's
 * own request, whose failures are that input's fault.
 */
async function fetchJson(startUrl: string, source: SourceRequest, auth: RequestAuth, options: FetchOptions, first: boolean): Promise<JsonPage> {
  let url = auth.displayUrl(startUrl);
  const field: FetchErrorField | null = first ? "url" : null;
  let renewed = false;
  let politeRetries = 0;
  for (let hop = 0; ; hop++) {
    let response;
    try {
      response = await safeFetch(auth.requestUrl(url), {
        method: "GET",
        headers: requestHeaders(storedHeadersFor(url, source), await auth.headersFor(url)),
        timeoutMs: options.limits.fetchTimeoutMs,
        maxBytes: options.limits.maxBytes,
        failOnTooLarge: true,
        allowLoopback: outboundAllowLoopback(),
        signal: options.signal,
      });
    } catch (err) {
      if (options.signal?.aborted && !(err instanceof OutboundError && err.kind !== "timeout")) throw new FetchAbortedError();
      if (err instanceof SourceAuthError) throw new SourceFetchError(err.message, "auth");
      if (err instanceof OutboundError) {
        if (err.kind === "blocked") {
          const message = hop === 0 ? `The URL ${shortUrl(url)} was refused: ${err.message}` : `The redirect to ${shortUrl(url)} was refused: ${err.message}`;
          throw new SourceFetchError(withLocalAddressHint(message, url), field);
        }
        if (err.kind === "network") throw new SourceFetchError(withLocalAddressHint(describeUnreachable(url, err), url), field);
        throw new SourceFetchError(err.message, field);
      }
      throw err;
    }

    if (isRedirectStatus(response.status)) {
      const next = resolveRedirectLocation(response.headers.get("location"), auth.requestUrl(url));
      if (!next) throw new SourceFetchError(`The source answered HTTP ${response.status} without a usable Location header.`, field);
      if (hop >= MAX_REDIRECTS) throw new SourceFetchError(`The source redirected more than ${MAX_REDIRECTS} times.`, field);
      url = auth.displayUrl(next);
      continue;
    }
    if (response.status === 401 && auth.renewsOnUnauthorized && !renewed) {
      // An access token can be revoked or expire early: one new token, one more try.
      renewed = true;
      auth.dropToken();
      hop--;
      continue;
    }
    if (response.status === 429 || response.status === 503) {
      const wait = retryAfterMs(response.headers.get("retry-after"));
      if (wait !== null || response.status === 429) {
        const fits = wait !== null && Date.now() + wait <= (options.deadline ?? Number.POSITIVE_INFINITY);
        if (fits && politeRetries < MAX_POLITE_RETRIES) {
          politeRetries++;
          try {
            await pause(wait, options.signal);
          } catch {
            throw new FetchAbortedError();
          }
          hop--;
          continue;
        }
        const asked = wait === null ? "without saying how long to wait" : `to wait ${Math.ceil(wait / 1000)} s`;
        throw new SourceRateLimitedError(
          politeRetries >= MAX_POLITE_RETRIES
            ? `The source kept answering HTTP ${response.status} after ${MAX_POLITE_RETRIES} waits; the next run continues.`
            : `The source answered HTTP ${response.status} and asked ${asked}, beyond this run's time; the next run continues.`,
        );
      }
    }
    if (response.status < 200 || response.status > 299) {
      const authHint = response.status === 401 || response.status === 403 ? " Check the authentication settings." : "";
      throw new SourceFetchError(`The source answered HTTP ${response.status} for ${shortUrl(url)}.${authHint}`, response.status === 401 ? "auth" : field);
    }
    const contentType = response.headers.get("content-type");
    if (!isJsonContentType(contentType)) {
      throw new SourceFetchError(
        `The source answered with ${contentType ? `content type "${contentType.split(";")[0].trim()}"` : "no content type"}, not JSON (application/json).`,
        field,
      );
    }
    let json: unknown;
    try {
      // JSON is UTF-8 (RFC 8259); a leading byte-order mark is tolerated.
      json = JSON.parse(response.body.toString("utf8").replace(/^\uFEFF/, ""));
    } catch (err) {
      throw new SourceFetchError(`The source's response is not valid JSON (${err instanceof Error ? err.message : "parse error"}).`, field);
    }
    return { json, url, linkHeader: response.headers.get("link") };
  }
}

/** Paths of lists in a response, to suggest a records path when the configured one is wrong. */
function listPaths(value: unknown, prefix = "", depth = 0, out: string[] = []): string[] {
  if (out.length >= 5 || depth > 3 || value === null || typeof value !== "object" || Array.isArray(value)) return out;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(child)) out.push(path);
    else listPaths(child, path, depth + 1, out);
  }
  return out;
}

export function extractRecords(json: unknown, recordsPath: string): unknown[] {
  const found = getAtPath(json, recordsPath);
  if (Array.isArray(found)) return found;
  const suggestions = listPaths(json);
  const hint = suggestions.length > 0 ? ` Lists in the response: ${suggestions.join(", ")}.` : "";
  if (recordsPath === "") {
    throw new SourceFetchError(`The response is ${describeJsonKind(json)}, not a list of records; set the records path to where the list is.${hint}`, "recordsPath");
  }
  throw new SourceFetchError(
    found === undefined
      ? `Nothing was found at the records path "${recordsPath}".${hint}`
      : `The records path "${recordsPath}" leads to ${describeJsonKind(found)}, not a list.${hint}`,
    "recordsPath",
  );
}

/** The next page's absolute URL from a response, or null when there is none. */
export function extractNextUrl(json: unknown, nextPagePath: string | null, pageUrl: string): string | null {
  if (!nextPagePath) return null;
  const value = getAtPath(json, nextPagePath);
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") {
    throw new SourceFetchError(`The next-page value at "${nextPagePath}" is ${describeJsonKind(value)}, not a URL.`, "nextPagePath");
  }
  try {
    return new URL(value.trim(), pageUrl).href;
  } catch {
    throw new SourceFetchError(`The next-page link "${shortUrl(value)}" is not a valid URL.`, "nextPagePath");
  }
}

/** The first page's URL: the configured URL, the read's query (incremental) and the paging parameters. */
export function startUrlOf(source: SourceRequest): { baseUrl: string; firstUrl: string } {
  const baseUrl = withQueryParams(source.url, source.query ?? {});
  return { baseUrl, firstUrl: firstPageUrl(baseUrl, paginationOf(source)) };
}

/** One page: fetch, check, pick out the records and the (unchecked) next link. */
export async function fetchPage(
  url: string,
  source: SourceRequest,
  options: FetchOptions,
  context: { auth?: RequestAuth; pageIndex?: number; baseUrl?: string } = {},
) {
  const auth = context.auth ?? requestAuthFor(source, options);
  const pageIndex = context.pageIndex ?? 0;
  const pagination = paginationOf(source);
  const page = await fetchJson(url, source, auth, options, pageIndex === 0);
  const records = extractRecords(page.json, source.recordsPath);
  let nextUrl: string | null = null;
  let nextError: SourceFetchError | null = null;
  try {
    nextUrl = nextPageUrl(pagination, {
      json: page.json,
      linkHeader: page.linkHeader,
      url: page.url,
      recordCount: records.length,
      pageIndex,
      baseUrl: context.baseUrl ?? startUrlOf(source).baseUrl,
    });
    if (nextUrl) nextUrl = auth.displayUrl(nextUrl);
  } catch (err) {
    if (!(err instanceof PaginationValueError)) throw err;
    nextError = new SourceFetchError(err.message, source.pagination ? "pagination" : "nextPagePath");
  }
  return { url: page.url, records, nextUrl, nextError };
}

/**
 * Pages in order. A bad next-page link fails after its page's records were yielded, so
 * what was read is still applied. Throws SourceFetchError (the source's or the
 * configuration's fault; SourceRateLimitedError when it asked us to wait too long) or
 * FetchAbortedError (the caller's signal).
 */
export async function* fetchPages(source: SourceRequest, options: FetchOptions): AsyncGenerator<FetchedPage> {
  const auth = requestAuthFor(source, options);
  const { baseUrl, firstUrl } = startUrlOf(source);
  const visited = new Set<string>();
  let url: string | null = firstUrl;
  for (let pageIndex = 0; url; pageIndex++) {
    if (pageIndex > 0 && source.pauseBetweenPagesMs) {
      try {
        await pause(source.pauseBetweenPagesMs, options.signal);
      } catch {
        throw new FetchAbortedError();
      }
    }
    visited.add(url);
    const page: Awaited<ReturnType<typeof fetchPage>> = await fetchPage(url, source, options, { auth, pageIndex, baseUrl });
    visited.add(page.url);
    const nextUrl = page.nextUrl && !visited.has(page.nextUrl) ? page.nextUrl : null;
    yield { url: page.url, records: page.records, nextUrl: page.nextError ? null : nextUrl };
    if (page.nextError) throw page.nextError;
    url = nextUrl;
  }
}
