import { Writable } from "node:stream";
import { Inngest } from "inngest";
import { serve } from "inngest/next";
import { describe, expect, it } from "vitest";
import { inngestLogger, SDK_MESSAGE_INTERVAL_MS } from "./inngest-logger";
import { createLogger } from "./logger";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger(
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  log.level = "debug";
  return { log, lines };
}

describe("the Inngest SDK's logging", () => {
  it("requests without a signature: 401 each, one warning a minute at most with the count refused", async () => {
    const { log, lines } = capture();
    let clock = 1_000_000;
    const sdkLogger = inngestLogger(log, () => clock);
    const client = new Inngest({ id: "logger-test", logger: sdkLogger, internalLogger: sdkLogger, signingKey: `signkey-prod-${"ab".repeat(32)}` });
    const noop = client.createFunction({ id: "noop", triggers: [{ event: "test/noop" }] }, async () => null);
    const { POST } = serve({ client, functions: [noop] });
    const unsigned = () =>
      (POST as unknown as (request: Request, context: unknown) => Promise<Response>)(
        new Request("http://127.0.0.1:3000/api/inngest?fnId=logger-test-noop&stepId=step", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
        { params: Promise.resolve({}) },
      );

    for (let index = 0; index < 5; index += 1) expect((await unsigned()).status).toBe(401);
    clock += SDK_MESSAGE_INTERVAL_MS + 1;
    expect((await unsigned()).status).toBe(401);

    const refusals = lines.filter((line) => line.msg === "inngest request without a valid signature refused");
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatchObject({ level: "warn", component: "inngest", occurrences: 1, method: "POST", reason: expect.stringContaining("signature") });
    // The four refused within the minute, and this one.
    expect(refusals[1]).toMatchObject({ level: "warn", occurrences: 5 });
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("without a signing key, every request is a 500 but one error line a minute", async () => {
    const { log, lines } = capture();
    const sdkLogger = inngestLogger(log);
    const client = new Inngest({ id: "unconfigured", logger: sdkLogger, internalLogger: sdkLogger });
    const { POST } = serve({ client, functions: [] });
    const post = POST as unknown as (request: Request, context: unknown) => Promise<Response>;
    for (let index = 0; index < 3; index += 1) {
      const response = await post(new Request("http://127.0.0.1:3000/api/inngest", { method: "POST", body: "{}" }), { params: Promise.resolve({}) });
      expect(response.status).toBe(500);
    }
    expect(lines.filter((line) => line.level === "error")).toHaveLength(1);
  });

  it("passes the SDK's other messages on as JSON lines", () => {
    const { log, lines } = capture();
    const sdkLogger = inngestLogger(log);
    sdkLogger.error({ err: new Error("registration failed") }, "Failed to register");
    sdkLogger.warn("inngest.send() called with no events");
    expect(lines).toMatchObject([
      { level: "error", component: "inngest", msg: "Failed to register", err: { message: "registration failed" }, occurrences: 1 },
      { level: "warn", msg: "inngest.send() called with no events" },
    ]);
  });
});
