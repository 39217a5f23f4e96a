import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { insertApiRequests } from "@/lib/domain/request-log/write";
import { createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { runCli } from "../run-cli";

// key:requests through runCli: one JSON object on stdout, the key's requests newest first.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

async function cli(...argv: string[]): Promise<{ code: number; out: Parsed | null; error: Parsed | null }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, out: stdout ? JSON.parse(stdout) : null, error: stderr ? JSON.parse(stderr).error : null };
}

let orgId: string;
let key: Awaited<ReturnType<typeof createTestKey>>;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  key = await createTestKey(orgId);
  const at = Date.now() - 60_000;
  await insertApiRequests(
    [200, 404, 429, 200, 500].map((status, i) => ({
      orgId,
      keyId: key.id,
      at: new Date(at + i * 1000),
      method: "GET",
      route: "/events/{eventId}",
      status,
      errorCode: status === 200 ? null : status === 429 ? "RATE_LIMITED" : status === 404 ? "NOT_FOUND" : "INTERNAL",
      durationMs: 10 + i,
      requestId: `req_${randomUUID().replaceAll("-", "")}`,
      clientIp: "203.0.113.5",
      userAgent: "cli-test",
    })),
  );
});

describe("key:requests", () => {
  it("prints the key's requests, newest first, and filters a status class", async () => {
    const all = await cli("key:requests", "--key", key.id);
    expect(all.error).toBeNull();
    expect(all.code).toBe(0);
    expect(all.out!.key).toEqual({ id: key.id, orgId, name: key.name, prefix: key.prefix });
    expect(all.out!.requests.map((r: Parsed) => r.status)).toEqual([500, 200, 429, 404, 200]);
    expect(all.out!.requests[0]).toMatchObject({ route: "/events/{eventId}", method: "GET", errorCode: "INTERNAL", clientIp: "203.0.113.5", requestId: expect.stringMatching(/^req_/) });
    expect(JSON.stringify(all.out)).not.toContain(key.secret);

    const clientErrors = await cli("key:requests", "--key", key.id, "--status", "4xx");
    expect(clientErrors.out!.requests.map((r: Parsed) => r.status)).toEqual([429, 404]);
    const limited = await cli("key:requests", "--key", key.id, "--limit", "2");
    expect(limited.out!.requests).toHaveLength(2);
    expect(limited.out!.more).toBe(true);
    const one = await cli("key:requests", "--key", key.id, "--request-id", all.out!.requests[2].requestId);
    expect(one.out!.requests.map((r: Parsed) => r.status)).toEqual([429]);
  });

  it.each([
    [["--key", "00000000-0000-4000-8000-000000000000"], "NOT_FOUND"],
    [["--key", "not-a-uuid"], "NOT_FOUND"],
    [["--key", "KEY", "--status", "3xx"], "INVALID_INPUT"],
    [["--key", "KEY", "--limit", "0"], "INVALID_INPUT"],
    [["--key", "KEY", "--limit", "many"], "INVALID_INPUT"],
    [[], "INVALID_INPUT"],
  ])("%j fails with %s", async (args, code) => {
    const result = await cli("key:requests", ...args.map((arg) => (arg === "KEY" ? key.id : arg)));
    expect(result.code).toBe(1);
    expect(result.out).toBeNull();
    expect(result.error).toMatchObject({ code, message: expect.any(String) });
  });
});
