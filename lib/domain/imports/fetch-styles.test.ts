import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SourceFetchError, SourceRateLimitedError, fetchPages, type FetchOptions, type SourceRequest } from "./fetch-records";
import { parseLinkHeader } from "./pagination";
import type { PaginationConfig } from "./source-config";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";

// Every paging style over real HTTP on 127.0.0.1: the server counts the pages it served
// and the parameters it was asked for.

const OPTIONS: FetchOptions = { limits: { fetchTimeoutMs: 2_000, maxBytes: 256 * 1024 } };
const ITEMS = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));

let partner: PartnerServer;
beforeAll(async () => {
  partner = await startPartnerServer();
});
afterAll(async () => partner.close());
beforeEach(() => {
  partner.requests.length = 0;
});

const query = (req: IncomingMessage) => new URL(req.url ?? "/", "http://x").searchParams;

function source(path: string, pagination: PaginationConfig, extra: Partial<SourceRequest> = {}): SourceRequest {
  return { url: `${partner.baseUrl}${path}`, headers: {}, recordsPath: "items", nextPagePath: null, pagination, ...extra };
}

async function readAll(request: SourceRequest, options = OPTIONS) {
  const pages: { url: string; records: unknown[] }[] = [];
  let error: unknown = null;
  try {
    for await (const page of fetchPages(request, options)) pages.push(page);
  } catch (err) {
    error = err;
  }
  return { pages, ids: pages.flatMap((page) => page.records.map((record) => (record as { id: number }).id)), error };
}

describe("pagination styles", () => {
  it("none: one request", async () => {
    partner.route("/none", (_req, res) => sendJson(res, { items: ITEMS.slice(0, 5), links: { next: "/none?page=2" } }));
    const { pages, ids } = await readAll(source("/none", { type: "none" }));
    expect(pages).toHaveLength(1);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(partner.requests).toHaveLength(1);
  });

  it("nextUrl: follows the link in the body until it is missing", async () => {
    partner.route("/next", (req, res) => {
      const page = Number(query(req).get("p") ?? "1");
      sendJson(res, { items: ITEMS.slice((page - 1) * 10, page * 10), links: { next: page < 3 ? `/next?p=${page + 1}` : null } });
    });
    const { pages, ids } = await readAll(source("/next", { type: "nextUrl", path: "links.next" }));
    expect(pages).toHaveLength(3);
    expect(ids).toEqual(ITEMS.map((item) => item.id));
    expect(partner.requests.map((r) => r.path)).toEqual(["/next", "/next?p=2", "/next?p=3"]);
  });

  it("cursor: sends the cursor back until has_more is false, keeping the configured parameters", async () => {
    partner.route("/cursor", (req, res) => {
      const at = Number(query(req).get("continuation") ?? "0");
      const more = at + 10 < ITEMS.length;
      sendJson(res, { items: ITEMS.slice(at, at + 10), pagination: { continuation: `${at + 10}`, has_more_items: more } });
    });
    const { pages, ids } = await readAll(
      source("/cursor?expand=profile", { type: "cursor", cursorPath: "pagination.continuation", param: "continuation", hasMorePath: "pagination.has_more_items" }),
    );
    expect(pages).toHaveLength(3);
    expect(ids).toHaveLength(23);
    expect(partner.requests.map((r) => r.path)).toEqual(["/cursor?expand=profile", "/cursor?expand=profile&continuation=10", "/cursor?expand=profile&continuation=20"]);
  });

  it("cursor without hasMorePath: stops when the cursor is null, empty or missing", async () => {
    for (const last of [null, "", undefined]) {
      partner.requests.length = 0;
      partner.route("/cursor2", (req, res) => {
        const after = query(req).get("after");
        sendJson(res, { items: [{ id: after ? 2 : 1 }], paging: after ? { next: { after: last } } : { next: { after: "abc" } } });
      });
      const { pages } = await readAll(source("/cursor2", { type: "cursor", cursorPath: "paging.next.after", param: "after" }));
      expect(pages).toHaveLength(2);
    }
  });

  it("page: numbers pages from startAt and stops on a short page when the size is known", async () => {
    partner.route("/paged", (req, res) => {
      const page = Number(query(req).get("page"));
      const size = Number(query(req).get("per_page"));
      sendJson(res, { items: ITEMS.slice(page * size, (page + 1) * size) });
    });
    const { pages, ids } = await readAll(source("/paged", { type: "page", param: "page", startAt: 0, sizeParam: "per_page", size: 10 }));
    expect(pages).toHaveLength(3);
    expect(ids).toHaveLength(23);
    expect(partner.requests.map((r) => r.path)).toEqual(["/paged?page=0&per_page=10", "/paged?page=1&per_page=10", "/paged?page=2&per_page=10"]);
  });

  it("page without a size: stops on the first empty page", async () => {
    partner.route("/paged2", (req, res) => {
      const page = Number(query(req).get("page[number]"));
      sendJson(res, { items: ITEMS.slice((page - 1) * 10, page * 10) });
    });
    const { pages, ids } = await readAll(source("/paged2", { type: "page", param: "page[number]", startAt: 1 }));
    expect(ids).toHaveLength(23);
    expect(pages).toHaveLength(4);
    expect(partner.requests).toHaveLength(4);
  });

  it("offset: advances by the limit and stops on a short page", async () => {
    partner.route("/offset", (req, res) => {
      const offset = Number(query(req).get("offset"));
      const limit = Number(query(req).get("limit"));
      sendJson(res, { items: ITEMS.slice(offset, offset + limit) });
    });
    const { pages, ids } = await readAll(source("/offset", { type: "offset", offsetParam: "offset", limitParam: "limit", limit: 10 }));
    expect(pages).toHaveLength(3);
    expect(ids).toHaveLength(23);
    expect(partner.requests.map((r) => r.path)).toEqual(["/offset?offset=0&limit=10", "/offset?offset=10&limit=10", "/offset?offset=20&limit=10"]);
  });

  it("offset: an exact multiple ends with one empty page", async () => {
    partner.route("/offset2", (req, res) => {
      const offset = Number(query(req).get("o"));
      sendJson(res, { items: ITEMS.slice(0, 20).slice(offset, offset + 10) });
    });
    const { pages } = await readAll(source("/offset2", { type: "offset", offsetParam: "o", limitParam: "l", limit: 10 }));
    expect(pages.map((page) => page.records.length)).toEqual([10, 10, 0]);
  });

  it("linkHeader: follows rel=next (relative too) until there is none", async () => {
    partner.route("/linked", (req, res) => {
      const page = Number(query(req).get("page") ?? "1");
      const links = [`<${partner.baseUrl}/linked?page=1>; rel="first"`];
      if (page < 3) links.push(page === 1 ? `<${partner.baseUrl}/linked?page=2>; rel="next"` : `</linked?page=3>; rel="next last"`);
      sendJson(res, { items: ITEMS.slice((page - 1) * 10, page * 10) }, { headers: { link: links.join(", ") } });
    });
    const { pages, ids } = await readAll(source("/linked", { type: "linkHeader" }));
    expect(pages).toHaveLength(3);
    expect(ids).toHaveLength(23);
  });

  it("parses RFC 8288 Link headers with several relations and parameters", () => {
    expect(parseLinkHeader('<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel=last; title="end, really"')).toEqual([
      { url: "https://a/x?page=2", rels: ["next"] },
      { url: "https://a/x?page=9", rels: ["last"] },
    ]);
    expect(parseLinkHeader('<https://a/y>; rel="prev NEXT"')).toEqual([{ url: "https://a/y", rels: ["prev", "next"] }]);
    expect(parseLinkHeader(null)).toEqual([]);
  });

  it("a cursor that is an object fails after the page's records, naming the pagination setting", async () => {
    partner.route("/badcursor", (_req, res) => sendJson(res, { items: [{ id: 1 }], next: { token: 1 } }));
    const { ids, error } = await readAll(source("/badcursor", { type: "cursor", cursorPath: "next", param: "c" }));
    expect(ids).toEqual([1]);
    expect(error).toBeInstanceOf(SourceFetchError);
    expect((error as SourceFetchError).field).toBe("pagination");
  });

  it("a repeated cursor stops instead of looping", async () => {
    partner.route("/loop", (_req, res) => sendJson(res, { items: [{ id: 1 }], cursor: "same" }));
    const { pages } = await readAll(source("/loop", { type: "cursor", cursorPath: "cursor", param: "c" }));
    expect(pages).toHaveLength(2);
  });

  it("every followed URL passes the outbound guard", async () => {
    partner.route("/evil", (_req, res) => sendJson(res, { items: [{ id: 1 }] }, { headers: { link: '<http://169.254.169.254/latest/meta-data>; rel="next"' } }));
    const { ids, error } = await readAll(source("/evil", { type: "linkHeader" }));
    expect(ids).toEqual([1]);
    expect((error as Error).message).toContain("was refused");
    expect(partner.requests).toHaveLength(1);
  });

  it("the incremental query and the pause between pages apply to every page", async () => {
    partner.route("/slow", (req, res) => {
      const page = Number(query(req).get("page"));
      sendJson(res, { items: page < 3 ? [{ id: page }] : [] });
    });
    const started = Date.now();
    const { pages, error } = await readAll(source("/slow", { type: "page", param: "page", startAt: 1 }, { query: { changed_since: "2026-01-01T00:00:00Z" }, pauseBetweenPagesMs: 150 }));
    expect(error).toBeNull();
    expect(pages).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(partner.requests.every((r) => r.path.includes("changed_since=2026-01-01T00%3A00%3A00Z"))).toBe(true);
  });
});

describe("polite fetching", () => {
  it("waits out a 429 with Retry-After and asks for the same page again", async () => {
    let calls = 0;
    partner.route("/busy", (_req, res) => {
      calls++;
      if (calls === 1) return sendJson(res, { error: "slow down" }, { status: 429, headers: { "retry-after": "1" } });
      if (calls === 2) return sendJson(res, { error: "maintenance" }, { status: 503, headers: { "retry-after": new Date(Date.now() + 1000).toUTCString() } });
      return sendJson(res, { items: [{ id: 7 }] });
    });
    const started = Date.now();
    const { ids, error } = await readAll(source("/busy", { type: "none" }), { ...OPTIONS, deadline: Date.now() + 10_000 });
    expect(error).toBeNull();
    expect(ids).toEqual([7]);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it("stops with the reason when the wait does not fit the run's budget", async () => {
    partner.route("/later", (_req, res) => sendJson(res, {}, { status: 429, headers: { "retry-after": "120" } }));
    const started = Date.now();
    const { error } = await readAll(source("/later", { type: "none" }), { ...OPTIONS, deadline: Date.now() + 5_000 });
    expect(error).toBeInstanceOf(SourceRateLimitedError);
    expect((error as Error).message).toContain("asked to wait 120 s");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(partner.requests).toHaveLength(1);
  });

  it("a 503 without Retry-After is an ordinary error; a 429 without it stops politely", async () => {
    partner.route("/down", (_req, res) => sendJson(res, {}, { status: 503 }));
    const down = await readAll(source("/down", { type: "none" }));
    expect(down.error).toBeInstanceOf(SourceFetchError);
    expect(down.error).not.toBeInstanceOf(SourceRateLimitedError);
    partner.route("/limited", (_req, res) => sendJson(res, {}, { status: 429 }));
    expect((await readAll(source("/limited", { type: "none" }))).error).toBeInstanceOf(SourceRateLimitedError);
  });
});
