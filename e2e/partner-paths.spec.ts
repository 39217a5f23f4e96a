import http from "node:http";
import { expect, test } from "@playwright/test";

// Paths and methods the framework itself would answer (a bare 308 for `//`, `\` or a
// trailing slash, a bare 500 for a broken percent-escape or an unknown method), sent
// byte for byte to the production server npm start runs (scripts/next-server.mjs): under
// /partner/v1 every answer is the API's, in the envelope with its request id and
// `Cache-Control: private, no-store`, and never a redirect.

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request with the path exactly as given (fetch would normalise `\` and dot segments). */
function raw(method: string, path: string, body?: string): Promise<Raw> {
  const base = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, method, path, headers: body ? { "content-type": "application/json" } : {} },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function expectEnvelope(answer: Raw, status: number, code: string, label: string) {
  expect(answer.status, label).toBe(status);
  expect(answer.headers.location, label).toBeUndefined();
  expect(answer.headers["cache-control"], label).toBe("private, no-store");
  const requestId = answer.headers["x-request-id"];
  expect(requestId, label).toMatch(/^req_[0-9a-f]{32}$/);
  expect(JSON.parse(answer.body), label).toEqual({ error: { code, message: expect.any(String), requestId, ...(status === 405 ? { details: expect.any(Object) } : {}) } });
}

const UNROUTABLE = [
  "/partner/v1//me",
  "//partner/v1/me",
  "/partner/v1/events//",
  "/partner/v1\\me",
  "/partner/v1/me/",
  "/partner/v1/events/?limit=1",
  "/partner/v1/",
  "/partner/v1",
  "/partner/v1/docs/",
  "/partner/v1/openapi.json/",
  "/partner/v1/%",
  "/partner/v1/events/%zz/attendees",
];

test("paths the framework would redirect or fail on answer 404 in the envelope, for every method", async () => {
  for (const path of UNROUTABLE) {
    expectEnvelope(await raw("GET", path), 404, "NOT_FOUND", `GET ${path}`);
    expectEnvelope(await raw("POST", path, "{}"), 404, "NOT_FOUND", `POST ${path}`);
    const head = await raw("HEAD", path);
    expect(head.status, `HEAD ${path}`).toBe(404);
    expect(head.headers["x-request-id"], `HEAD ${path}`).toMatch(/^req_/);
    expect(head.body, `HEAD ${path}`).toBe("");
  }
});

test("a method Next does not route is a 405 with the path's Allow, or 404 on an unknown path", async () => {
  for (const method of ["TRACE", "PROPFIND", "PURGE"]) {
    const refused = await raw(method, "/partner/v1/me");
    expectEnvelope(refused, 405, "METHOD_NOT_ALLOWED", `${method} /partner/v1/me`);
    expect(refused.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(JSON.parse(refused.body).error.message).toMatch(new RegExp(`^${method} is not allowed`));
    expectEnvelope(await raw(method, "/partner/v1/nowhere"), 404, "NOT_FOUND", `${method} /partner/v1/nowhere`);
  }
  // A client cannot make a plain OPTIONS look like another method.
  const options = await new Promise<number>((resolve, reject) => {
    const base = new URL(test.info().project.use.baseURL!);
    http
      .request({ host: base.hostname, port: base.port, method: "OPTIONS", path: "/partner/v1/me", headers: { "x-partner-api-method": "TRACE" } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      })
      .on("error", reject)
      .end();
  });
  expect(options).toBe(204);
});

test("pages keep their redirect for a trailing slash, and an unknown method is a 405, never a 5xx", async () => {
  const redirected = await raw("GET", "/sign-in/");
  expect(redirected.status).toBe(308);
  expect(redirected.headers.location).toMatch(/\/sign-in$/);
  const trace = await raw("TRACE", "/sign-in");
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
});

test("an absolute-form target is served as its path, never redirected to the host it names", async () => {
  const base = new URL(test.info().project.use.baseURL!);
  const own = await raw("GET", `http://${base.host}/partner/v1/me`);
  expect(own.status).toBe(401);
  expect(own.headers.location).toBeUndefined();
  expect(JSON.parse(own.body).error.code).toBe("UNAUTHORIZED");
  expectEnvelope(await raw("GET", "http://x.example/partner/v1//me"), 404, "NOT_FOUND", "absolute-form /partner/v1//me on another host");
  for (const target of ["http://evil.example//evil.example/x", "//evil.example/", "/\\evil.example/"]) {
    const answer = await raw("GET", target);
    expect(answer.status, target).toBeLessThan(500);
    // A Location starting with `//` or `/\` is another host to a browser.
    if (answer.headers.location) expect(answer.headers.location, target).toMatch(/^\/(?![/\\])/);
  }
  const page = await raw("GET", `http://${base.host}/sign-in`);
  expect(page.status).toBe(200);
  expect(page.headers.location).toBeUndefined();
});

test("an asterisk-form or malformed target is a 400 without a stack trace", async () => {
  for (const [method, target] of [["GET", "*"], ["OPTIONS", "*"], ["POST", "*"], ["GET", "ftp://x/partner/v1/me"]]) {
    const answer = await raw(method, target);
    expect(answer.status, `${method} ${target}`).toBe(400);
    expect(answer.body, `${method} ${target}`).not.toMatch(/\bat .+:\d+:\d+|Error:/);
  }
});
