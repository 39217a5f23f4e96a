import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FetchAbortedError, SourceFetchError, fetchPages, isJsonContentType, type SourceRequest } from "./fetch-records";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";

// Reading a partner's API over real HTTP on 127.0.0.1. Private and metadata addresses
// appear only as redirect targets, and are refused before any socket is opened.

const LIMITS = { fetchTimeoutMs: 2_000, maxBytes: 64 * 1024 };

let partner: PartnerServer;

beforeAll(async () => {
  partner = await startPartnerServer();
});
afterAll(async () => partner.close());
beforeEach(() => {
  partner.requests.length = 0;
});

function source(path: string, extra: Partial<SourceRequest> = {}): SourceRequest {
  return { url: `${partner.baseUrl}${path}`, headers: {}, recordsPath: "", nextPagePath: null, ...extra };
}

async function readAll(request: SourceRequest, limits = LIMITS, signal?: AbortSignal) {
  const pages: { url: string; records: unknown[]; nextUrl: string | null }[] = [];
  let error: unknown = null;
  try {
    for await (const page of fetchPages(request, { limits, signal })) pages.push(page);
  } catch (err) {
    error = err;
  }
  return { pages, records: pages.flatMap((page) => page.records), error };
}

async function failure(request: SourceRequest, limits = LIMITS): Promise<string> {
  const { error } = await readAll(request, limits);
  expect(error).toBeInstanceOf(SourceFetchError);
  return (error as Error).message;
}

describe("response checks", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["Application/JSON", true],
    ["application/vnd.api+json", true],
    ["application/problem+json; charset=utf-8", true],
    ["text/json", false],
    ["text/html; charset=utf-8", false],
    ["application/jsonp", false],
    ["", false],
  ])("content type %j → JSON: %s", (header, expected) => {
    expect(isJsonContentType(header)).toBe(expected);
  });

  it("reads a top-level array, and a list at a dotted path", async () => {
    partner.route("/top", (_req, res) => sendJson(res, [{ id: 1 }, { id: 2 }]));
    partner.route("/nested", (_req, res) => sendJson(res, { data: { items: [{ id: 3 }] } }, { contentType: "application/vnd.api+json" }));
    expect((await readAll(source("/top"))).records).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await readAll(source("/nested", { recordsPath: "data.items" }))).records).toEqual([{ id: 3 }]);
  });

  it.each([
    ["HTML", "/html", { contentType: "text/html" }, "<html></html>", 'content type "text/html", not JSON'],
    ["JSON sent as text/plain", "/plain", { contentType: "text/plain" }, "[]", 'content type "text/plain", not JSON'],
    ["malformed JSON", "/broken", {}, '[{"id": 1,', "not valid JSON"],
    ["an HTTP error", "/error", { status: 503 }, { error: "down" }, "answered HTTP 503"],
  ])("refuses %s", async (_name, path, options, body, expected) => {
    partner.route(path, (_req, res) => sendJson(res, body, options));
    expect(await failure(source(path))).toContain(expected);
  });

  it("refuses a response with no content type", async () => {
    partner.route("/untyped", (_req, res) => {
      res.writeHead(200).end("[]");
    });
    expect(await failure(source("/untyped"))).toContain("with no content type, not JSON");
  });

  it("words an unreachable URL without error codes, blames the URL and hints at a tunnel for a local address", async () => {
    const closed = await startPartnerServer();
    const url = `${closed.baseUrl}/gone`;
    await closed.close();
    const { error } = await readAll({ url, headers: {}, recordsPath: "", nextPagePath: null });
    expect(error).toBeInstanceOf(SourceFetchError);
    const message = (error as SourceFetchError).message;
    expect(message).toMatch(/^127\.0\.0\.1:\d+ could not be reached: the connection was refused/);
    expect(message).not.toContain("ECONNREFUSED");
    expect(message).toContain("tunnel such as ngrok or cloudflared");
    expect((error as SourceFetchError).field).toBe("url");
  });

  it("says which setting a failure points at: the URL for an error status, the records path for a missing list", async () => {
    partner.route("/missing", (_req, res) => sendJson(res, { error: "no" }, { status: 404 }));
    partner.route("/object", (_req, res) => sendJson(res, { data: [] }));
    expect(((await readAll(source("/missing"))).error as SourceFetchError).field).toBe("url");
    expect(((await readAll(source("/object", { recordsPath: "items" }))).error as SourceFetchError).field).toBe("recordsPath");
  });

  it("explains a records path that finds no list, suggesting the lists it saw", async () => {
    partner.route("/wrapped", (_req, res) => sendJson(res, { meta: { page: 1 }, data: { items: [] } }));
    expect(await failure(source("/wrapped"))).toBe(
      "The response is an object, not a list of records; set the records path to where the list is. Lists in the response: data.items.",
    );
    expect(await failure(source("/wrapped", { recordsPath: "items" }))).toBe('Nothing was found at the records path "items". Lists in the response: data.items.');
    expect(await failure(source("/wrapped", { recordsPath: "meta" }))).toContain('"meta" leads to an object, not a list');
  });
});

describe("limits", () => {
  it("fails when a body is larger than the cap, announced or streamed", async () => {
    const big = JSON.stringify(Array.from({ length: 5_000 }, (_, i) => ({ id: i, pad: "x".repeat(20) })));
    partner.route("/big-declared", (_req, res) => sendJson(res, big));
    partner.route("/big-streamed", (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      for (let i = 0; i < big.length; i += 8_192) res.write(big.slice(i, i + 8_192));
      res.end();
    });
    expect(await failure(source("/big-declared"))).toBe("The response from 127.0.0.1:" + new URL(partner.baseUrl).port + " is larger than 64 KB.");
    expect(await failure(source("/big-streamed"))).toContain("is larger than 64 KB");
    // The same body under a larger cap is fine.
    expect((await readAll(source("/big-streamed"), { ...LIMITS, maxBytes: 1024 * 1024 })).records).toHaveLength(5_000);
  });

  it("fails when the source does not answer within the per-request timeout", async () => {
    partner.route("/slow", () => {}); // never answers
    const started = Date.now();
    expect(await failure(source("/slow"), { ...LIMITS, fetchTimeoutMs: 300 })).toContain("timed out after 300 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("stops with FetchAbortedError when the caller's signal fires (the run's time limit)", async () => {
    partner.route("/slow2", () => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const { error } = await readAll(source("/slow2"), { ...LIMITS, fetchTimeoutMs: 5_000 }, controller.signal);
    expect(error).toBeInstanceOf(FetchAbortedError);
  });
});

describe("redirects", () => {
  it("follows a relative redirect to a page that passes the guard", async () => {
    partner.route("/moved", (_req, res) => res.writeHead(302, { location: "/top" }).end());
    const { records, pages } = await readAll(source("/moved"));
    expect(records).toEqual([{ id: 1 }, { id: 2 }]);
    expect(pages[0].url).toBe(`${partner.baseUrl}/top`);
  });

  it.each([
    ["a private address", "http://10.0.0.1/records", "The redirect to http://10.0.0.1/records was refused"],
    ["the cloud metadata address", "https://169.254.169.254/latest/meta-data", "a link-local address"],
    ["another loopback address", "http://127.0.0.2/", "The redirect to http://127.0.0.2/ was refused"],
  ])("refuses a redirect to %s", async (_name, location, expected) => {
    partner.route("/evil", (_req, res) => res.writeHead(302, { location }).end());
    expect(await failure(source("/evil"))).toContain(expected);
    expect(partner.requests.map((r) => r.path)).toEqual(["/evil"]);
  });

  it("gives up after 5 redirects, and on a redirect without a location", async () => {
    for (let i = 0; i < 7; i++) partner.route(`/hop${i}`, (_req, res) => res.writeHead(307, { location: `/hop${i + 1}` }).end());
    expect(await failure(source("/hop0"))).toBe("The source redirected more than 5 times.");
    expect(partner.requests).toHaveLength(6);
    partner.route("/nowhere", (_req, res) => res.writeHead(301).end());
    expect(await failure(source("/nowhere"))).toContain("without a usable Location header");
  });

  it("sends the configured headers to the configured origin only", async () => {
    partner.route("/secret-page", (_req, res) => res.writeHead(302, { location: `${partner.otherOriginUrl}/top` }).end());
    const request = source("/secret-page", { headers: { Authorization: "Bearer s3cret", "X-Api-Key": "k" } });
    expect((await readAll(request)).records).toHaveLength(2);
    const [first, second] = partner.requests;
    expect(first.headers.authorization).toBe("Bearer s3cret");
    expect(first.headers["x-api-key"]).toBe("k");
    expect(first.headers.accept).toBe("application/json");
    expect(second.headers.host).toContain("localhost");
    expect(second.headers.authorization).toBeUndefined();
    expect(second.headers["x-api-key"]).toBeUndefined();
  });
});

describe("paging", () => {
  it("follows absolute and relative next links until there is none", async () => {
    partner.route("/p1", (_req, res) => sendJson(res, { items: [{ n: 1 }], next: `${partner.baseUrl}/p2` }));
    partner.route("/p2", (_req, res) => sendJson(res, { items: [{ n: 2 }], next: "p3?cursor=abc" }));
    partner.route("/p3", (_req, res) => sendJson(res, { items: [{ n: 3 }], next: null }));
    const { records, pages, error } = await readAll(source("/p1", { recordsPath: "items", nextPagePath: "next" }));
    expect(error).toBeNull();
    expect(records).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(pages.map((page) => page.nextUrl)).toEqual([`${partner.baseUrl}/p2`, `${partner.baseUrl}/p3?cursor=abc`, null]);
  });

  it.each([
    ["an empty link", ""],
    ["a missing link", undefined],
    ["a link to itself", "/self"],
  ])("stops on %s", async (_name, next) => {
    partner.route("/self", (_req, res) => sendJson(res, { items: [{ n: 1 }], ...(next === undefined ? {} : { links: { next } }) }));
    const { records, error } = await readAll(source("/self", { recordsPath: "items", nextPagePath: "links.next" }));
    expect(error).toBeNull();
    expect(records).toHaveLength(1);
    expect(partner.requests).toHaveLength(1);
  });

  it("stops on a loop between pages", async () => {
    partner.route("/loop-a", (_req, res) => sendJson(res, { items: [{ n: "a" }], next: "/loop-b" }));
    partner.route("/loop-b", (_req, res) => sendJson(res, { items: [{ n: "b" }], next: "/loop-a" }));
    const { records, error } = await readAll(source("/loop-a", { recordsPath: "items", nextPagePath: "next" }));
    expect(error).toBeNull();
    expect(records).toEqual([{ n: "a" }, { n: "b" }]);
  });

  it("refuses a next link to a private address after reading the page before it", async () => {
    partner.route("/to-private", (_req, res) => sendJson(res, { items: [{ n: 1 }], next: "http://192.168.1.10/page2" }));
    const { records, error } = await readAll(source("/to-private", { recordsPath: "items", nextPagePath: "next" }));
    expect(records).toEqual([{ n: 1 }]);
    expect(error).toBeInstanceOf(SourceFetchError);
    expect((error as Error).message).toContain("http://192.168.1.10/page2 was refused");
  });

  it("reports a next value that is not a URL, after yielding its page", async () => {
    partner.route("/numbered", (_req, res) => sendJson(res, { items: [{ n: 1 }], next: 2 }));
    const { records, error } = await readAll(source("/numbered", { recordsPath: "items", nextPagePath: "next" }));
    expect(records).toEqual([{ n: 1 }]);
    expect((error as Error).message).toBe('The next-page value at "next" is a number, not a URL.');
  });
});
