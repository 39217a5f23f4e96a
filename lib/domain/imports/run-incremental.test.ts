import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { countDataSourcePages } from "./preview";
import { createDataSource, updateDataSource } from "./data-sources";
import { runImport } from "./run-import";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";

// Incremental pulls and polite stops through whole runs: a partner on 127.0.0.1, the real
// database and the run record.

let partner: PartnerServer;
let orgId: string;
let eventId: string;
const MAPPING = { fields: { email: { path: "email" }, displayName: { path: "name" } } };

beforeAll(async () => {
  partner = await startPartnerServer();
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
});
afterAll(async () => {
  await partner.close();
  await getDb().organization.delete({ where: { id: orgId } });
});

describe("incremental pulls", () => {
  it("sends nothing on the first run, then the last successful run's start minus the look-back", async () => {
    const seen: (string | null)[] = [];
    partner.route("/changed", (req, res) => {
      const since = new URL(req.url!, "http://x").searchParams.get("changed_since");
      seen.push(since);
      sendJson(res, { attendees: since ? [{ email: "late@example.com", name: "Late" }] : [{ email: "a@example.com", name: "A" }, { email: "b@example.com", name: "B" }] });
    });
    const source = await createDataSource(orgId, {
      name: "Incremental",
      eventId,
      target: "attendees",
      url: `${partner.baseUrl}/changed`,
      recordsPath: "attendees",
      incremental: { param: "changed_since", lookbackSeconds: 120 },
      mapping: MAPPING,
    }, OPERATOR);
    const first = await runImport(source.id, { trigger: "manual" });
    expect(first.status).toBe("succeeded");
    expect(first.counts.created).toBe(2);

    const second = await runImport(source.id, { trigger: "manual" });
    expect(second.counts).toMatchObject({ fetched: 1, created: 1 });
    expect(seen[0]).toBeNull();
    const expected = new Date(first.startedAt.getTime() - 120_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    expect(seen[1]).toBe(expected);

    // A failed run does not move the mark: the third run asks from the second's start.
    await getDb().dataSourceRun.create({ data: { dataSourceId: source.id, trigger: "manual", status: "failed", startedAt: new Date() } });
    await runImport(source.id, { trigger: "manual" });
    expect(seen[2]).toBe(new Date(second.startedAt.getTime() - 120_000).toISOString().replace(/\.\d{3}Z$/, "Z"));
  });

  it.each([
    ["URL", (base: string) => ({ url: `${base}/moved` })],
    ["records path", () => ({ recordsPath: "items" })],
    ["incremental parameter", () => ({ incremental: { param: "updated_after", lookbackSeconds: 120 } })],
  ])("a changed %s starts again from the beginning (no high-water mark), then incremental again", async (_what, change) => {
    const seen: (string | null)[] = [];
    const handler: Parameters<PartnerServer["route"]>[1] = (req, res) => {
      const query = new URL(req.url!, "http://x").searchParams;
      seen.push(query.get("changed_since") ?? query.get("updated_after"));
      const records = [{ email: "old@example.com", name: "Old" }];
      sendJson(res, { attendees: records, items: records });
    };
    partner.route("/reset", handler);
    partner.route("/moved", handler);
    const source = await createDataSource(orgId, {
      name: "Restarts",
      eventId,
      target: "attendees",
      url: `${partner.baseUrl}/reset`,
      recordsPath: "attendees",
      incremental: { param: "changed_since", lookbackSeconds: 120 },
      mapping: MAPPING,
    }, OPERATOR);
    await runImport(source.id, { trigger: "manual" });
    await runImport(source.id, { trigger: "manual" });
    expect(seen[0]).toBeNull();
    expect(seen[1]).not.toBeNull();

    await updateDataSource(orgId, source.id, change(partner.baseUrl), OPERATOR);
    const afterChange = await runImport(source.id, { trigger: "manual" });
    expect(afterChange.status).toBe("succeeded");
    expect(seen[2]).toBeNull();
    await runImport(source.id, { trigger: "manual" });
    expect(seen[3]).toBe(new Date(afterChange.startedAt.getTime() - 120_000).toISOString().replace(/\.\d{3}Z$/, "Z"));
  });

  it("an edit that changes neither URL, records path nor parameter keeps the mark", async () => {
    const seen: (string | null)[] = [];
    partner.route("/kept", (req, res) => {
      seen.push(new URL(req.url!, "http://x").searchParams.get("changed_since"));
      sendJson(res, [{ email: "kept@example.com" }]);
    });
    const source = await createDataSource(orgId, {
      name: "Kept",
      eventId,
      target: "attendees",
      url: `${partner.baseUrl}/kept`,
      incremental: { param: "changed_since", lookbackSeconds: 60 },
      mapping: MAPPING,
    }, OPERATOR);
    await runImport(source.id, { trigger: "manual" });
    await updateDataSource(orgId, source.id, { name: "Kept, renamed", url: `${partner.baseUrl}/kept`, incremental: { param: "changed_since", lookbackSeconds: 300 } }, OPERATOR);
    await runImport(source.id, { trigger: "manual" });
    expect(seen[1]).not.toBeNull();
  });

  it("unixSeconds sends whole seconds", async () => {
    const seen: (string | null)[] = [];
    partner.route("/unix", (req, res) => {
      seen.push(new URL(req.url!, "http://x").searchParams.get("since"));
      sendJson(res, []);
    });
    const source = await createDataSource(orgId, {
      name: "Unix",
      eventId,
      target: "attendees",
      url: `${partner.baseUrl}/unix`,
      incremental: { param: "since", format: "unixSeconds", lookbackSeconds: 0 },
      mapping: MAPPING,
    }, OPERATOR);
    const first = await runImport(source.id, { trigger: "manual" });
    await runImport(source.id, { trigger: "manual" });
    expect(seen).toEqual([null, String(Math.floor(first.startedAt.getTime() / 1000))]);
  });
});

describe("polite stops and the page count", () => {
  it("a Retry-After beyond the run's budget stops the run early as rate_limited, keeping the pages read", async () => {
    partner.route("/throttled", (req, res) => {
      const page = new URL(req.url!, "http://x").searchParams.get("page");
      if (page === "2") return sendJson(res, {}, { status: 429, headers: { "retry-after": "3600" } });
      sendJson(res, [{ email: "first@example.com", name: "First" }]);
    });
    const source = await createDataSource(orgId, {
      name: "Throttled",
      eventId,
      target: "attendees",
      url: `${partner.baseUrl}/throttled`,
      pagination: { type: "page", param: "page" },
      mapping: MAPPING,
    }, OPERATOR);
    const run = await runImport(source.id, { trigger: "manual", limits: { maxSeconds: 5 } });
    expect(run.status).toBe("partial");
    expect(run.stoppedEarly).toBe("rate_limited");
    expect(run.counts.created).toBe(1);
  });

  it("'fetch all pages' counts records and pages, capped", async () => {
    partner.route("/many", (req, res) => {
      const offset = Number(new URL(req.url!, "http://x").searchParams.get("offset"));
      sendJson(res, { data: offset < 95 ? Array.from({ length: Math.min(10, 95 - offset) }, (_, i) => ({ email: `p${offset + i}@example.com` })) : [] });
    });
    const draft = { eventId, target: "attendees", url: `${partner.baseUrl}/many`, recordsPath: "data", pagination: { type: "offset", offsetParam: "offset", limitParam: "limit", limit: 10 } };
    expect(await countDataSourcePages(orgId, draft)).toEqual({ records: 95, pages: 10, capped: false, fetchError: null, fetchErrorField: null });
    expect(await countDataSourcePages(orgId, draft, { maxPages: 3 })).toMatchObject({ records: 30, pages: 3, capped: true });
  });
});
