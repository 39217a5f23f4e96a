import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OutboundError, isRedirectStatus, resolveRedirectLocation, safeFetch } from "./safe-fetch";
import type { HostLookup } from "./url-guard";

// Only 127.0.0.1 is ever contacted. Hostile and "public" addresses appear only as
// answers of an injected resolver, and every such case is refused before a socket
// is opened (the resolver is asked, the guard says no).

const BIG_BODY = Buffer.alloc(100_000, "x");

let server: Server;
let base: string;
let port: number;
let requests: string[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  requests.push(`${req.method} ${req.url}`);
  switch (req.url) {
    case "/ok":
      res.writeHead(200, { "content-type": "text/plain", "x-test": "yes" }).end("hello");
      return;
    case "/redirect":
      res.writeHead(302, { location: "/ok" }).end("moved");
      return;
    case "/redirect-internal":
      res.writeHead(307, { location: "https://169.254.169.254/latest/meta-data" }).end();
      return;
    case "/hang":
      return; // never answers; the socket is destroyed in afterAll
    case "/slow-body":
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("partial");
      return; // headers arrive, the body never finishes
    case "/big-chunked": {
      // No content-length: the cap must come from reading the stream.
      res.writeHead(200, { "content-type": "application/octet-stream" });
      for (let i = 0; i < BIG_BODY.length; i += 10_000) res.write(BIG_BODY.subarray(i, i + 10_000));
      res.end();
      return;
    }
    case "/big-declared":
      res.writeHead(200, { "content-length": String(BIG_BODY.length) }).end(BIG_BODY);
      return;
    case "/echo": {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            method: req.method,
            contentType: req.headers["content-type"],
            signature: req.headers["x-service-signature"],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      });
      return;
    }
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
});

const defaults = { timeoutMs: 5_000, maxBytes: 1_000_000 };

async function expectOutboundError(promise: Promise<unknown>, kind: OutboundError["kind"]): Promise<OutboundError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  expect((err as OutboundError).kind).toBe(kind);
  expect((err as OutboundError).message.length).toBeGreaterThan(0);
  return err as OutboundError;
}

describe("safeFetch against a local server", () => {
  it("returns status, headers and body with the loopback flag", async () => {
    const result = await safeFetch(`${base}/ok`, { ...defaults, allowLoopback: true });
    expect(result.status).toBe(200);
    expect(result.headers.get("x-test")).toBe("yes");
    expect(result.body.toString("utf8")).toBe("hello");
    expect(result.truncated).toBe(false);
    expect(result.url).toBe(`${base}/ok`);
  });

  it("reaches http://localhost (pinned to 127.0.0.1) with the loopback flag", async () => {
    const result = await safeFetch(`http://localhost:${port}/ok`, { ...defaults, allowLoopback: true });
    expect(result.status).toBe(200);
    expect(result.body.toString("utf8")).toBe("hello");
  });

  it("passes method, headers and body through", async () => {
    const result = await safeFetch(`${base}/echo`, {
      ...defaults,
      allowLoopback: true,
      method: "POST",
      headers: { "content-type": "application/json", "x-service-signature": "t=1,v1=ab" },
      body: '{"a":1}',
    });
    expect(JSON.parse(result.body.toString("utf8"))).toEqual({
      method: "POST",
      contentType: "application/json",
      signature: "t=1,v1=ab",
      body: '{"a":1}',
    });
  });

  it("refuses loopback without the flag and sends nothing", async () => {
    const err = await expectOutboundError(safeFetch(`${base}/ok`, defaults), "blocked");
    expect(err.message).toMatch(/https:\/\//);
    await expectOutboundError(safeFetch(`https://127.0.0.1:${port}/ok`, defaults), "blocked");
    expect(requests).toEqual([]);
  });

  it("returns a 302 as-is instead of following it", async () => {
    const result = await safeFetch(`${base}/redirect`, { ...defaults, allowLoopback: true });
    expect(result.status).toBe(302);
    expect(result.body.toString("utf8")).toBe("moved");
    expect(isRedirectStatus(result.status)).toBe(true);
    expect(resolveRedirectLocation(result.headers.get("location"), result.url)).toBe(`${base}/ok`);
    expect(requests).toEqual(["GET /redirect"]);
  });

  it("does not follow a redirect to the metadata service; the caller re-checks it", async () => {
    const result = await safeFetch(`${base}/redirect-internal`, { ...defaults, allowLoopback: true });
    expect(result.status).toBe(307);
    const next = resolveRedirectLocation(result.headers.get("location"), result.url);
    expect(next).toBe("https://169.254.169.254/latest/meta-data");
    await expectOutboundError(safeFetch(next as string, { ...defaults, allowLoopback: true }), "blocked");
  });

  it("times out when the server never answers", async () => {
    const started = Date.now();
    const err = await expectOutboundError(
      safeFetch(`${base}/hang`, { ...defaults, timeoutMs: 300, allowLoopback: true }),
      "timeout",
    );
    expect(err.message).toMatch(/300 ms/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("times out when the body never finishes", async () => {
    await expectOutboundError(safeFetch(`${base}/slow-body`, { ...defaults, timeoutMs: 300, allowLoopback: true }), "timeout");
  });

  it.each(["/big-chunked", "/big-declared"])("truncates %s at maxBytes", async (path) => {
    const result = await safeFetch(`${base}${path}`, { ...defaults, maxBytes: 2048, allowLoopback: true });
    expect(result.status).toBe(200);
    expect(result.truncated).toBe(true);
    expect(result.body.length).toBe(2048);
    expect(result.body.equals(BIG_BODY.subarray(0, 2048))).toBe(true);
  });

  it("does not flag a body of exactly maxBytes", async () => {
    const result = await safeFetch(`${base}/big-chunked`, { ...defaults, maxBytes: BIG_BODY.length, allowLoopback: true });
    expect(result.truncated).toBe(false);
    expect(result.body.length).toBe(BIG_BODY.length);
  });

  it.each(["/big-chunked", "/big-declared"])("throws too_large for %s with failOnTooLarge", async (path) => {
    const err = await expectOutboundError(
      safeFetch(`${base}${path}`, { ...defaults, maxBytes: 2048, failOnTooLarge: true, allowLoopback: true }),
      "too_large",
    );
    expect(err.message).toMatch(/2 KB/);
  });

  it("reports a refused connection as a network error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await expectOutboundError(
      safeFetch(`http://127.0.0.1:${closedPort}/`, { ...defaults, allowLoopback: true }),
      "network",
    );
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it("rethrows the caller's own abort untouched", async () => {
    const controller = new AbortController();
    const pending = safeFetch(`${base}/hang`, { ...defaults, allowLoopback: true, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("caller gave up")), 50);
    await expect(pending).rejects.toThrow("caller gave up");
  });
});

describe("safeFetch connect-time check (DNS rebinding)", () => {
  /** Answers from a script, one entry per call; counts calls. */
  function scriptedLookup(answers: string[][]): HostLookup & { calls: string[] } {
    const calls: string[] = [];
    const lookup = async (host: string) => {
      calls.push(host);
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      return answer.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    return Object.assign(lookup, { calls });
  }

  it("refuses a name that resolves public at check time and private at connect time", async () => {
    const lookup = scriptedLookup([["93.184.216.34"], ["10.0.0.1"]]);
    const err = await expectOutboundError(safeFetch("https://rebind.test/hook", { ...defaults, lookup }), "blocked");
    expect(err.message).toMatch(/10\.0\.0\.1/);
    // Once for the pre-check, once when the socket was about to connect.
    expect(lookup.calls).toEqual(["rebind.test", "rebind.test"]);
  });

  it("refuses when any connect-time address is private", async () => {
    const lookup = scriptedLookup([["93.184.216.34"], ["93.184.216.34", "::ffff:169.254.169.254"]]);
    await expectOutboundError(safeFetch("https://rebind.test/hook", { ...defaults, lookup }), "blocked");
    expect(lookup.calls).toHaveLength(2);
  });

  it("refuses a name that resolves to 127.0.0.1 even with the loopback flag", async () => {
    const lookup = scriptedLookup([["127.0.0.1"]]);
    await expectOutboundError(
      safeFetch(`http://sneaky.test:${port}/ok`, { ...defaults, allowLoopback: true, lookup }),
      "blocked",
    );
    expect(requests).toEqual([]);
  });

  it("refuses at check time without connecting when the name is private from the start", async () => {
    const lookup = scriptedLookup([["192.168.1.1"]]);
    await expectOutboundError(safeFetch("https://lan.test/", { ...defaults, lookup }), "blocked");
    expect(lookup.calls).toEqual(["lan.test"]);
  });
});

describe("safeFetch connection reuse", () => {
  // A fresh server (so a fresh origin and pool entry) per test, counting TCP connections.
  // Reuse across sequential webhook deliveries is tested in lib/domain/webhooks/receiver-faults.test.ts.
  let counted: Server;
  let origin: string;
  let connections = 0;

  beforeEach(async () => {
    connections = 0;
    counted = createServer(handle);
    counted.on("connection", () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => counted.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(counted.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    counted.closeAllConnections();
    await new Promise<void>((resolve) => counted.close(() => resolve()));
  });

  it("never hands a half-read connection to the next request", async () => {
    const capped = await safeFetch(`${origin}/big-chunked`, { ...defaults, maxBytes: 1_000, allowLoopback: true });
    expect(capped.truncated).toBe(true);
    const next = await safeFetch(`${origin}/ok`, { ...defaults, allowLoopback: true });
    expect(next.body.toString("utf8")).toBe("hello");
    expect(connections).toBeGreaterThanOrEqual(2);
  });

  it("still checks every new connection of a reused agent against the resolver", async () => {
    const calls: string[] = [];
    const rebinding: HostLookup = async (host) => {
      calls.push(host);
      // Public for the pre-check, private when the socket is about to connect.
      return [{ address: calls.length % 2 === 1 ? "93.184.216.34" : "10.0.0.1", family: 4 }];
    };
    await expectOutboundError(safeFetch("https://rebind.test/hook", { ...defaults, lookup: rebinding }), "blocked");
    await expectOutboundError(safeFetch("https://rebind.test/hook", { ...defaults, lookup: rebinding }), "blocked");
    expect(calls).toEqual(["rebind.test", "rebind.test", "rebind.test", "rebind.test"]);
  });
});

describe("resolveRedirectLocation", () => {
  it.each([
    ["/next", "https://a.example/x/y", "https://a.example/next"],
    ["z", "https://a.example/x/y", "https://a.example/x/z"],
    ["https://b.example/", "https://a.example/", "https://b.example/"],
    ["//c.example/p", "https://a.example/", "https://c.example/p"],
    [null, "https://a.example/", null],
    ["", "https://a.example/", null],
    ["http://[bad", "https://a.example/", null],
  ])("%s against %s -> %s", (location, requested, expected) => {
    expect(resolveRedirectLocation(location, requested)).toBe(expected);
  });
});
