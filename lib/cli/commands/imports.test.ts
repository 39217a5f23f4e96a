import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { runCli } from "../run-cli";

// The import commands in-process, as a script would call them: JSON files for the mapping
// and the headers, one JSON object out, and never a header value in any output.

const SECRET = "Bearer cli-secret-6d1f0a";

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
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

beforeAll(async () => {
  partner = await startPartnerServer();
  partner.route("/members", (_req, res) =>
    sendJson(res, { results: [{ mail: "cli1@example.com", full_name: "One" }, { mail: "cli2@example.com", full_name: "Two" }] }),
  );
  dir = mkdtempSync(join(tmpdir(), "imports-cli-"));
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
});
afterAll(async () => {
  await partner.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("import:create, import:run, import:list", () => {
  it("creates from files, runs inline, lists without header values", async () => {
    const mapping = file("mapping.json", { fields: { email: { path: "mail" }, displayName: { path: "full_name" } } });
    const headers = file("headers.json", { Authorization: SECRET });
    const created = await cli(
      "import:create", "--org", orgId, "--event", eventId, "--target", "attendees",
      "--url", `${partner.baseUrl}/members`, "--mapping", mapping, "--records-path", "results",
      "--headers-file", headers, "--schedule", "daily",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const source = created.out.dataSource;
    expect(source).toMatchObject({ name: `Import from 127.0.0.1:${new URL(partner.baseUrl).port}`, target: "attendees", schedule: "daily", headerNames: ["Authorization"], recordsPath: "results" });
    expect(source.nextRunAt).toEqual(expect.any(String));

    const ran = await cli("import:run", "--source", source.id);
    expect(ran.code).toBe(0);
    expect(ran.out.run).toMatchObject({ status: "succeeded", trigger: "manual", counts: { fetched: 2, created: 2, skipped: 0 } });
    expect(partner.requests.at(-1)!.headers.authorization).toBe(SECRET);
    expect(await getDb().attendee.count({ where: { eventId } })).toBe(2);

    const listed = await cli("import:list", "--org", orgId);
    expect(listed.out.dataSources).toHaveLength(1);
    expect(listed.out.dataSources[0]).toMatchObject({ id: source.id, headerNames: ["Authorization"], lastRun: { status: "succeeded" } });

    for (const output of [created.stdout, ran.stdout, listed.stdout]) {
      expect(output).not.toContain("cli-secret");
      expect(output).not.toContain("headersCiphertext");
    }

    const updated = await cli("import:update", "--org", orgId, "--source", source.id, "--schedule", "manual", "--next-page-path", "none");
    expect(updated.out.dataSource).toMatchObject({ schedule: "manual", nextRunAt: null, nextPagePath: null, headerNames: ["Authorization"] });
  });

  it.each([
    ["a missing mapping file", ["--mapping", "/nonexistent/mapping.json"], "INVALID_INPUT", "Could not read the --mapping file /nonexistent/mapping.json (ENOENT)."],
    ["a mapping file that is not JSON", ["--mapping", "BROKEN"], "INVALID_INPUT", expect.stringContaining("is not valid JSON")],
  ])("refuses %s", async (_name, flags, code, message) => {
    const args = flags.map((flag) => (flag === "BROKEN" ? file("broken.json", "{ fields:") : flag));
    const result = await cli("import:create", "--org", orgId, "--event", eventId, "--target", "attendees", "--url", `${partner.baseUrl}/members`, ...args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.error).toMatchObject({ code, message });
  });

  it("reports mapping faults with their paths, and an unknown org as 404", async () => {
    const mapping = file("bad-mapping.json", { fields: { name: { path: "full_name" } } });
    const result = await cli("import:create", "--org", orgId, "--event", eventId, "--target", "attendees", "--url", `${partner.baseUrl}/members`, "--mapping", mapping);
    expect(result.code).toBe(1);
    expect(result.error.details.fields).toMatchObject({
      "mapping.fields.email": { message: "Map email: it is required." },
      "mapping.fields.name": { message: expect.stringContaining("Unknown target field") },
    });
    const missing = await cli("import:list", "--org", "00000000-0000-4000-8000-000000000000");
    expect(missing.error).toMatchObject({ code: "NOT_FOUND" });
  });

  it("prints a refused run as an error", async () => {
    const other = await createTestOrg({ plan: "free" });
    const event = await createTestEvent(other.id);
    const source = await getDb().dataSource.create({
      data: { orgId: other.id, eventId: event.id, name: "locked", target: "attendees", url: `${partner.baseUrl}/members`, headerNames: [], mapping: { fields: { email: { path: "mail" } } } },
    });
    const result = await cli("import:run", "--source", source.id);
    expect(result.code).toBe(1);
    expect(result.error).toMatchObject({ code: "PAYMENT_REQUIRED", details: { reason: "payment_required" } });
  });
});

describe("import:file", () => {
  it("previews with --dry-run (nothing written), then imports; a bad file is one clear error", async () => {
    const event = (await createTestEvent(orgId)).id;
    const csv = file("guests.csv", "Email;Name\ncli-sheet1@example.com;One\nnot-an-email;Two\n");
    const mapping = file("sheet-mapping.json", { fields: { email: { path: "Email" }, displayName: { path: "Name" } } });

    const dry = await cli("import:file", "--event", event, "--file", csv, "--mapping", mapping, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out.dryRun).toBe(true);
    expect(dry.out.import.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 1, excluded: 0 });
    expect(dry.out.import.refused).toEqual([{ row: 3, field: "email", value: "not-an-email", reason: expect.any(String) }]);
    expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(0);

    const run = await cli("import:file", "--event", event, "--file", csv, "--mapping", mapping);
    expect(run.code).toBe(0);
    expect(run.out.import.counts.created).toBe(1);
    expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(1);

    const garbage = file("garbage.xlsx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]).toString("latin1"));
    const bad = await cli("import:file", "--event", event, "--file", garbage, "--mapping", mapping);
    expect(bad.code).toBe(1);
    expect(bad.error.code).toBe("INVALID_INPUT");
    expect(bad.error.details.fields.file.message).toContain("not a readable .xlsx workbook");

    const missing = await cli("import:file", "--event", "00000000-0000-4000-8000-000000000000", "--file", csv, "--mapping", mapping);
    expect(missing.error.code).toBe("NOT_FOUND");
  });
});
