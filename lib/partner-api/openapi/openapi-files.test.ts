import { readFile, writeFile, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createConfig, lint } from "@redocly/openapi-core";
import { Document, Spectral } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { committedFiles, OPENAPI_JSON_PATH, openApiJsonFile } from "./committed-files";

// The document passes the two linters partners are most likely to run (Spectral's
// spectral:oas and Redocly's recommended) with nothing to report, and the committed copies
// (openapi.json and the SDK's generated types) are what the code builds and serves.

const require = createRequire(import.meta.url);
// spectral-parsers is CommonJS with named exports that ESM interop does not see.
const { Json } = require("@stoplight/spectral-parsers") as { Json: ConstructorParameters<typeof Document>[1] };

async function spectralFindings(text: string) {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: oas } as never);
  const results = await spectral.run(new Document(text, Json, "openapi.json"));
  // Severity 0 is error, 1 warning; 2 (info) and 3 (hint) are advice.
  return results.filter((result) => result.severity <= 1).map((result) => `${result.code} at ${result.path.join(".")}: ${result.message}`);
}

let tmp: string;

async function redoclyFindings(text: string) {
  const file = path.join(tmp, `openapi-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, text);
  const problems = await lint({ ref: file, config: await createConfig({ extends: ["recommended"] }) });
  return problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "openapi-lint-"));
});
afterAll(async () => rm(tmp, { recursive: true, force: true }));

describe("linters", () => {
  const text = openApiJsonFile();

  it("spectral:oas reports no error and no warning", async () => {
    expect(await spectralFindings(text)).toEqual([]);
  });

  it("Redocly recommended reports no error and no warning", async () => {
    expect(await redoclyFindings(text)).toEqual([]);
  });

  it("both would notice the faults the document used to have", async () => {
    const broken = JSON.parse(text);
    broken.externalDocs = { url: "/partner/v1/docs" };
    delete broken.info.license;
    delete broken.paths["/me"].get.responses["401"];
    delete broken.paths["/me"].get.responses["402"];
    delete broken.paths["/me"].get.responses["403"];
    delete broken.paths["/me"].get.responses["405"];
    delete broken.paths["/me"].get.responses["429"];
    const brokenText = JSON.stringify(broken);
    expect((await spectralFindings(brokenText)).join("\n")).toContain("oas3-schema");
    const redocly = (await redoclyFindings(brokenText)).join("\n");
    expect(redocly).toContain("info-license");
    expect(redocly).toContain("operation-4xx-response");
  });
});

describe("committed files", () => {
  let server: RouteServer;
  beforeAll(async () => {
    server = await startRouteServer();
  });
  afterAll(async () => server?.close());

  it("openapi.json and the SDK's schema.ts equal what the code generates (run `npm run openapi:write`)", async () => {
    for (const file of await committedFiles()) {
      const committed = await readFile(path.join(process.cwd(), file.path), "utf8");
      expect(committed === file.content, `${file.path} is stale: run npm run openapi:write`).toBe(true);
    }
  });

  it("the committed openapi.json is the document the server serves", async () => {
    const response = await fetch(`${server.baseUrl}/partner/v1/openapi.json`);
    expect(response.status).toBe(200);
    const served = await response.json();
    expect(served).toEqual(JSON.parse(await readFile(path.join(process.cwd(), OPENAPI_JSON_PATH), "utf8")));
    expect(Object.keys(served.webhooks)).toHaveLength(13);
  });
});
