import { describeJsonKind, getAtPath } from "./dotted-path";
import type { PaginationConfig } from "./source-config";

// Where the next page is, for each paging style (source-config.ts). Pure: the fetch loop
// (fetch-records.ts) gives it the page it just read and gets back the next URL or null.
//
// Query-driven styles (cursor, page, offset) build every page's URL from the configured
// URL (with the incremental parameter, if any), setting only their own parameters, so the
// partner's other parameters stay as configured. Link-driven styles (nextUrl, linkHeader)
// follow what the partner returns, resolved against the page's own URL.

/** Thrown for a paging value that cannot be used; `field` lets the console mark the setting. */
export class PaginationValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaginationValueError";
  }
}

export function withQueryParams(url: string, params: Record<string, string>): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return url;
  const parsed = new URL(url);
  for (const [name, value] of entries) parsed.searchParams.set(name, value);
  return parsed.href;
}

/** The URL of the first page: page and offset styles name their first page explicitly. */
export function firstPageUrl(baseUrl: string, pagination: PaginationConfig): string {
  switch (pagination.type) {
    case "page":
      return withQueryParams(baseUrl, pageParams(pagination, 0));
    case "offset":
      return withQueryParams(baseUrl, { [pagination.offsetParam]: "0", [pagination.limitParam]: String(pagination.limit) });
    default:
      return baseUrl;
  }
}

function pageParams(pagination: Extract<PaginationConfig, { type: "page" }>, pageIndex: number): Record<string, string> {
  return {
    [pagination.param]: String(pagination.startAt + pageIndex),
    ...(pagination.sizeParam && pagination.size !== undefined ? { [pagination.sizeParam]: String(pagination.size) } : {}),
  };
}

export type ReadPage = {
  json: unknown;
  /** The Link response header, if any. */
  linkHeader: string | null;
  /** The page's own URL (after redirects), for resolving relative links. */
  url: string;
  recordCount: number;
  /** 0 for the first page. */
  pageIndex: number;
  /** The configured URL with the incremental parameter: what query-driven styles build on. */
  baseUrl: string;
};

/** The next page's URL, or null when this page is the last. Throws PaginationValueError. */
export function nextPageUrl(pagination: PaginationConfig, page: ReadPage): string | null {
  switch (pagination.type) {
    case "none":
      return null;
    case "nextUrl":
      return linkValue(getAtPath(page.json, pagination.path), `the next-page value at "${pagination.path}"`, page.url);
    case "linkHeader": {
      const next = parseLinkHeader(page.linkHeader).find((link) => link.rels.includes("next"));
      return next ? linkValue(next.url, "the Link header's next link", page.url) : null;
    }
    case "cursor": {
      if (pagination.hasMorePath !== undefined && getAtPath(page.json, pagination.hasMorePath) === false) return null;
      const cursor = getAtPath(page.json, pagination.cursorPath);
      if (cursor === undefined || cursor === null || cursor === "") return null;
      if (typeof cursor !== "string" && typeof cursor !== "number") {
        throw new PaginationValueError(`The cursor at "${pagination.cursorPath}" is ${describeJsonKind(cursor)}, not text or a number.`);
      }
      return withQueryParams(page.baseUrl, { [pagination.param]: String(cursor) });
    }
    case "page":
      if (page.recordCount === 0) return null;
      if (pagination.size !== undefined && page.recordCount < pagination.size) return null;
      return withQueryParams(page.baseUrl, pageParams(pagination, page.pageIndex + 1));
    case "offset":
      if (page.recordCount < pagination.limit) return null;
      return withQueryParams(page.baseUrl, {
        [pagination.offsetParam]: String((page.pageIndex + 1) * pagination.limit),
        [pagination.limitParam]: String(pagination.limit),
      });
  }
}

function linkValue(value: unknown, what: string, pageUrl: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw new PaginationValueError(`${capitalise(what)} is ${describeJsonKind(value)}, not a URL.`);
  try {
    return new URL(value.trim(), pageUrl).href;
  } catch {
    const short = value.length > 120 ? `${value.slice(0, 117)}...` : value;
    throw new PaginationValueError(`The next-page link "${short}" is not a valid URL.`);
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * RFC 8288 Link header: `<url>; rel="next", <url>; rel="last"`. Returns each link's
 * target and its relation types (lower case; rel may list several, space-separated).
 */
export function parseLinkHeader(header: string | null): { url: string; rels: string[] }[] {
  if (!header) return [];
  const links: { url: string; rels: string[] }[] = [];
  // A link is <...> followed by parameters up to the next comma outside quotes and <>.
  const pattern = /<([^>]*)>((?:\s*;\s*[^;,"=\s]+\s*(?:=\s*(?:"[^"]*"|[^;,]*))?)*)/g;
  for (const match of header.matchAll(pattern)) {
    const params = match[2];
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    const rels = rel ? (rel[1] ?? rel[2]).toLowerCase().split(/\s+/).filter(Boolean) : [];
    links.push({ url: match[1].trim(), rels });
  }
  return links;
}
