import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { createStockedEvent } from "@/lib/testing/programme-fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { routeTable, type RouteEntry } from "@/lib/testing/route-table";
import { ERROR_CATALOGUE } from "./openapi/error-catalogue";
import { ROUTE_METHODS, servedMethods } from "./route-methods";

// Every route file under app/partner/v1 × every method Next.js routes, over HTTP: a new
// route that forgets the shared method handling fails here, not in a partner's logs.

const routes = routeTable(path.join(process.cwd(), "app", "partner", "v1"), "/partner/v1");
let server: RouteServer;
let key: string;
let ids: Record<string, string>;

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  key = (await createTestKey(org.id)).secret;
  const stocked = await createStockedEvent(org.id);
  ids = { eventId: stocked.event.id, attendeeId: stocked.attendee.id, formId: stocked.form.id };
});
afterAll(async () => server?.close());

function concrete(route: RouteEntry): string {
  return (
    "/" +
    route.segments
      .map((segment) => (segment.kind === "static" ? segment.value : segment.kind === "dynamic" ? ids[segment.value] : "no/such/thing"))
      .join("/")
  );
}

const send = (method: string, url: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${url}`, { method, headers });

function expectBaseHeaders(response: Response) {
  expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
}

async function expectEnvelope(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expectBaseHeaders(response);
  const body = await response.json();
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBe(response.headers.get("x-request-id"));
  return body.error;
}

const cases = routes.flatMap((route) => ROUTE_METHODS.map((method) => [route.template, method, route] as const));

describe("every route file", () => {
  it.each(routes.map((route) => [route.template, route] as const))("%s exports every method Next.js routes", async (_t, route) => {
    const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
    for (const method of ROUTE_METHODS) expect(typeof routeModule[method], method).toBe("function");
  });
});

describe("every route × every method", () => {
  it.each(cases)("%s %s", async (_template, method, route) => {
    const url = concrete(route);
    if (route.segments.some((segment) => segment.kind === "catchAll")) {
      // No such path: 404 for every method; HEAD gets the same status and headers, no body.
      const response = await send(method, url, bearer(key));
      if (method === "HEAD") {
        expect(response.status).toBe(404);
        expectBaseHeaders(response);
        expect(await response.text()).toBe("");
      } else {
        await expectEnvelope(response, 404, "NOT_FOUND");
      }
      return;
    }

    const served = servedMethods((await import(/* @vite-ignore */ route.file)) as Record<string, unknown>);
    const allowed = ROUTE_METHODS.filter((m) => m === "OPTIONS" || (m === "HEAD" ? served.includes("GET") : served.includes(m as never)));
    const allow = allowed.join(", ");

    if (method === "OPTIONS") {
      // No key needed; no CORS: the API is server-to-server.
      const response = await send("OPTIONS", url, { origin: "https://example.com", "access-control-request-method": "GET" });
      expect(response.status).toBe(204);
      expectBaseHeaders(response);
      expect(response.headers.get("allow")).toBe(allow);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(await response.text()).toBe("");
      return;
    }

    if (method === "HEAD") {
      const [get, head] = [await send("GET", url, bearer(key)), await send("HEAD", url, bearer(key))];
      expect(head.status).toBe(get.status);
      expect(get.status).toBe(200);
      expectBaseHeaders(head);
      for (const name of ["content-type", "content-security-policy", "x-ratelimit-limit"]) {
        expect(head.headers.get(name), name).toBe(get.headers.get(name));
      }
      expect(await head.text()).toBe("");
      // HEAD runs GET's checks too: without a key, the same 401.
      const anonymous = await send("HEAD", url);
      const anonymousGet = await send("GET", url);
      expect(anonymous.status).toBe(anonymousGet.status);
      return;
    }

    if (served.includes(method as never)) {
      const response = await send(method, url, bearer(key));
      expect(response.status).not.toBe(405);
      expectBaseHeaders(response);
      return;
    }

    // Refused before the key is looked at: the same answer with no key at all.
    for (const headers of [bearer(key), {}]) {
      const response = await send(method, url, headers);
      const error = await expectEnvelope(response, 405, "METHOD_NOT_ALLOWED");
      expect(response.headers.get("allow")).toBe(allow);
      expect(error.details).toEqual({ reason: "method_not_allowed", allowed });
      expect(error.message).toBe(`${method} is not allowed on this path. Allowed: ${allow}.`);
    }
  });

  it("a made-up id still gets 405 for a refused method (the method is checked first)", async () => {
    const response = await send("DELETE", `/partner/v1/events/${randomUUID()}/attendees/${randomUUID()}`);
    await expectEnvelope(response, 405, "METHOD_NOT_ALLOWED");
    expect(response.headers.get("allow")).toBe("GET, HEAD, PATCH, OPTIONS");
  });

  it("the error catalogue's example is what PUT /me really answers", async () => {
    const documented = ERROR_CATALOGUE.find((entry) => entry.code === "METHOD_NOT_ALLOWED")!.reasons[0];
    const error = await expectEnvelope(await send("PUT", "/partner/v1/me"), 405, "METHOD_NOT_ALLOWED");
    expect(error.message).toBe(documented.message);
    expect(error.details.reason).toBe(documented.reason);
  });
});
