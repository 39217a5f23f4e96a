import { OutboundError, isRedirectStatus, resolveRedirectLocation, safeFetch } from "@/lib/platform/outbound/safe-fetch";
import { outboundAllowLoopback } from "@/lib/platform/outbound/url-guard";
import { describeJsonKind, getAtPath } from "./dotted-path";
import { storedHeadersFor } from "./header-origin";
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
// browsers drop Authorization on a cross-origin redirect.

export const MAX_REDIRECTS = 5;

export type FetchLimits = {
  /** Per request (each redirect hop is a request). Spec: 20 s. */
  fetchTimeoutMs: number;
  /** Per response body. Spec: 5 MB. */
  maxBytes: number;
};

export type SourceRequest = {
  url: string;
  headers: Record<string, string>;
  recordsPath: string;
  nextPagePath: string | null;
};

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
export type FetchErrorField = "url" | "recordsPath" | "nextPagePath";

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

/** The caller's signal fired (the run's time limit): not the source's fault. */
export class FetchAbortedError extends Error {
  constructor() {
    super("The fetch was stopped.");
    this.name = "FetchAbortedError";
  }
}

type FetchOptions = { limits: FetchLimits; signal?: AbortSignal };

/** application/json and any +json type (application/vnd.api+json, application/hal+json...). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0].trim().toLowerCase();
  return mediaType === "application/json" || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(mediaType);
}

function shortUrl(url: string): string {
  return url.length > 120 ? `${url.slice(0, 117)}...` : url;
}

/** One GET, redirects followed under the guard; returns the parsed JSON and the final URL. */
async function fetchJson(startUrl: string, source: SourceRequest, options: FetchOptions): Promise<{ json: unknown; url: string }> {
  let url = startUrl;
  // A failure reading the configured URL is that input's fault; a later page's is not.
  const field: FetchErrorField | null = startUrl === source.url ? "url" : null;
  for (let hop = 0; ; hop++) {
    let response;
    try {
      response = await safeFetch(url, {
        method: "GET",
        headers: {
          accept: "application/json",
          "user-agent": "svc-integrations-import/1",
          ...storedHeadersFor(url, source),
        },
        timeoutMs: options.limits.fetchTimeoutMs,
        maxBytes: options.limits.maxBytes,
        failOnTooLarge: true,
        allowLoopback: outboundAllowLoopback(),
        signal: options.signal,
      });
    } catch (err) {
      if (options.signal?.aborted && !(err instanceof OutboundError && err.kind !== "timeout")) throw new FetchAbortedError();
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
      const next = resolveRedirectLocation(response.headers.get("location"), response.url);
      if (!next) throw new SourceFetchError(`The source answered HTTP ${response.status} without a usable Location header.`, field);
      if (hop >= MAX_REDIRECTS) throw new SourceFetchError(`The source redirected more than ${MAX_REDIRECTS} times.`, field);
      url = next;
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      throw new SourceFetchError(`The source answered HTTP ${response.status} for ${shortUrl(response.url)}.`, field);
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
    return { json, url: response.url };
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

/** One page: fetch, check, pick out the records and the (unchecked) next link. */
export async function fetchPage(url: string, source: SourceRequest, options: FetchOptions) {
  const { json, url: finalUrl } = await fetchJson(url, source, options);
  const records = extractRecords(json, source.recordsPath);
  let nextUrl: string | null = null;
  let nextError: SourceFetchError | null = null;
  try {
    nextUrl = extractNextUrl(json, source.nextPagePath, finalUrl);
  } catch (err) {
    if (!(err instanceof SourceFetchError)) throw err;
    nextError = err;
  }
  return { url: finalUrl, records, nextUrl, nextError };
}

/**
 * Pages in order. A bad next-page link fails after its page's records were yielded, so
 * what was read is still applied. Throws SourceFetchError (the source's or the
 * configuration's fault) or FetchAbortedError (the caller's signal).
 */
export async function* fetchPages(source: SourceRequest, options: FetchOptions): AsyncGenerator<FetchedPage> {
  const visited = new Set<string>();
  let url: string | null = source.url;
  while (url) {
    visited.add(url);
    const page = await fetchPage(url, source, options);
    visited.add(page.url);
    const nextUrl = page.nextUrl && !visited.has(page.nextUrl) ? page.nextUrl : null;
    yield { url: page.url, records: page.records, nextUrl: page.nextError ? null : nextUrl };
    if (page.nextError) throw page.nextError;
    url = nextUrl;
  }
}
