import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { runCli } from "../run-cli";

// import:create / import:update --config FILE.json: the portable configuration (paging,
// auth, incremental) from a file, the secret never in any output.

const TOKEN = "cfg-token-4c3b2a19";
let partner: PartnerServer;
let dir: string;
let orgId: string;
let eventId: string;

async function cli(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr, out: stdout ? JSON.parse(stdout) : null, error: stderr ? JSON.parse(stderr).error : null };
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

beforeAll(async () => {
  partner = await startPartnerServer();
  partner.route("/people", (req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return sendJson(res, {}, { status: 401 });
    const after = new URL(req.url!, "http://x").searchParams.get("after");
    sendJson(res, after
      ? { results: [{ email: "cfg2@example.com" }] }
      : { results: [{ email: "cfg1@example.com" }], paging: { next: { after: "2" } } });
  });
  dir = mkdtempSync(join(tmpdir(), "imports-config-"));
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
});
afterAll(async () => {
  await partner.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("--config", () => {
  it("creates with paging, auth and incremental from the file, runs through every page, updates keeping the secret", async () => {
    const mapping = file("mapping.json", { fields: { email: { path: "email" } } });
    const config = file("config.json", {
      recordsPath: "results",
      pagination: { type: "cursor", cursorPath: "paging.next.after", param: "after" },
      auth: { type: "bearer", token: TOKEN },
      incremental: { param: "updated_since" },
    });
    const created = await cli("import:create", "--org", orgId, "--event", eventId, "--target", "attendees", "--url", `${partner.baseUrl}/people`, "--mapping", mapping, "--config", config);
    expect(created.stderr).toBe("");
    expect(created.stdout).not.toContain(TOKEN);
    const source = created.out.dataSource;
    expect(source.pagination).toEqual({ type: "cursor", cursorPath: "paging.next.after", param: "after" });
    expect(source.auth).toEqual({ type: "bearer" });
    expect(source.incremental).toEqual({ param: "updated_since", format: "iso8601", lookbackSeconds: 300 });

    const run = await cli("import:run", "--source", source.id, "--org", orgId);
    expect(run.out.run.counts).toMatchObject({ fetched: 2, created: 2 });

    // An update file without the token keeps the saved one.
    const update = file("update.json", { auth: { type: "bearer" }, pauseBetweenPagesMs: 100 });
    const updated = await cli("import:update", "--org", orgId, "--source", source.id, "--config", update);
    expect(updated.stderr).toBe("");
    expect(updated.out.dataSource.pauseBetweenPagesMs).toBe(100);
    const again = await cli("import:run", "--source", source.id, "--org", orgId);
    expect(again.out.run.status).toBe("succeeded");
  });

  it("refuses an unknown key and a bad shape, naming the setting", async () => {
    const mapping = file("mapping2.json", { fields: { email: { path: "email" } } });
    const unknown = await cli("import:create", "--org", orgId, "--event", eventId, "--target", "attendees", "--url", `${partner.baseUrl}/people`, "--mapping", mapping, "--config", file("bad1.json", { paging: {} }));
    expect(unknown.code).not.toBe(0);
    expect(JSON.stringify(unknown.error)).toContain("is not one of them");
    const shape = await cli("import:create", "--org", orgId, "--event", eventId, "--target", "attendees", "--url", `${partner.baseUrl}/people`, "--mapping", mapping, "--config", file("bad2.json", { pagination: { type: "offset", offsetParam: "o", limitParam: "l" } }));
    expect(shape.error.details.fields).toHaveProperty(["pagination.limit"]);
    const noSecret = await cli("import:create", "--org", orgId, "--event", eventId, "--target", "attendees", "--url", `${partner.baseUrl}/people`, "--mapping", mapping, "--config", file("bad3.json", { auth: { type: "bearer" } }));
    expect(noSecret.error.details.fields).toHaveProperty(["auth.token"]);
  });
});
