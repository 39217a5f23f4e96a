import { OPERATOR } from "@/lib/domain/audit/record";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createDataSource } from "@/lib/domain/imports/data-sources";
import { sendJson, sleep, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";

// The two import functions run the real runImport and the real slot claiming. The only
// change for the test: the scheduler is scoped to this file's organization (it claims for
// every organization in production), so a parallel test file's sources are never touched.

const scope = vi.hoisted(() => ({ orgId: "" }));

vi.mock("@/lib/domain/imports/schedule", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/domain/imports/schedule")>();
  return {
    ...real,
    claimDueDataSources: vi.fn((options: Parameters<typeof real.claimDueDataSources>[0] = {}) =>
      real.claimDueDataSources({ ...options, orgId: scope.orgId }),
    ),
  };
});

const { runDataSourceImport, scheduleDataSourceImports } = await import("./imports");

let partner: PartnerServer;
let eventId: string;

const mapping = { fields: { email: { path: "email" }, displayName: { path: "name" } } };

async function source(path: string, schedule: "manual" | "hourly" | "daily" = "manual") {
  return createDataSource(scope.orgId, {
    name: `Feed ${path}`,
    eventId,
    target: "attendees",
    url: `${partner.baseUrl}${path}`,
    mapping,
    schedule,
  }, OPERATOR);
}

function runEvent(dataSourceId: string, trigger: "manual" | "schedule") {
  return { name: "imports/run.requested", data: { dataSourceId, trigger } } as const;
}

beforeAll(async () => {
  partner = await startPartnerServer();
  scope.orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(scope.orgId)).id;
});
afterAll(async () => partner.close());

describe("imports/run", () => {
  it("is triggered by imports/run.requested, one run per source at a time", () => {
    expect(runDataSourceImport.opts.triggers).toEqual([expect.objectContaining({ event: "imports/run.requested" })]);
    expect(runDataSourceImport.opts.concurrency).toEqual({ key: "event.data.dataSourceId", limit: 1 });
  });

  it("runs the import and returns the run's outcome", async () => {
    partner.route("/fn-ok", (_req, res) => sendJson(res, [{ email: "fn1@example.com", name: "One" }, { email: "fn2@example.com" }]));
    const { id } = await source("/fn-ok");
    const { result } = await new InngestTestEngine({ function: runDataSourceImport, events: [runEvent(id, "manual")] }).execute();
    expect(result).toMatchObject({ status: "succeeded", counts: { fetched: 2, created: 2 }, fetchError: null });
    const run = await getDb().dataSourceRun.findFirstOrThrow({ where: { dataSourceId: id } });
    expect(run).toMatchObject({ id: (result as { runId: string }).runId, trigger: "manual", status: "succeeded" });
    expect(await getDb().attendee.count({ where: { eventId, email: { in: ["fn1@example.com", "fn2@example.com"] } } })).toBe(2);
  });

  it("ends with the refusal, without retrying, when the source is busy or gone", async () => {
    partner.route("/fn-slow", async (_req, res) => {
      await sleep(400);
      sendJson(res, []);
    });
    const { id } = await source("/fn-slow");
    const [first, second] = await Promise.all([
      new InngestTestEngine({ function: runDataSourceImport, events: [runEvent(id, "manual")] }).execute(),
      sleep(100).then(() => new InngestTestEngine({ function: runDataSourceImport, events: [runEvent(id, "manual")] }).execute()),
    ]);
    expect(first.result).toMatchObject({ status: "succeeded" });
    expect(second.result).toEqual({ runId: null, status: "refused", code: "CONFLICT", reason: "run_in_progress" });

    const gone = await new InngestTestEngine({
      function: runDataSourceImport,
      events: [runEvent("00000000-0000-4000-8000-000000000000", "manual")],
    }).execute();
    expect(gone.result).toEqual({ runId: null, status: "refused", code: "NOT_FOUND", reason: null });
  });

  it("records a skipped scheduled run while the organization is locked", async () => {
    const { id } = await source("/fn-locked");
    await getDb().organization.update({ where: { id: scope.orgId }, data: { billingPlan: "free" } });
    try {
      const { result } = await new InngestTestEngine({ function: runDataSourceImport, events: [runEvent(id, "schedule")] }).execute();
      expect(result).toMatchObject({ status: "skipped", skipReason: "payment_required" });
      const manual = await new InngestTestEngine({ function: runDataSourceImport, events: [runEvent(id, "manual")] }).execute();
      expect(manual.result).toEqual({ runId: null, status: "refused", code: "PAYMENT_REQUIRED", reason: "payment_required" });
    } finally {
      await getDb().organization.update({ where: { id: scope.orgId }, data: { billingPlan: "card" } });
    }
    expect(partner.requests.some((request) => request.path === "/fn-locked")).toBe(false);
  });
});

describe("imports/schedule (every 5 minutes)", () => {
  it("is a cron trigger every 5 minutes", () => {
    expect(scheduleDataSourceImports.opts.triggers).toEqual([{ cron: "*/5 * * * *" }]);
  });

  it("starts a scheduled run for each due source, once per slot", async () => {
    const hourly = await source("/fn-hourly", "hourly");
    const daily = await source("/fn-daily", "daily");
    await source("/fn-manual", "manual");

    const engine = new InngestTestEngine({ function: scheduleDataSourceImports, steps: [{ id: "start-due-runs", handler: () => ({ ids: [] }) }] });
    const { result, ctx } = await engine.execute();
    expect((result as { started: string[] }).started.sort()).toEqual([hourly.id, daily.id].sort());
    const sent = vi.mocked(ctx.step.sendEvent).mock.calls[0];
    expect(sent[0]).toBe("start-due-runs");
    const events = sent[1] as { name: string; data: { dataSourceId: string; trigger: string } }[];
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "imports/run.requested", data: { dataSourceId: daily.id, trigger: "schedule" } }),
        expect.objectContaining({ name: "imports/run.requested", data: { dataSourceId: hourly.id, trigger: "schedule" } }),
      ]),
    );

    // The next tick finds the slots taken and sends nothing.
    const next = await new InngestTestEngine({ function: scheduleDataSourceImports }).execute();
    expect(next.result).toEqual({ started: [] });
    expect(next.ctx.step.sendEvent).not.toHaveBeenCalled();
  });
});
