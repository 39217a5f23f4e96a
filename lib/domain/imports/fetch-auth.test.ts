import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SourceFetchError, fetchPages, type SourceRequest } from "./fetch-records";
import type { SourceAuth } from "./source-config";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";

// Every authentication style over real HTTP: the data server checks the credential, a
// second server (another origin) receives the cross-origin next page and must see none,
// and an OAuth token server checks the client and counts the tokens it issues.

const OPTIONS = { limits: { fetchTimeoutMs: 2_000, maxBytes: 64 * 1024 } };
const SECRET = "s3cr3t-value-91ab";
const CLIENT_SECRET = "client-secret-77fe";

let data: PartnerServer;
let elsewhere: PartnerServer;
let idp: PartnerServer;
const tokenBodies: URLSearchParams[] = [];

beforeAll(async () => {
  [data, elsewhere, idp] = await Promise.all([startPartnerServer(), startPartnerServer(), startPartnerServer()]);
  elsewhere.route("/more", (_req, res) => sendJson(res, { items: [{ id: "elsewhere" }] }));
});
afterAll(async () => Promise.all([data.close(), elsewhere.close(), idp.close()]));
beforeEach(() => {
  for (const server of [data, elsewhere, idp]) server.requests.length = 0;
  tokenBodies.length = 0;
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });
}

/** The data route: records when `check` accepts the request, 401 otherwise; page 1 links to page 2, then elsewhere. */
function dataRoute(path: string, check: (req: IncomingMessage) => boolean) {
  data.route(path, (req, res) => {
    if (!check(req)) return sendJson(res, { error: "unauthorized" }, { status: 401 });
    const page = new URL(req.url!, "http://x").searchParams.get("page");
    const next = page === "2" ? `${elsewhere.baseUrl}/more` : `${path}?page=2`;
    sendJson(res, { items: [{ id: page ?? "1" }], next });
  });
}

async function readAll(url: string, auth: SourceAuth, extra: Partial<SourceRequest> = {}) {
  const request: SourceRequest = { url, headers: {}, recordsPath: "items", nextPagePath: null, pagination: { type: "nextUrl", path: "next" }, auth, ...extra };
  const ids: unknown[] = [];
  let error: unknown = null;
  try {
    for await (const page of fetchPages(request, OPTIONS)) ids.push(...page.records.map((record) => (record as { id: string }).id));
  } catch (err) {
    error = err;
  }
  return { ids, error };
}

function expectNothingSentElsewhere() {
  expect(elsewhere.requests).toHaveLength(1);
  const seen = JSON.stringify(elsewhere.requests);
  expect(seen).not.toContain(SECRET);
  expect(seen).not.toContain(CLIENT_SECRET);
  expect(elsewhere.requests[0].headers.authorization).toBeUndefined();
}

describe("auth styles", () => {
  it("bearer: Authorization on the data origin only", async () => {
    dataRoute("/bearer", (req) => req.headers.authorization === `Bearer ${SECRET}`);
    const { ids, error } = await readAll(`${data.baseUrl}/bearer`, { type: "bearer", token: SECRET });
    expect(error).toBeNull();
    expect(ids).toEqual(["1", "2", "elsewhere"]);
    expectNothingSentElsewhere();
  });

  it("basic: user and password in the Authorization header", async () => {
    dataRoute("/basic", (req) => req.headers.authorization === `Basic ${Buffer.from(`api-user:${SECRET}`).toString("base64")}`);
    const { ids, error } = await readAll(`${data.baseUrl}/basic`, { type: "basic", username: "api-user", password: SECRET });
    expect(error).toBeNull();
    expect(ids).toHaveLength(3);
    expectNothingSentElsewhere();
  });

  it("header: a named header", async () => {
    dataRoute("/header", (req) => req.headers["x-api-key"] === SECRET);
    const { ids, error } = await readAll(`${data.baseUrl}/header`, { type: "header", name: "X-Api-Key", value: SECRET });
    expect(error).toBeNull();
    expect(ids).toHaveLength(3);
    expectNothingSentElsewhere();
  });

  it("query: a parameter on every data-origin request, never in a message or returned URL", async () => {
    dataRoute("/query", (req) => new URL(req.url!, "http://x").searchParams.get("api_key") === SECRET);
    const { ids, error } = await readAll(`${data.baseUrl}/query`, { type: "query", name: "api_key", value: SECRET });
    expect(error).toBeNull();
    expect(ids).toHaveLength(3);
    expect(data.requests.map((r) => r.path)).toEqual([`/query?api_key=${SECRET}`, `/query?page=2&api_key=${SECRET}`]);
    expectNothingSentElsewhere();

    const refused = await readAll(`${data.baseUrl}/query`, { type: "query", name: "api_key", value: "wrong-one" });
    expect(refused.error).toBeInstanceOf(SourceFetchError);
    expect((refused.error as SourceFetchError).message).not.toContain("wrong-one");
    expect((refused.error as SourceFetchError).field).toBe("auth");
  });

  it("the auth style replaces a request header of the same name, whatever its case", async () => {
    dataRoute("/both", (req) => req.headers.authorization === `Bearer ${SECRET}` && req.rawHeaders.filter((h) => h.toLowerCase() === "authorization").length === 1);
    const request: SourceRequest = { url: `${data.baseUrl}/both`, headers: { Authorization: "Bearer stale" }, recordsPath: "items", nextPagePath: null, auth: { type: "bearer", token: SECRET } };
    const pages = [];
    for await (const page of fetchPages(request, OPTIONS)) pages.push(page);
    expect(pages[0].records).toEqual([{ id: "1" }]);
  });

  it("a wrong credential is the auth setting's fault", async () => {
    dataRoute("/bearer2", (req) => req.headers.authorization === `Bearer ${SECRET}`);
    const { error } = await readAll(`${data.baseUrl}/bearer2`, { type: "bearer", token: "nope" });
    expect((error as SourceFetchError).field).toBe("auth");
    expect((error as Error).message).toContain("HTTP 401");
  });
});

describe("OAuth 2 client credentials", () => {
  let issued = 0;
  let acceptBasic = true;
  let expiresIn = 3600;

  beforeAll(() => {
    idp.route("/token", async (req, res) => {
      const body = new URLSearchParams(await readBody(req));
      tokenBodies.push(body);
      const basic = req.headers.authorization === `Basic ${Buffer.from(`client-1:${CLIENT_SECRET}`).toString("base64")}`;
      const inBody = body.get("client_id") === "client-1" && body.get("client_secret") === CLIENT_SECRET;
      if (body.get("grant_type") !== "client_credentials" || !((basic && acceptBasic) || (inBody && !req.headers.authorization))) {
        return sendJson(res, { error: "invalid_client" }, { status: 401 });
      }
      issued++;
      sendJson(res, { access_token: `at-${issued}`, token_type: "Bearer", expires_in: expiresIn, scope: body.get("scope") });
    });
  });
  beforeEach(() => {
    issued = 0;
    acceptBasic = true;
    expiresIn = 3600;
  });

  const oauth = (): SourceAuth => ({ type: "oauth2ClientCredentials", tokenUrl: `${idp.baseUrl}/token`, clientId: "client-1", clientSecret: CLIENT_SECRET, scope: "attendees.read" });

  it("gets one token for the whole run (basic client auth) and sends it to the data origin only", async () => {
    dataRoute("/oauth", (req) => req.headers.authorization === "Bearer at-1");
    const { ids, error } = await readAll(`${data.baseUrl}/oauth`, oauth());
    expect(error).toBeNull();
    expect(ids).toEqual(["1", "2", "elsewhere"]);
    expect(issued).toBe(1);
    expect(tokenBodies[0].get("scope")).toBe("attendees.read");
    expect(tokenBodies[0].get("client_secret")).toBeNull();
    // The client secret went to the token URL only.
    expect(JSON.stringify(data.requests)).not.toContain(Buffer.from(`client-1:${CLIENT_SECRET}`).toString("base64"));
    expectNothingSentElsewhere();
  });

  it("falls back to the form body when the server refuses basic", async () => {
    acceptBasic = false;
    dataRoute("/oauth-body", (req) => req.headers.authorization === "Bearer at-1");
    const { error } = await readAll(`${data.baseUrl}/oauth-body`, oauth());
    expect(error).toBeNull();
    expect(idp.requests).toHaveLength(2);
    expect(issued).toBe(1);
  });

  it("a 401 from the data server gets one new token and one retry", async () => {
    // The first token is "revoked": only at-2 is accepted.
    dataRoute("/oauth-401", (req) => req.headers.authorization === "Bearer at-2");
    const { ids, error } = await readAll(`${data.baseUrl}/oauth-401`, oauth());
    expect(error).toBeNull();
    expect(ids).toHaveLength(3);
    expect(issued).toBe(2);
  });

  it("a second 401 is an error, not a loop", async () => {
    dataRoute("/oauth-never", () => false);
    const { error } = await readAll(`${data.baseUrl}/oauth-never`, oauth());
    expect((error as SourceFetchError).field).toBe("auth");
    expect(issued).toBe(2);
    expect(data.requests).toHaveLength(2);
  });

  it("renews an expired token", async () => {
    expiresIn = 1; // kept one second (the floor under the expiry margin)
    dataRoute("/oauth-exp", (req) => /^Bearer at-\d$/.test(req.headers.authorization ?? ""));
    const { error } = await readAll(`${data.baseUrl}/oauth-exp`, oauth(), { pauseBetweenPagesMs: 1_100 });
    expect(error).toBeNull();
    expect(issued).toBe(2);
  });

  it("a refused client is reported without the secret", async () => {
    dataRoute("/oauth-bad", () => true);
    const { error } = await readAll(`${data.baseUrl}/oauth-bad`, { ...oauth(), clientSecret: "wrong-secret" } as SourceAuth);
    expect((error as SourceFetchError).field).toBe("auth");
    expect((error as Error).message).toContain("invalid_client");
    expect((error as Error).message).not.toContain("wrong-secret");
    expect(data.requests).toHaveLength(0);
  });

  it("a token URL that redirects is refused (the secret never follows a redirect)", async () => {
    idp.route("/moved", (_req, res) => res.writeHead(307, { location: `${elsewhere.baseUrl}/token` }).end());
    dataRoute("/oauth-moved", () => true);
    const { error } = await readAll(`${data.baseUrl}/oauth-moved`, { ...oauth(), tokenUrl: `${idp.baseUrl}/moved` } as SourceAuth);
    expect((error as Error).message).toContain("redirected");
    expect(elsewhere.requests).toHaveLength(0);
  });
});
