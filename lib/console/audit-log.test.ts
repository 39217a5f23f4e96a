import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { listAuditEntries } from "@/lib/domain/audit/list-entries";
import { createTestOrg } from "@/lib/testing/fixtures";
import { readAuditQuery } from "./audit-log";

// The audit page's query string read and run the way the page runs it, against the real
// database: a date PostgreSQL cannot hold (years before 1970 or after 9999, which
// JavaScript still parses) is an ignored filter, like any other malformed value, never an error.

let orgId: string;
const ID = "6a1f7c2e-0000-4000-8000-0000000000aa";

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  await getDb().auditEntry.createMany({
    data: [1, 2, 3].map((day) => ({
      orgId,
      at: new Date(`2026-06-0${day}T12:00:00Z`),
      actorType: "operator",
      actorLabel: "operator",
      action: "api_key.created",
      targetType: "api_key",
      targetLabel: `Key ${day}`,
    })),
  });
});

/** What the page shows for this query string. */
async function shown(params: Record<string, string>, timeZone = "UTC") {
  const { query, filter, cursor } = readAuditQuery(params, timeZone);
  const page = await listAuditEntries(orgId, filter);
  return { query, cursor, labels: page.entries.map((entry) => entry.target.label) };
}

describe("the audit page's dates", () => {
  it("filters by a range of days", async () => {
    expect((await shown({ from: "2026-06-02", to: "2026-06-02" })).labels).toEqual(["Key 2"]);
  });

  it.each([
    ["from 0000-01-01", { from: "0000-01-01" }],
    ["from 1969-12-31", { from: "1969-12-31" }],
    ["to 0099-12-31", { to: "0099-12-31" }],
    ["to 10000-01-01", { to: "10000-01-01" }],
  ])("ignores %s", async (_name, params) => {
    const result = await shown(params);
    expect(result.labels).toEqual(["Key 3", "Key 2", "Key 1"]);
    expect(result.query).toMatchObject({ from: "", to: "" });
  });

  it("keeps the range's own limits, 1970-01-01 and 9999-12-31, in any zone", async () => {
    for (const zone of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"]) {
      expect(await shown({ from: "1970-01-01", to: "9999-12-31" }, zone)).toMatchObject({ query: { from: "1970-01-01", to: "9999-12-31" }, labels: ["Key 3", "Key 2", "Key 1"] });
    }
  });

  it.each([
    ["year -271821", `-271821-04-20T00:00:00.000Z|${ID}`],
    ["year 275760", `+275760-09-13T00:00:00.000Z|${ID}`],
    ["year 0", `0000-01-01T00:00:00.000Z|${ID}`],
    ["year 10000", `+010000-01-01T00:00:00.000Z|${ID}`],
  ])("ignores an ?after= cursor in %s: the first page", async (_name, after) => {
    expect(await shown({ after })).toEqual({ query: expect.anything(), cursor: "", labels: ["Key 3", "Key 2", "Key 1"] });
  });
});
