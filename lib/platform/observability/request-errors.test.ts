import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { consoleAsLogLines, logRequestError } from "./request-errors";

function capture() {
  const lines: string[] = [];
  const log = createLogger(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    }),
  );
  log.level = "info";
  return { log, lines };
}

describe("unexpected errors", () => {
  it("are one JSON line with a request id, the route and the stack; Next's own print of the same error adds nothing", () => {
    const { log, lines } = capture();
    const target = { error: console.error, warn: console.warn };
    consoleAsLogLines(log, target);
    const error = Object.assign(new Error("boom"), { digest: "1234567" });
    logRequestError(error, { path: "/console/x?q=%00", method: "GET", headers: {} }, { routePath: "/console/[orgId]/events", routeType: "render" }, log);
    // What Next does next, in production (base-server logError → console.error).
    target.error(" ⨯", error);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ level: "error", msg: "unhandled error", method: "GET", route: "/console/[orgId]/events", routeType: "render", digest: "1234567" });
    expect(line.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(line.err.stack).toContain("boom");
  });

  it("keeps a request id the request already had", () => {
    const { log, lines } = capture();
    const requestId = `req_${"a".repeat(32)}`;
    logRequestError(new Error("x"), { path: "/", method: "POST", headers: { "x-request-id": requestId } }, { routePath: "/", routeType: "action" }, log);
    expect(JSON.parse(lines[0]).requestId).toBe(requestId);
  });

  it("console.error and console.warn become one JSON line each, whatever they print", () => {
    const { log, lines } = capture();
    const target = { error: console.error, warn: console.warn };
    consoleAsLogLines(log, target);
    target.error("[next-auth][error][SIGNOUT_ERROR]", "\nhttps://next-auth.js.org/errors", new Error("multi\nline"));
    target.warn("careful %s", "now");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toMatchObject({ level: "error", msg: "console.error", err: { message: "multi\nline" } });
    expect(JSON.parse(lines[0]).detail).toContain("[next-auth][error][SIGNOUT_ERROR]");
    expect(JSON.parse(lines[1])).toMatchObject({ level: "warn", msg: "console.warn", detail: "careful now" });
  });
});
