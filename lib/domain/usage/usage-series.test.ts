import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { usageTotals } from "./usage-bucket";
import { keyUsageSeries, orgUsageSeries } from "./usage-series";

// Usage series from inserted request-log rows: buckets, their edges, the status bands and
// the organization filter.

const NOW = new Date("2026-11-27T15:20:00.000Z");
const HOUR = 3600_000;

let orgId: string;
let keyA: string;
let keyB: string;
let otherOrgId: string;
let otherKey: string;

function rows(orgIdOf: string, keyId: string, at: string | Date, statuses: number[]) {
  return statuses.map((status, i) => ({
    orgId: orgIdOf,
    keyId,
    at: new Date(at),
    method: "GET",
    route: "/events",
    status,
    errorCode: status >= 400 ? "X" : null,
    durationMs: 5,
    requestId: `req_${orgIdOf.slice(0, 8)}_${new Date(at).getTime()}_${i}`,
  }));
}

beforeAll(async () => {
  const org = await createTestOrg();
  orgId = org.id;
  keyA = (await createTestKey(orgId)).id;
  keyB = (await createTestKey(orgId)).id;
  const other = await createTestOrg();
  otherOrgId = other.id;
  otherKey = (await createTestKey(otherOrgId)).id;
  await getDb().apiRequest.createMany({
    data: [
      // The current hour (15:00), partial: the last hourly bucket.
      ...rows(orgId, keyA, "2026-11-27T15:00:00.000Z", [200, 201, 404, 429, 500]),
      ...rows(orgId, keyB, "2026-11-27T15:19:59.999Z", [200, 422]),
      // 14:59:59.999 is the 14:00 bucket, not 15:00.
      ...rows(orgId, keyA, "2026-11-27T14:59:59.999Z", [200]),
      // The first hourly bucket starts at 16:00 yesterday; 15:59:59.999 is outside it but
      // inside yesterday's daily bucket.
      ...rows(orgId, keyA, "2026-11-26T16:00:00.000Z", [503]),
      ...rows(orgId, keyA, "2026-11-26T15:59:59.999Z", [200]),
      // The first daily bucket is 2026-10-29; the day before is outside.
      ...rows(orgId, keyA, "2026-10-29T00:00:00.000Z", [204]),
      ...rows(orgId, keyA, "2026-10-28T23:59:59.999Z", [200, 200]),
      // Another organization's traffic, in the same buckets.
      ...rows(otherOrgId, otherKey, "2026-11-27T15:05:00.000Z", [200, 200, 500]),
    ],
  });
});

describe("orgUsageSeries", () => {
  it("gives 24 hourly buckets ending with the current hour, zero-filled, by band", async () => {
    const { hourly } = await orgUsageSeries(orgId, NOW);
    expect(hourly).toHaveLength(24);
    expect(hourly[0].start).toBe("2026-11-26T16:00:00.000Z");
    expect(hourly[23].start).toBe("2026-11-27T15:00:00.000Z");
    for (let i = 1; i < 24; i++) expect(new Date(hourly[i].start).getTime() - new Date(hourly[i - 1].start).getTime()).toBe(HOUR);
    expect(hourly[23]).toEqual({ start: "2026-11-27T15:00:00.000Z", ok: 3, clientError: 2, rateLimited: 1, serverError: 1 });
    expect(hourly[22]).toEqual({ start: "2026-11-27T14:00:00.000Z", ok: 1, clientError: 0, rateLimited: 0, serverError: 0 });
    expect(hourly[0]).toEqual({ start: "2026-11-26T16:00:00.000Z", ok: 0, clientError: 0, rateLimited: 0, serverError: 1 });
    expect(hourly.slice(1, 22).every((bucket) => usageTotals([bucket]).total === 0)).toBe(true);
    expect(usageTotals(hourly)).toEqual({ ok: 4, clientError: 2, rateLimited: 1, serverError: 2, total: 9 });
  });

  it("gives 30 daily UTC buckets ending with today, the first day's start included", async () => {
    const { daily } = await orgUsageSeries(orgId, NOW);
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual({ start: "2026-10-29T00:00:00.000Z", ok: 1, clientError: 0, rateLimited: 0, serverError: 0 });
    expect(daily[29]).toEqual({ start: "2026-11-27T00:00:00.000Z", ok: 4, clientError: 2, rateLimited: 1, serverError: 1 });
    expect(daily[28]).toEqual({ start: "2026-11-26T00:00:00.000Z", ok: 1, clientError: 0, rateLimited: 0, serverError: 1 });
    expect(usageTotals(daily).total).toBe(11);
  });

  it("never counts another organization's rows", async () => {
    const other = await orgUsageSeries(otherOrgId, NOW);
    expect(usageTotals(other.hourly)).toEqual({ ok: 2, clientError: 0, rateLimited: 0, serverError: 1, total: 3 });
    const empty = await orgUsageSeries((await createTestOrg()).id, NOW);
    expect(empty.hourly).toHaveLength(24);
    expect(empty.daily).toHaveLength(30);
    expect(usageTotals(empty.daily).total).toBe(0);
  });
});

describe("the daily counts", () => {
  it("outlive the request log's 14 days and add up batch by batch", async () => {
    const key = (await createTestKey(orgId)).id;
    // Twenty days ago, in two statements: the second adds to the first's day.
    await getDb().apiRequest.createMany({ data: rows(orgId, key, "2026-11-07T08:00:00.000Z", [200, 200, 404]) });
    await getDb().apiRequest.createMany({ data: rows(orgId, key, "2026-11-07T23:59:59.999Z", [429, 502]).map((row) => ({ ...row, requestId: `${row.requestId}_b` })) });
    // What the prune does to the request log after 14 days.
    await getDb().apiRequest.deleteMany({ where: { keyId: key } });
    const { daily, hourly } = await keyUsageSeries(orgId, key, NOW);
    expect(daily.find((bucket) => bucket.start === "2026-11-07T00:00:00.000Z")).toEqual({
      start: "2026-11-07T00:00:00.000Z",
      ok: 2,
      clientError: 1,
      rateLimited: 1,
      serverError: 1,
    });
    expect(usageTotals(daily).total).toBe(5);
    expect(usageTotals(hourly).total).toBe(0);
  });
});

describe("keyUsageSeries", () => {
  it("counts one key's rows only", async () => {
    const a = await keyUsageSeries(orgId, keyA, NOW);
    const b = await keyUsageSeries(orgId, keyB, NOW);
    expect(a.hourly[23]).toEqual({ start: "2026-11-27T15:00:00.000Z", ok: 2, clientError: 1, rateLimited: 1, serverError: 1 });
    expect(b.hourly[23]).toEqual({ start: "2026-11-27T15:00:00.000Z", ok: 1, clientError: 1, rateLimited: 0, serverError: 0 });
    expect(usageTotals(a.daily).total + usageTotals(b.daily).total).toBe(11);
  });

  it("counts nothing for another organization's key, asked under this organization", async () => {
    const foreign = await keyUsageSeries(orgId, otherKey, NOW);
    expect(usageTotals(foreign.hourly).total).toBe(0);
    expect(usageTotals(foreign.daily).total).toBe(0);
    const wrongOrg = await keyUsageSeries(otherOrgId, keyA, NOW);
    expect(usageTotals(wrongOrg.daily).total).toBe(0);
  });
});
